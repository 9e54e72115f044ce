import { DateScalar, money, validationFailed, withResolverFields, type Resolvers } from '@ruedas/platform';
import type { InvoiceDoc } from './store';

/**
 * The API's typed fields of billing (issue 18, decisions 0070 and 0095): every amount as `Money`
 * beside its deprecated `Float`, and the purchases report's days as `Date` arguments. Kept apart from
 * the billing rules: these only shape answers.
 */
type LevelPrices = { goldLevel: number; silverLevel: number; bronzeLevel: number };
type Amounts = { totalPaid: number; goldAmount: number; silverAmount: number; bronzeAmount: number };

const crc = (amount: number) => money(amount, 'CRC');

const apiFields: Resolvers = {
  Date: DateScalar,
  LevelPrices: {
    gold: (prices: LevelPrices) => crc(prices.goldLevel),
    silver: (prices: LevelPrices) => crc(prices.silverLevel),
    bronze: (prices: LevelPrices) => crc(prices.bronzeLevel),
  },
  Prices: {
    quickApprovalPrice: (prices: { quickApproval: number; currency: string }) => money(prices.quickApproval, prices.currency),
  },
  Refund: {
    total: (refund: { amount: number; invoice: InvoiceDoc }) => money(refund.amount, refund.invoice.currency),
    recordedAt: (refund: { requestedAt: Date }) => refund.requestedAt,
    carriedOutAt: (refund: { doneAt: Date | null }) => refund.doneAt,
  },
  Invoice: {
    paymentReceivedAt: (invoice: InvoiceDoc) => invoice.paidAt ?? null,
  },
  PlanBalance: {
    expiresAt: (balance: { expirationDate: Date | null }) => balance.expirationDate,
  },
  CheckoutResult: {
    amountDue: (result: { total: number; invoice: InvoiceDoc | null }) => money(result.total, result.invoice?.currency ?? 'CRC'),
  },
  PaymentResult: {
    total: (result: { invoice: InvoiceDoc }) => money(result.invoice.amount, result.invoice.currency),
  },
  PurchaseBlock: {
    paid: (block: Amounts) => crc(block.totalPaid),
    goldPaid: (block: Amounts) => crc(block.goldAmount),
    silverPaid: (block: Amounts) => crc(block.silverAmount),
    bronzePaid: (block: Amounts) => crc(block.bronzeAmount),
  },
};

/** The resolvers given, with the typed fields added to their types. */
export function withApiFields(resolvers: Resolvers): Resolvers {
  return withResolverFields(resolvers, apiFields);
}

/**
 * The purchases report's period: `firstDay`/`lastDay` (Date, already checked by the scalar), else the
 * deprecated `startDate`/`endDate` strings. A missing day is a VALIDATION error naming the argument.
 */
export function purchasesPeriod(args: Record<string, unknown>): { first: string; last: string } {
  const first = args.firstDay ?? args.startDate;
  const last = args.lastDay ?? args.endDate;
  if (typeof first !== 'string' || first === '') throw validationFailed({ [args.startDate === undefined ? 'firstDay' : 'startDate']: 'invalidDateRange' });
  if (typeof last !== 'string' || last === '') throw validationFailed({ [args.endDate === undefined ? 'lastDay' : 'endDate']: 'invalidDateRange' });
  return { first, last };
}
