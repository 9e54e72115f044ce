import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { formatDate, LEVEL_LABELS, localize } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import { MY_PLAN_STATUS } from './billing';
import type { PlanBalance } from './rules';

/** The seller's plans per level: ads left, valid until, blocked after expiry. Nothing when none was ever bought. */
export function PlanBalances({ balances }: { balances: readonly PlanBalance[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const held = balances.filter((balance) => balance.expirationDate !== null);
  if (held.length === 0) return null;
  return (
    <Table withTableBorder data-testid="plan-balances" aria-label={t('plans.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('plans.level')}</Table.Th>
          <Table.Th>{t('plans.available')}</Table.Th>
          <Table.Th>{t('plans.expires')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {held.map((balance) => (
          <Table.Tr key={balance.planLevel} data-level={balance.planLevel}>
            <Table.Td>{localize(LEVEL_LABELS[balance.planLevel], language)}</Table.Td>
            <Table.Td>{balance.availableOpportunities}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                {balance.expirationDate && formatDate(balance.expirationDate)}
                {balance.blocked && (
                  <Badge color="red" variant="light">
                    {t('plans.blocked')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The Plans entry of the profile menu: the balances in one line each, read when the menu opens. */
export function PlanBalancesSummary() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { data } = useQuery(MY_PLAN_STATUS, { fetchPolicy: 'network-only' });
  const held = (data?.myPlanStatus ?? []).filter((balance) => balance.expirationDate !== null);
  if (!data) return null;
  if (held.length === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="plan-summary">
        {t('plans.none')}
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid="plan-summary">
      {held.map((balance) => (
        <Text key={balance.planLevel} size="xs" c={balance.blocked ? 'red' : 'dimmed'}>
          {t(balance.blocked ? 'plans.lineBlocked' : 'plans.line', {
            level: localize(LEVEL_LABELS[balance.planLevel], language),
            count: balance.availableOpportunities,
            date: balance.expirationDate ? formatDate(balance.expirationDate) : '',
          })}
        </Text>
      ))}
    </Stack>
  );
}
