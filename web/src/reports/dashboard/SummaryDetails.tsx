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

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" data-testid={`${scope}-details`}>
      <FigureTable
        caption={t('reports.dashboard.adsByLevel')}
        columns={[t('reports.dashboard.level'), t('reports.dashboard.allAds'), t('reports.dashboard.inPlanAds'), t('reports.dashboard.singlePaidAds')]}
        rows={adRows.map(([label, value]) => [label, ads.map(value)])}
        n={n}
      />
      <FigureTable
        caption={t('reports.dashboard.plans')}
        columns={[undefined, t('reports.dashboard.paidPlans'), t('reports.dashboard.sponsoredPlans')]}
        rows={planRows.map(([label, value]) => [label, plans.map(value)])}
        n={n}
      />
      <FigureTable caption={t('reports.dashboard.renewalsAndUsers')} rows={other.map(([label, value]) => [label, [value]])} n={n} />
    </SimpleGrid>
  );
}

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** One small table of figures: a caption on top, optional column heads, a labelled row each. */
function FigureTable({
  caption,
  columns,
  rows,
  n,
}: {
  caption: string;
  columns?: (string | undefined)[];
  rows: [string, number[]][];
  n: (value: number) => string;
}) {
  const [corner, ...heads] = columns ?? [];
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Text fw={700} size="sm">
          {caption}
        </Text>
      </Table.Caption>
      {columns && (
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{corner}</Table.Th>
            {heads.map((head) => (
              <Table.Th key={head} scope="col" style={numeric}>
                {head}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {rows.map(([label, values]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            {values.map((value, index) => (
              <Table.Td key={index} style={numeric}>
                {n(value)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
