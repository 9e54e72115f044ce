import { Button, Group, Table, Text } from '@mantine/core';
import { IconCar, IconFileInvoice, IconUser } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { useLanguage } from '../i18n';
import { colones, count } from './format';
import { purchaseQuantity, purchaserName, purchaseTotal, type PurchaseBlock, type UserPurchasesRow } from './purchases';

/** "G 1 · S 0 · B 2 · F 3": a block's counts by level (gold, silver, bronze, free). */
function LevelCounts({ block, withFree }: { block: PurchaseBlock; withFree: boolean }) {
  const { t } = useTranslation();
  const parts = [
    [t('reports.levels.GOLD'), block.goldQuantity],
    [t('reports.levels.SILVER'), block.silverQuantity],
    [t('reports.levels.BRONZE'), block.bronzeQuantity],
    ...(withFree ? [[t('reports.levels.FREE'), block.freeQuantity] as const] : []),
  ].filter(([, quantity]) => Number(quantity) > 0);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {parts.map(([label, quantity]) => `${label} ${quantity}`).join(' · ')}
    </Text>
  );
}

/** One user's row of the purchases report: ads and plans with their counts by level, totals, and links to the user's data, ads and invoices. */
export function PurchaseRow({ row }: { row: UserPurchasesRow }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const money = (amount: number) => colones(amount, language);
  const number = (value: number) => count(value, language);
  return (
    <Table.Tr data-user={row.userId}>
      <Table.Td>
        <Text fw={600} data-testid="purchaser">
          {purchaserName(row)}
        </Text>
        <Text size="xs" c="dimmed">
          {row.user.email}
        </Text>
      </Table.Td>
      <Table.Td ta="right" data-column="ads">
        {number(row.opportunities.totalPurchasesQuantity)}
        <LevelCounts block={row.opportunities} withFree />
      </Table.Td>
      <Table.Td ta="right" data-column="adsPaid">
        {money(row.opportunities.totalPaid)}
      </Table.Td>
      <Table.Td ta="right" data-column="plans">
        {number(row.plans.totalPurchasesQuantity)}
        <LevelCounts block={row.plans} withFree={false} />
      </Table.Td>
      <Table.Td ta="right" data-column="plansPaid">
        {money(row.plans.totalPaid)}
      </Table.Td>
      <Table.Td ta="right" data-column="quantity" data-value={purchaseQuantity(row)}>
        {number(purchaseQuantity(row))}
      </Table.Td>
      <Table.Td ta="right" data-column="totalPaid" data-value={purchaseTotal(row)} fw={700}>
        {money(purchaseTotal(row))}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            component={Link}
            to={`/adminUserMaintenance?userId=${encodeURIComponent(row.userId)}`}
            leftSection={<IconUser size={14} />}
            aria-label={t('reports.purchases.userDataOf', { name: purchaserName(row) })}
          >
            {t('reports.purchases.userData')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            component={Link}
            to={`/userOpportunitiesViewAdmin?userId=${encodeURIComponent(row.userId)}`}
            leftSection={<IconCar size={14} />}
            aria-label={t('reports.purchases.userAdsOf', { name: purchaserName(row) })}
          >
            {t('reports.purchases.userAds')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            component={Link}
            to={`/userInvoices/${encodeURIComponent(row.userId)}`}
            leftSection={<IconFileInvoice size={14} />}
            aria-label={t('reports.purchases.userInvoicesOf', { name: purchaserName(row) })}
          >
            {t('reports.purchases.userInvoices')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
