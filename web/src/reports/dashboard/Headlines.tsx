import { SimpleGrid } from '@mantine/core';
import { IconCar, IconCash, IconPackage, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DashboardFiguresFragment } from '../../../generated/gql/graphql';
import { useLanguage } from '../../i18n';
import { amountOf } from '../../prices/amount';
import { colones, count } from '../format';
import { StatCard } from './StatCard';

/** The four headline figures of a summary: revenue, ads, plans, users (and any extra cards after them). */
export function Headlines({ summary, scope, children }: { summary: DashboardFiguresFragment; scope: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const n = (value: number) => count(value, language);
  const ads = summary.opportunitiesSummary;
  const { paidPlans, sponsoredPlans } = summary.plansSummary;
  const users = summary.usersSummary;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        label={t('reports.dashboard.revenue')}
        value={colones(amountOf(summary.revenue), language)}
        detail={t('reports.dashboard.revenueDetail')}
        Icon={IconCash}
        color="green"
        testId={`${scope}-revenue`}
      />
      <StatCard
        label={t('reports.dashboard.ads')}
        value={n(ads.totalCreated)}
        detail={t('reports.dashboard.adsDetail', { free: n(ads.totalFree), paid: n(ads.totalPaid) })}
        Icon={IconCar}
        testId={`${scope}-ads`}
      />
      <StatCard
        label={t('reports.dashboard.plansHeadline')}
        value={n(paidPlans.totalCreated + sponsoredPlans.totalCreated)}
        detail={t('reports.dashboard.plansDetail', { paid: n(paidPlans.totalCreated), sponsored: n(sponsoredPlans.totalCreated) })}
        Icon={IconPackage}
        color="orange"
        testId={`${scope}-plans`}
      />
      <StatCard
        label={t('reports.dashboard.users')}
        value={n(users.totalCreated)}
        detail={t('reports.dashboard.usersDetail', { organic: n(users.organic), impersonal: n(users.impersonalSummary.totalRegistered) })}
        Icon={IconUsers}
        color="blue"
        testId={`${scope}-users`}
      />
      {children}
    </SimpleGrid>
  );
}
