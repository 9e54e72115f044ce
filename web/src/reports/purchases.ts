import { roundAmount } from '@ruedas/domain';
import type { PurchaseBlockFieldsFragment, UserPurchasesQuery } from '../../generated/gql/graphql';
import { amountOf } from '../prices/amount';

/** One block of a user's purchases (billing's PurchaseBlock), its Money amounts as numbers. */
export type PurchaseBlock = Omit<PurchaseBlockFieldsFragment, 'paid' | 'goldPaid' | 'silverPaid' | 'bronzePaid'> & {
  totalPaid: number;
  goldAmount: number;
  silverAmount: number;
  bronzeAmount: number;
};
type PurchasesAnswer = UserPurchasesQuery['userPurchases'][number];
/** One user's line of the report. */
export type UserPurchasesRow = Omit<PurchasesAnswer, 'opportunities' | 'plans'> & { opportunities: PurchaseBlock; plans: PurchaseBlock };

/** A block as the report reads it: the Money amounts (decimal strings) as numbers. */
function blockOf({ paid, goldPaid, silverPaid, bronzePaid, ...counts }: PurchaseBlockFieldsFragment): PurchaseBlock {
  return { ...counts, totalPaid: amountOf(paid), goldAmount: amountOf(goldPaid), silverAmount: amountOf(silverPaid), bronzeAmount: amountOf(bronzePaid) };
}

/** The report's lines from billing's answer. */
export const purchaseRows = (answer: readonly PurchasesAnswer[]): UserPurchasesRow[] =>
  answer.map((row) => ({ ...row, opportunities: blockOf(row.opportunities), plans: blockOf(row.plans) }));

/** The columns the purchases table sorts by (spec 02 §2: total paid or quantity, and the others). */
export const PURCHASE_SORT_KEYS = ['user', 'ads', 'adsPaid', 'plans', 'plansPaid', 'quantity', 'totalPaid'] as const;
export type PurchaseSortKey = (typeof PURCHASE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export function isPurchaseSortKey(value: string | null | undefined): value is PurchaseSortKey {
  return (PURCHASE_SORT_KEYS as readonly string[]).includes(value ?? '');
}

/** Ads settled plus plans bought: what "quantity" means for a user. */
export const purchaseQuantity = (row: UserPurchasesRow) => row.opportunities.totalPurchasesQuantity + row.plans.totalPurchasesQuantity;
/** What the user paid in the period, ads and plans. */
export const purchaseTotal = (row: UserPurchasesRow) => roundAmount(row.opportunities.totalPaid + row.plans.totalPaid);

/** The user's name as the report shows it: identity's name, else billing's. */
export const purchaserName = (row: UserPurchasesRow) => row.user.fullName || row.opportunities.userFullName || row.plans.userFullName || row.userId;

const sortValue: Record<Exclude<PurchaseSortKey, 'user'>, (row: UserPurchasesRow) => number> = {
  ads: (row) => row.opportunities.totalPurchasesQuantity,
  adsPaid: (row) => row.opportunities.totalPaid,
  plans: (row) => row.plans.totalPurchasesQuantity,
  plansPaid: (row) => row.plans.totalPaid,
  quantity: purchaseQuantity,
  totalPaid: purchaseTotal,
};

/**
 * The rows in the order asked. Ties keep a stable order: the user's name (Spanish collation), then
 * the id. Numbers sort numerically; the name alphabetically, ignoring case and accents.
 */
export function sortPurchases(rows: readonly UserPurchasesRow[], key: PurchaseSortKey, direction: SortDirection): UserPurchasesRow[] {
  const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
  const byName = (a: UserPurchasesRow, b: UserPurchasesRow) => collator.compare(purchaserName(a), purchaserName(b)) || a.userId.localeCompare(b.userId);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key === 'user') return sign * byName(a, b);
    const value = sortValue[key];
    return sign * (value(a) - value(b)) || byName(a, b);
  });
}

/** The column totals of the table's footer. */
export function purchaseTotals(rows: readonly UserPurchasesRow[]) {
  const sum = (value: (row: UserPurchasesRow) => number) => roundAmount(rows.reduce((total, row) => total + value(row), 0));
  return {
    users: rows.length,
    ads: sum(sortValue.ads),
    adsPaid: sum(sortValue.adsPaid),
    plans: sum(sortValue.plans),
    plansPaid: sum(sortValue.plansPaid),
    quantity: sum(purchaseQuantity),
    totalPaid: sum(purchaseTotal),
  };
}

/** The direction a header click asks for: the other one on the same column; numbers start high, names start at A. */
export function nextSort(
  current: { key: PurchaseSortKey; direction: SortDirection },
  clicked: PurchaseSortKey,
): { key: PurchaseSortKey; direction: SortDirection } {
  if (current.key === clicked) return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key: clicked, direction: clicked === 'user' ? 'asc' : 'desc' };
}
