import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../router';
import type { DashboardQuery } from '../../../generated/gql/graphql';
import { adTitle } from '../../texts/adText';
import { useLanguage } from '../../i18n';
import { count } from '../format';

/** The period's most-contacted ads (WhatsApp clicks), each linked, with a bar as long as its share of the first. */
export function MostContacted({ ads }: { ads: DashboardQuery['dashboard']['periodData']['clickedOpportunities'] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return ads.length === 0 ? (
    <Text c="dimmed" size="sm">
      {t('reports.dashboard.noClicks')}
    </Text>
  ) : (
    <Table verticalSpacing={6} data-testid="most-contacted">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('reports.dashboard.ad')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('reports.dashboard.clicks')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ads.map((entry) => {
          const most = ads[0]?.clicks ?? 1;
          return (
            <Table.Tr key={entry.opportunityId}>
              <Table.Td>
                <Anchor component={Link} to={`/opportunity/${entry.opportunityId}`}>
                  {adTitle(entry, language)}
                </Anchor>
                <div
                  aria-hidden
                  style={{
                    height: 6,
                    borderRadius: 3,
                    marginTop: 4,
                    width: `${Math.max(4, (entry.clicks / most) * 100)}%`,
                    background: 'var(--mantine-color-green-6)',
                  }}
                />
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {count(entry.clicks, language)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
