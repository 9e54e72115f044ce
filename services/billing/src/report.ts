import { validationFailed } from '@ruedas/platform';
import { roundAmount, type Level } from '@ruedas/domain';
import { asAdministrator, dateRange, type Caller } from './rules';
import type { BillingCollections } from './store';

export interface PurchaseBlock {
  userFullName: string;
  totalPaid: number;
  totalPurchasesQuantity: number;
  goldQuantity: number;
  goldAmount: number;
  silverQuantity: number;
  silverAmount: number;
  bronzeQuantity: number;
  bronzeAmount: number;
  freeQuantity: number;
}

export interface UserPurchases {
  userId: string;
  opportunities: PurchaseBlock;
  plans: PurchaseBlock;
}

const emptyBlock = (userFullName: string): PurchaseBlock => ({
  userFullName,
  totalPaid: 0,
  totalPurchasesQuantity: 0,
  goldQuantity: 0,
  goldAmount: 0,
  silverQuantity: 0,
  silverAmount: 0,
  bronzeQuantity: 0,
  bronzeAmount: 0,
  freeQuantity: 0,
});

function add(block: PurchaseBlock, level: Level, quantity: number, amount: number): void {
  block.totalPaid = roundAmount(block.totalPaid + amount);
  if (level === 'FREE') block.freeQuantity += quantity;
  if (level === 'GOLD') {
    block.goldQuantity += quantity;
    block.goldAmount = roundAmount(block.goldAmount + amount);
  }
  if (level === 'SILVER') {
    block.silverQuantity += quantity;
    block.silverAmount = roundAmount(block.silverAmount + amount);
  }
  if (level === 'BRONZE') {
    block.bronzeQuantity += quantity;
    block.bronzeAmount = roundAmount(block.bronzeAmount + amount);
  }
}

/**
 * Purchases per user in a period (Costa Rica days, both included), for the admin report:
 * - opportunities: ads settled in the period (free, by a plan unit, or by a paid invoice), counted
 *   by level, free ones apart; amounts are what the ad's own invoice cost (0 for free and plan ads,
 *   the quick-approval price for a free ad that bought it); cancelled payments are left out;
 * - plans: plan invoices paid in the period and not cancelled; levels count the ads bought,
 *   `totalPurchasesQuantity` the purchases. Promotional plans are not purchases.
 * Users with the highest total first.
 */
export async function userPurchases(
  collections: BillingCollections,
  startDate: unknown,
  endDate: unknown,
  caller: Caller | null,
  field = 'startDate',
): Promise<UserPurchases[]> {
  asAdministrator(caller);
  const range = dateRange(String(startDate ?? ''), String(endDate ?? ''));
  if (!range) throw validationFailed({ [field]: 'invalidDateRange' });
  const { from, to } = range;
  const byUser = new Map<string, UserPurchases>();
  const entry = (userId: string) => {
    let found = byUser.get(userId);
    if (!found) {
      found = { userId, opportunities: emptyBlock(''), plans: emptyBlock('') };
      byUser.set(userId, found);
    }
    return found;
  };
  for (const settlement of await collections.settlements.find({ settledAt: { $gte: from, $lt: to }, cancelled: false })) {
    const block = entry(settlement.userId).opportunities;
    block.totalPurchasesQuantity += 1;
    add(block, settlement.level, 1, settlement.amount);
  }
  for (const invoice of await collections.invoices.find({ kind: 'PLAN', status: 'PAID', paidAt: { $gte: from, $lt: to } }, { projection: { outbox: 0 } })) {
    const block = entry(invoice.userId).plans;
    block.totalPurchasesQuantity += 1;
    add(block, invoice.level, invoice.planQuantity, invoice.amount);
  }
  const users = await collections.users.find({ _id: { $in: [...byUser.keys()] } });
  for (const user of users) {
    const found = byUser.get(user._id);
    if (found) found.opportunities.userFullName = found.plans.userFullName = user.fullName;
  }
  const total = (purchases: UserPurchases) => purchases.opportunities.totalPaid + purchases.plans.totalPaid;
  return [...byUser.values()].sort((a, b) => total(b) - total(a) || a.userId.localeCompare(b.userId));
}
