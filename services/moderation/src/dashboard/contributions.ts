import { costaRicaDay, isPublicStatus, type AdStatus, type Level } from '@ruedas/domain';
import type { DashAdDoc, DashInvoiceDoc, DashPlanChangeDoc, DashUserDoc } from './store';

/**
 * What one fact (a user, an ad, an invoice, a plan change) adds to the dashboard's figures: a few
 * named counters on a Costa Rica day (null: on no day, only in the all-time figures), owned by the
 * users whose TESTUSER role would leave it out. A pure function of the fact (and, for a plan unit,
 * of the ad it paid for), so applying a fact again changes nothing: the model subtracts what the
 * old state gave and adds what the new one gives (decision 0056).
 */
export type Counters = Record<string, number>;

export interface Contribution {
  /** The users whose activity this is (sorted, unique); left out while any of them is a TESTUSER. */
  owners: string[];
  /** The Costa Rica day `yyyy-MM-dd`, or null (all-time figures only). */
  day: string | null;
  /** `p`: an invoice's (the purchasers of a period are counted from these); `f`: any other. */
  kind: 'p' | 'f';
  c: Counters;
}

export { costaRicaDay };
const dayOf = (date: Date | null | undefined): string | null => (date ? costaRicaDay(new Date(date).getTime()) : null);

/** Counter names: an ads summary is `<prefix>_<n|f|p|g|s|b|a>`, a plan count `<prefix>_<n|q|g|s|b>`. */
export const C = {
  /** Revenue, in cents (integers add up exactly). */
  revenue: 'rev',
  renewPending: 'rp',
  renewExpired: 're',
  usersCreated: 'un',
  usersOrganic: 'uo',
  usersImpersonal: 'ui',
  usersImpersonalConfirmed: 'uic',
  usersImpersonalNotConfirmed: 'uin',
  purchases: 'pur',
} as const;
/** Ads summaries: settled ads (`o`), in-plan ads (`i`), individually paid ads (`q`); plans: paid (`pp`), sponsored (`sp`). */
export type AdsPrefix = 'o' | 'i' | 'q';
export type PlansPrefix = 'pp' | 'sp';

/** A brand's counter name (`.`, `$` and `%` escaped: store field names may hold none of the first two). */
export const brandCounter = (brand: string) => `b:${brand.replace(/[.$%]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`)}`;
export const brandOf = (counter: string) => decodeURIComponent(counter.slice(2));

const levelLetter = (level: Level) => (level === 'GOLD' ? 'g' : level === 'SILVER' ? 's' : level === 'BRONZE' ? 'b' : null);

function adCounters(c: Counters, prefix: AdsPrefix, level: Level, immediateApproval: boolean): void {
  c[`${prefix}_n`] = 1;
  c[`${prefix}_${level === 'FREE' ? 'f' : 'p'}`] = 1;
  const letter = levelLetter(level);
  if (letter) c[`${prefix}_${letter}`] = 1;
  if (immediateApproval) c[`${prefix}_a`] = 1;
}

function planCounters(c: Counters, prefix: PlansPrefix, level: Level, quantity: number): void {
  c[`${prefix}_n`] = 1;
  c[`${prefix}_q`] = quantity;
  const letter = levelLetter(level);
  if (letter) c[`${prefix}_${letter}`] = 1;
}

/** A user counts on the day of their registration. */
export function userContribution(user: DashUserDoc | null): Contribution[] {
  if (!user) return [];
  const c: Counters = { [C.usersCreated]: 1 };
  if (!user.impersonal) c[C.usersOrganic] = 1;
  else {
    c[C.usersImpersonal] = 1;
    c[user.confirmed ? C.usersImpersonalConfirmed : C.usersImpersonalNotConfirmed] = 1;
  }
  return [{ owners: [user._id], day: dayOf(user.createdAt), kind: 'f', c }];
}

/**
 * An ad counts once settled (a free ad at creation, a paid one once its payment completed), on the
 * day of its creation, with its brand, and as pending renewal while a paid, public, not yet renewed
 * ad; its last expiry counts on its day. Nothing while the snapshot said its seller was a TESTUSER.
 */
export function adContribution(ad: DashAdDoc | null): Contribution[] {
  if (!ad || ad.testUser) return [];
  const owners = [ad.sellerId];
  const entries: Contribution[] = [];
  if (!ad.paymentPending) {
    const c: Counters = { [brandCounter(ad.brand)]: 1 };
    adCounters(c, 'o', ad.level, ad.level === 'FREE' && ad.autoApproval);
    if (ad.level !== 'FREE' && !ad.renewed && isPublicStatus(ad.status as AdStatus)) c[C.renewPending] = 1;
    entries.push({ owners, day: dayOf(ad.createdAt), kind: 'f', c });
  }
  if (ad.expiredAt) entries.push({ owners, day: dayOf(ad.expiredAt), kind: 'f', c: { [C.renewExpired]: 1 } });
  return entries;
}

/** A PAID invoice counts on the day it was paid: its amount, its purchaser, and a plan bought or an ad paid. */
export function invoiceContribution(invoice: DashInvoiceDoc | null): Contribution[] {
  if (!invoice || invoice.testUser || invoice.status !== 'PAID') return [];
  const c: Counters = { [C.revenue]: Math.round(invoice.amount * 100), [C.purchases]: 1 };
  if (invoice.kind === 'PLAN') planCounters(c, 'pp', invoice.level, invoice.planQuantity);
  else adCounters(c, 'q', invoice.level, invoice.level === 'FREE' && invoice.quickApproval);
  return [{ owners: [invoice.userId], day: dayOf(invoice.paidAt), kind: 'p', c }];
}

/**
 * A plan granted counts as a sponsored plan; a plan unit used counts as an in-plan ad, when it paid
 * for no ad or for an ad the dashboard counts (known, its seller no TESTUSER): owned by the plan's
 * user and the ad's seller.
 */
export function planChangeContribution(change: DashPlanChangeDoc | null, ad: DashAdDoc | null): Contribution[] {
  if (!change) return [];
  const c: Counters = {};
  if (change.change === 'GRANTED') {
    planCounters(c, 'sp', change.level, change.quantity);
    return [{ owners: [change.userId], day: dayOf(change.at), kind: 'f', c }];
  }
  if (change.opportunityId !== null && (!ad || ad.testUser)) return [];
  adCounters(c, 'i', change.level, false);
  const owners = [...new Set([change.userId, ...(ad ? [ad.sellerId] : [])])].sort();
  return [{ owners, day: dayOf(change.at), kind: 'f', c }];
}
