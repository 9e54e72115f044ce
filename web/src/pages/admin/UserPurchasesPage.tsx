import { Alert, Table, UnstyledButton } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Navigate, useNavigate, useParams, useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { useLanguage } from '../../i18n';
import { colones, count, costaRicaDay, dayText, firstOfMonth, isPeriod } from '../../reports';
import { USER_PURCHASES } from '../../reports/operations';
import { PeriodPicker } from '../../reports/PeriodPicker';
import { PurchaseRow } from '../../reports/PurchaseRow';
import { isPurchaseSortKey, nextSort, purchaseRows, purchaseTotals, sortPurchases, type PurchaseSortKey, type SortDirection } from '../../reports/purchases';
import { ListTable } from '../../admin/ListTable';
import { AdminScreen } from '../../admin/AdminScreen';

/** /userPurchases without dates: this month so far. */
export function UserPurchasesThisMonth() {
  const today = costaRicaDay();
  return <Navigate to={`/userPurchases/${firstOfMonth(today)}/${today}`} replace />;
}

/**
 * /userPurchases/:startDate/:endDate (spec 02 §2, §3, §7): purchases per user between two Costa
 * Rica days (billing's `userPurchases`): ads settled and plans bought, what each cost, sortable
 * headers (`?sort=&dir=`), the totals, and for each user buttons to the user's data, ads and invoices.
 */
export default function UserPurchasesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('reports.purchases.title')} · ${t('app.name')}`);
  const { startDate = '', endDate = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const valid = isPeriod(startDate, endDate);
  const { data, loading, error } = useQuery(USER_PURCHASES, {
    variables: { firstDay: startDate, lastDay: endDate },
    skip: !valid,
    fetchPolicy: 'cache-and-network',
  });

  const askedKey = params.get('sort');
  const sort: { key: PurchaseSortKey; direction: SortDirection } = {
    key: isPurchaseSortKey(askedKey) ? askedKey : 'totalPaid',
    direction: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : askedKey === 'user' ? 'asc' : 'desc',
  };
  const rows = data ? sortPurchases(purchaseRows(data.userPurchases), sort.key, sort.direction) : [];
  const totals = purchaseTotals(rows);
  const money = (amount: number) => colones(amount, language);
  const number = (value: number) => count(value, language);

  const header = (key: PurchaseSortKey, label: string, numeric = true) => {
    const sorted = sort.key === key;
    const Icon = !sorted ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ textAlign: numeric ? 'right' : 'left' }}>
        <UnstyledButton
          onClick={() => {
            const next = nextSort(sort, key);
            setParams({ sort: next.key, dir: next.direction }, { replace: true });
          }}
          style={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {label}
          <Icon size={14} aria-hidden />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <AdminScreen title={t('reports.purchases.title')} intro={t('reports.purchases.intro')}>
      <PeriodPicker
        from={valid ? startDate : ''}
        to={valid ? endDate : ''}
        onChange={(from, to) => navigate({ pathname: `/userPurchases/${from}/${to}`, search: params.toString() })}
      />
      {!valid && (
        <Alert color="red" role="alert">
          {t('reports.period.invalidRoute')}
        </Alert>
      )}
      <QueryStatus error={error} loading={valid && loading && !data} />
      <ListTable
        items={data ? rows : undefined}
        empty={t('reports.purchases.empty')}
        minWidth={980}
        testId="purchases"
        highlightOnHover
        caption={
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }} data-testid="purchases-period">
            {t('reports.purchases.caption', { from: dayText(startDate), to: dayText(endDate), count: rows.length })}
          </Table.Caption>
        }
        columns={[
          header('user', t('reports.purchases.user'), false),
          header('ads', t('reports.purchases.ads')),
          header('adsPaid', t('reports.purchases.adsPaid')),
          header('plans', t('reports.purchases.plans')),
          header('plansPaid', t('reports.purchases.plansPaid')),
          header('quantity', t('reports.purchases.quantity')),
          header('totalPaid', t('reports.purchases.totalPaid')),
          t('reports.purchases.actions'),
        ]}
        row={(row) => <PurchaseRow key={row.userId} row={row} />}
        foot={
          <Table.Tr data-testid="purchases-totals">
            <Table.Th>{t('reports.purchases.totals', { count: totals.users })}</Table.Th>
            <Table.Th ta="right">{number(totals.ads)}</Table.Th>
            <Table.Th ta="right">{money(totals.adsPaid)}</Table.Th>
            <Table.Th ta="right">{number(totals.plans)}</Table.Th>
            <Table.Th ta="right">{money(totals.plansPaid)}</Table.Th>
            <Table.Th ta="right">{number(totals.quantity)}</Table.Th>
            <Table.Th ta="right" data-testid="purchases-total-paid">
              {money(totals.totalPaid)}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        }
      />
    </AdminScreen>
  );
}
