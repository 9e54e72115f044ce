import { Alert, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlag, IconSearch, IconShoppingCart } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { brandText } from '../../texts/adText';
import { useLanguage } from '../../i18n';
import { count, dayText, isPeriod, shortDayText } from '../../reports';
import { BarChart, ColumnChart } from '../../reports/charts';
import { Headlines } from '../../reports/dashboard/Headlines';
import { MostContacted } from '../../reports/dashboard/MostContacted';
import { StatCard } from '../../reports/dashboard/StatCard';
import { SummaryDetails } from '../../reports/dashboard/SummaryDetails';
import { DASHBOARD } from '../../reports/operations';
import { PeriodPicker } from '../../reports/PeriodPicker';

const FREE_COLOR = 'var(--mantine-color-teal-6)';
const PAID_COLOR = 'var(--mantine-color-ruedas-6)';
const LEVEL_COLORS = {
  FREE: FREE_COLOR,
  BRONZE: 'var(--mantine-color-orange-7)',
  SILVER: 'var(--mantine-color-gray-6)',
  GOLD: 'var(--mantine-color-yellow-6)',
} as const;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /dashboard (spec 02 §2, §3; lazily loaded, its own chunk with its charts): moderation's
 * `dashboard(from, to)`. The period is in the address (`?from=&to=`, Costa Rica days; none: the
 * last 30 days). General data (all time) and the period's: headline figures, then ads per day (free
 * and paid), ads by level, most searched brands and models, most-contacted ads (linked), ads per
 * brand, and the detail tables.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('reports.dashboard.title')} · ${t('app.name')}`);
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from'), to: params.get('to') };
  const period = isPeriod(asked.from, asked.to) ? { from: asked.from, to: asked.to } : { from: null, to: null };
  const { data, loading, error } = useQuery(DASHBOARD, { variables: period, fetchPolicy: 'cache-and-network' });
  const dashboard = data?.dashboard;
  const periodData = dashboard?.periodData;
  const n = (value: number) => count(value, language);
  // The period's bar charts: each one's title is reports.dashboard.<name>, its summary <name>Description.
  const bars: Array<{ name: string } & Omit<ComponentProps<typeof BarChart>, 'title' | 'description' | 'formatValue' | 'emptyText'> & { emptyText?: string }> =
    periodData
      ? [
          {
            name: 'adsByLevel',
            testId: 'chart-ads-by-level',
            categoryLabel: t('reports.dashboard.level'),
            valueLabel: t('reports.dashboard.adsAxis'),
            items: (['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const).map((level) => ({
              key: level,
              label: t(`reports.levels.${level}`),
              color: LEVEL_COLORS[level],
              value: {
                FREE: periodData.summary.opportunitiesSummary.totalFree,
                BRONZE: periodData.summary.opportunitiesSummary.totalBronzeLevel,
                SILVER: periodData.summary.opportunitiesSummary.totalSilverLevel,
                GOLD: periodData.summary.opportunitiesSummary.totalGoldLevel,
              }[level],
            })),
          },
          {
            name: 'adsByBrand',
            testId: 'chart-ads-by-brand',
            categoryLabel: t('reports.dashboard.brand'),
            valueLabel: t('reports.dashboard.adsAxis'),
            items: periodData.countedOpportunitiesByBrand
              .slice(0, 12)
              .map((entry) => ({ key: entry.brand, label: brandText(entry.brand, language), value: entry.total })),
          },
          {
            name: 'topSearches',
            testId: 'chart-top-searches',
            categoryLabel: t('reports.dashboard.brandModel'),
            valueLabel: t('reports.dashboard.searchesAxis'),
            emptyText: t('reports.dashboard.noSearches'),
            color: 'var(--mantine-color-violet-6)',
            items: periodData.topBrandModelSearches.map((entry) => ({
              key: `${entry.brand}/${entry.model ?? ''}`,
              label: `${brandText(entry.brand, language)}${entry.model ? ` ${entry.model}` : ''}`,
              value: entry.searches,
            })),
          },
        ]
      : [];

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('reports.dashboard.title')}</Title>
          <PeriodPicker
            from={periodData?.from ?? period.from ?? ''}
            to={periodData?.to ?? period.to ?? ''}
            maxDays={366}
            onChange={(from, to) => setParams({ from, to })}
          />
        </Stack>
        <QueryStatus error={error} loading={loading && !dashboard} />
        {dashboard && periodData && (
          <>
            <Section title={t('reports.dashboard.general')} testId="dashboard-general">
              <Headlines summary={dashboard.generalData} scope="general" />
              <SummaryDetails summary={dashboard.generalData} scope="general" />
            </Section>
            <Section title={t('reports.dashboard.period', { from: dayText(periodData.from), to: dayText(periodData.to) })} testId="dashboard-period">
              {periodData.from < periodData.activityFrom && (
                <Alert color="yellow" data-testid="dashboard-activity-kept">
                  {t('reports.dashboard.activityKept', { from: dayText(periodData.activityFrom) })}
                </Alert>
              )}
              <Headlines summary={periodData.summary} scope="period">
                {(
                  [
                    ['reported', periodData.totalReportedOpportunities, IconFlag, 'red'],
                    ['searches', periodData.searches, IconSearch, 'violet'],
                    ['buyers', periodData.usersPurchases, IconShoppingCart, 'green'],
                  ] as const
                ).map(([key, value, Icon, color]) => (
                  <StatCard key={key} label={t(`reports.dashboard.${key}`)} value={n(value)} Icon={Icon} color={color} testId={`period-${key}`} />
                ))}
              </Headlines>
              <Panel title={t('reports.dashboard.adsPerDay')}>
                <ColumnChart
                  testId="chart-ads-per-day"
                  title={t('reports.dashboard.adsPerDay')}
                  description={t('reports.dashboard.adsPerDayDescription', {
                    from: dayText(periodData.from),
                    to: dayText(periodData.to),
                    free: n(periodData.summary.opportunitiesSummary.totalFree),
                    paid: n(periodData.summary.opportunitiesSummary.totalPaid),
                  })}
                  xLabel={t('reports.dashboard.day')}
                  yLabel={t('reports.dashboard.adsAxis')}
                  totalLabel={t('reports.dashboard.total')}
                  categories={periodData.chartSeries.free.labels.map((day) => ({ label: shortDayText(day), name: dayText(day) }))}
                  series={[
                    { name: t('reports.dashboard.free'), color: FREE_COLOR, values: periodData.chartSeries.free.data },
                    { name: t('reports.dashboard.paid'), color: PAID_COLOR, values: periodData.chartSeries.paid.data },
                  ]}
                  formatValue={n}
                />
              </Panel>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {bars.map(({ name, emptyText, ...bar }) => (
                  <Panel key={name} title={t(`reports.dashboard.${name}`)}>
                    <BarChart
                      title={t(`reports.dashboard.${name}`)}
                      description={t(`reports.dashboard.${name}Description`)}
                      emptyText={emptyText ?? t('reports.dashboard.noData')}
                      formatValue={n}
                      {...bar}
                    />
                  </Panel>
                ))}
                <Panel title={t('reports.dashboard.mostContacted')}>
                  <MostContacted ads={periodData.clickedOpportunities} />
                </Panel>
              </SimpleGrid>
              <SummaryDetails summary={periodData.summary} scope="period" />
            </Section>
            <Group justify="flex-end">
              <Text size="xs" c="dimmed">
                {t('reports.dashboard.testUsersLeftOut')}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
