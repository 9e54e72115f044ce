import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDateTime, formatMoney } from '@ruedas/domain';
import { IconCar, IconUser } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { useLanguage } from '../../i18n';
import { amountOf } from '../../prices/amount';
import { colones } from '../../reports';
import { USER_INVOICES } from '../../reports/operations';
import { ListTable } from '../../admin/ListTable';
import { AdminScreen } from '../../admin/AdminScreen';

const STATUS_COLORS: Record<string, string> = { NEW: 'gray', TRANSFER_PENDING: 'yellow', PAID: 'green', VOID: 'gray', CANCELLED: 'red' };

/**
 * /userInvoices/:userId (spec 02 §2, §7): a user's invoices, newest first (billing's `userInvoices`),
 * with what each pays for (an ad, linked, or a plan), level, amount, status, payment method and dates,
 * and what the user paid in all (PAID invoices).
 */
export default function UserInvoicesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { userId = '' } = useParams();
  const { data, loading, error } = useQuery(USER_INVOICES, { variables: { userId }, skip: !userId, fetchPolicy: 'cache-and-network' });
  const name = data?.user.fullName;
  useDocumentTitle(`${t('reports.invoices.title')}${name ? `: ${name}` : ''} · ${t('app.name')}`);
  const invoices = data?.userInvoices ?? [];
  const paid = invoices.filter((invoice) => invoice.status === 'PAID').reduce((sum, invoice) => sum + amountOf(invoice.total), 0);

  return (
    <AdminScreen title={t('reports.invoices.title')}>
      {data && (
        <Group justify="space-between" align="flex-end">
          <div>
            <Text fw={700} size="lg" data-testid="invoices-user">
              {data.user.fullName}
            </Text>
            <Text c="dimmed" size="sm">
              {data.user.email}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/adminUserMaintenance?userId=${encodeURIComponent(userId)}`}
              leftSection={<IconUser size={14} />}
            >
              {t('reports.purchases.userData')}
            </Button>
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/userOpportunitiesViewAdmin?userId=${encodeURIComponent(userId)}`}
              leftSection={<IconCar size={14} />}
            >
              {t('reports.purchases.userAds')}
            </Button>
          </Group>
        </Group>
      )}
      <QueryStatus error={error} loading={loading && !data} />
      <ListTable
        items={data ? invoices : undefined}
        empty={t('reports.invoices.empty')}
        minWidth={900}
        testId="invoices"
        columns={[
          t('reports.invoices.number'),
          t('reports.invoices.created'),
          t('reports.invoices.concept'),
          t('reports.invoices.level'),
          <Table.Th ta="right">{t('reports.invoices.amount')}</Table.Th>,
          t('reports.invoices.status'),
          t('reports.invoices.method'),
          t('reports.invoices.paidAt'),
        ]}
        row={(invoice) => (
          <Table.Tr key={invoice.id} data-invoice={invoice.id} data-status={invoice.status}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.codigoint}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(invoice.creationDate)}</Table.Td>
            <Table.Td>
              {invoice.kind === 'PLAN' ? (
                t('reports.invoices.plan', { count: invoice.plan?.totalOpportunities ?? 0 })
              ) : invoice.opportunityId ? (
                <Anchor component={Link} to={`/opportunity/${invoice.opportunityId}`}>
                  {invoice.quickApproval && invoice.level === 'FREE' ? t('reports.invoices.quickApproval') : t('reports.invoices.ad')}
                </Anchor>
              ) : (
                t('reports.invoices.ad')
              )}
              {invoice.electronicInvoice && (
                <Text size="xs" c="dimmed">
                  {t('reports.invoices.electronic', { name: invoice.electronicInvoice.fullname, id: invoice.electronicInvoice.identification })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`reports.levels.${invoice.level}`)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(amountOf(invoice.total), invoice.total.currency, language)}
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[invoice.status] ?? 'gray'} variant="light">
                {t(`reports.invoices.statuses.${invoice.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {invoice.paymentMethod ? t(`reports.invoices.methods.${invoice.paymentMethod}`) : '—'}
              {invoice.refnum && (
                <Text size="xs" c="dimmed">
                  {t('reports.invoices.refnum', { refnum: invoice.refnum })}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.paidAt ? formatDateTime(invoice.paidAt) : '—'}</Table.Td>
          </Table.Tr>
        )}
        foot={
          <Table.Tr>
            <Table.Th colSpan={4}>{t('reports.invoices.totalPaid', { count: invoices.filter((invoice) => invoice.status === 'PAID').length })}</Table.Th>
            <Table.Th ta="right" data-testid="invoices-total-paid" style={{ whiteSpace: 'nowrap' }}>
              {colones(paid, language)}
            </Table.Th>
            <Table.Th colSpan={3} />
          </Table.Tr>
        }
      />
    </AdminScreen>
  );
}
