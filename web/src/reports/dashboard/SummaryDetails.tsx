import { SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import type { DashboardFiguresFragment } from '../../../generated/gql/graphql';
import { useLanguage } from '../../i18n';
import { count } from '../format';

/**
 * The rest of a summary as three small tables: ads by level (all, in a plan, paid one by one),
 * plans (paid and sponsored, by level), renewals and users.
 */
export function SummaryDetails({ summary, scope }: { summary: DashboardFiguresFragment; scope: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const n = (value: number) => count(value, language);
  const ads = [summary.opportunitiesSummary, summary.inPlanOpportunitiesSummary, summary.paidOpportunitiesSummary];
  const plans = [summary.plansSummary.paidPlans, summary.plansSummary.sponsoredPlans];
  const adRows: [string, (block: (typeof ads)[number]) => number][] = [
    [t('reports.levels.FREE'), (block) => block.totalFree],
    [t('reports.levels.BRONZE'), (block) => block.totalBronzeLevel],
    [t('reports.levels.SILVER'), (block) => block.totalSilverLevel],
    [t('reports.levels.GOLD'), (block) => block.totalGoldLevel],
    [t('reports.dashboard.immediateApproval'), (block) => block.immediateApproval],
  ];
  const planRows: [string, (block: (typeof plans)[number]) => number][] = [
    [t('reports.dashboard.plansCreated'), (block) => block.totalCreated],
    [t('reports.levels.BRONZE'), (block) => block.totalBronzeLevel],
    [t('reports.levels.SILVER'), (block) => block.totalSilverLevel],
    [t('reports.levels.GOLD'), (block) => block.totalGoldLevel],
    [t('reports.dashboard.plansAds'), (block) => block.totalOpportunities],
  ];
  const impersonal = summary.usersSummary.impersonalSummary;
  const other: [string, number][] = [
    [t('reports.dashboard.renewalsPending'), summary.renewingSummary.pending],
    [t('reports.dashboard.expired'), summary.renewingSummary.expired],
    [t('reports.dashboard.usersOrganic'), summary.usersSummary.organic],
    [t('reports.dashboard.impersonalRegistered'), impersonal.totalRegistered],
    [t('reports.dashboard.impersonalConfirmed'), impersonal.totalConfirmed],
    [t('reports.dashboard.impersonalNotConfirmed'), impersonal.totalNoConfirmed],
  ];
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" data-testid={`${scope}-details`}>
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text fw={700} size="sm">
            {t('reports.dashboard.adsByLevel')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('reports.dashboard.level')}</Table.Th>
            <Table.Th scope="col" style={numeric}>
              {t('reports.dashboard.allAds')}
            </Table.Th>
            <Table.Th scope="col" style={numeric}>
              {t('reports.dashboard.inPlanAds')}
            </Table.Th>
            <Table.Th scope="col" style={numeric}>
              {t('reports.dashboard.singlePaidAds')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {adRows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              {ads.map((block, index) => (
                <Table.Td key={index} style={numeric}>
                  {n(value(block))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text fw={700} size="sm">
            {t('reports.dashboard.plans')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" />
            <Table.Th scope="col" style={numeric}>
              {t('reports.dashboard.paidPlans')}
            </Table.Th>
            <Table.Th scope="col" style={numeric}>
              {t('reports.dashboard.sponsoredPlans')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {planRows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              {plans.map((block, index) => (
                <Table.Td key={index} style={numeric}>
                  {n(value(block))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text fw={700} size="sm">
            {t('reports.dashboard.renewalsAndUsers')}
          </Text>
        </Table.Caption>
        <Table.Tbody>
          {other.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td style={numeric}>{n(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SimpleGrid>
  );
}
