import { isPublicStatus, OWNER_STATUSES, PUBLIC_STATUSES, adStatusSchema, type OwnerStatus, type Page } from '@ruedas/domain';
import { forbidden, pageNumber, pageRequest, seekPage, validationFailed, type Filter, type SortSpec } from '@ruedas/platform';
import { asAdministrator, asSeller, isAdministrator, SYSTEM_AUTHOR, type Caller } from '../rules';
import type { AdFields, HistoryAuthorKind, HistoryEntry, OpportunityDoc } from '../store';
import { OpportunityCommands } from './commands';
import { OpportunityReactions } from './reactions';
import { OpportunityRecords, type OpportunitiesDeps } from './record';

export { OpportunityCommands, OpportunityReactions, OpportunityRecords, type OpportunitiesDeps };
export { adFieldsOf, requestAdId, snapshotEntry, snapshotOf, validAd, type PaidFor } from './snapshot';

/** One page of a list: the domain's page vocabulary. */
export type { Page };

const PUBLIC = { $in: [...PUBLIC_STATUSES] };
/** Public lists: best level first, newest publication first within a level. */
const BEST_FIRST: SortSpec = { levelRank: -1, publishedAt: -1, _id: 1 };
/** Owner's and admin's lists: newest ad first. */
const NEWEST_FIRST: SortSpec = { dateCreated: -1, _id: 1 };

/** A page number of a list: the platform's (a whole number from 1, the domain's rule). */
export { pageNumber };

/** The public face of an ad that is no longer public (`unavailableOpportunity`). */
export interface UnavailableAd {
  id: string;
  reason: 'SOLD' | 'EXPIRED' | 'REMOVED';
  brand: string;
  model: string;
  year: number;
  style: string;
}

/**
 * The ad rules of the listings service, one object per section (decision 0198): `records` (the
 * ports, the reads of one ad with their access rules, the versioned write), `commands` (owners' and
 * administrators' changes), `reactions` (to other services' events) and `lists` (the reads and
 * lists). Resolvers and consumers call the section they need.
 */
export class Opportunities {
  readonly records: OpportunityRecords;
  readonly commands: OpportunityCommands;
  readonly reactions: OpportunityReactions;
  readonly lists: OpportunityLists;

  constructor(deps: OpportunitiesDeps) {
    this.records = new OpportunityRecords(deps);
    this.commands = new OpportunityCommands(this.records);
    this.reactions = new OpportunityReactions(this.records);
    this.lists = new OpportunityLists(this.records);
  }
}

/** The reads and lists of ads. */
export class OpportunityLists {
  constructor(private readonly records: OpportunityRecords) {}

  /**
   * What anybody may know of an ad that was public and is not any more (spec: a sold or expired ad's
   * link tells why and offers similar cars): the reason and the car. Null for an unknown id, an ad
   * that is public, or one that never went public (nothing to tell of an ad nobody saw).
   */
  async unavailable(id: string): Promise<UnavailableAd | null> {
    const ad = await this.records.ads.findById(id);
    if (!ad || isPublicStatus(ad.status) || !ad.publishedAt) return null;
    const reason = ad.status === 'SOLD' || ad.status === 'EXPIRED' ? ad.status : 'REMOVED';
    return { id: ad._id, reason, brand: ad.brand, model: ad.model, year: ad.year, style: ad.style };
  }

  /**
   * An administrator reads who made each change. An owner reads their own changes and the system's
   * as they are, and an administrator's as the marketplace's (SYSTEM_AUTHOR): the e-mail and name of
   * a staff account are private (User.email), not the advertiser's to read.
   */
  async history(id: string, caller: Caller | null): Promise<Array<HistoryEntry & { authorKind: HistoryAuthorKind }>> {
    const ad = await this.records.managed(id, caller);
    // Entries written before `authorKind` existed: the system signs as itself; any other author than the owner is staff.
    const ownerEmail = (await this.records.user(ad.sellerId))?.email ?? '';
    const kindOf = (entry: HistoryEntry): HistoryAuthorKind =>
      entry.authorKind ?? (entry.email === SYSTEM_AUTHOR.email ? 'SYSTEM' : entry.email === ownerEmail ? 'USER' : 'STAFF');
    const entries = ad.history.map((entry) => ({ ...entry, authorKind: kindOf(entry) }));
    if (isAdministrator(caller)) return entries;
    // Issue 13: the owner reads an administrator's change as the staff's (not the system's), without the
    // administrator's e-mail or name (staff e-mails are private, decision 0015).
    return entries.map((entry) => (entry.authorKind === 'STAFF' ? { ...entry, email: '', fullName: '' } : entry));
  }

  async contact(id: string, caller: Caller | null): Promise<{ fullName: string; phones: AdFields['phoneList'] }> {
    const ad = await this.records.read(id, caller);
    const seller = await this.records.user(ad.sellerId);
    return { fullName: seller?.fullName ?? '', phones: ad.phoneList };
  }

  /** The lists of the schema. */
  async carousel(): Promise<OpportunityDoc[]> {
    return this.records.ads.find(
      { status: PUBLIC, level: 'GOLD' },
      { sort: { publishedAt: -1, _id: 1 }, limit: this.records.parameter('GOLD_CAROUSEL_COUNT') },
    );
  }

  available(page: number, after?: unknown): Promise<Page<OpportunityDoc>> {
    return this.page({ status: PUBLIC }, BEST_FIRST, page, after);
  }

  /** A seller's public ads; `pageSize` 1 to 50 (the ad page asks for the few it shows), else ITEMS_PER_LIST. */
  sellerAds(sellerId: string, page: number, after?: unknown, pageSize?: unknown): Promise<Page<OpportunityDoc>> {
    return this.page({ sellerId, status: PUBLIC }, BEST_FIRST, page, after, pageSize);
  }

  /** How many ads the signed-in seller has in each of the six owner statuses, in their order. */
  async mineCounts(caller: Caller | null): Promise<Array<{ status: OwnerStatus; count: number }>> {
    const me = asSeller(caller);
    return Promise.all(OWNER_STATUSES.map(async (status) => ({ status, count: await this.records.ads.count({ sellerId: me.userId, status }) })));
  }

  mine(status: unknown, page: number, caller: Caller | null, after?: unknown): Promise<Page<OpportunityDoc>> {
    const me = asSeller(caller);
    if (!(OWNER_STATUSES as readonly unknown[]).includes(status)) throw validationFailed({ status: 'invalidStatus' });
    return this.page({ sellerId: me.userId, status }, NEWEST_FIRST, page, after);
  }

  byStatus(status: unknown, page: number, caller: Caller | null, after?: unknown): Promise<Page<OpportunityDoc>> {
    asAdministrator(caller);
    if (!adStatusSchema.safeParse(status).success) throw validationFailed({ status: 'invalidStatus' });
    return this.page({ status }, NEWEST_FIRST, page, after);
  }

  /** A user's public ads: that user or an administrator. */
  userActive(userId: string, page: number, caller: Caller | null, after?: unknown): Promise<Page<OpportunityDoc>> {
    if (asSeller(caller).userId !== userId && !isAdministrator(caller)) throw forbidden();
    return this.page({ sellerId: userId, status: PUBLIC }, { publishedAt: -1, _id: 1 }, page, after);
  }

  userAds(userId: string, page: number, caller: Caller | null, after?: unknown): Promise<Page<OpportunityDoc>> {
    asAdministrator(caller);
    return this.page({ sellerId: userId }, NEWEST_FIRST, page, after);
  }

  /**
   * A page by its number (skipping the pages before it in the index), or with `after` (the `next`
   * cursor of the page before) by seeking past that page's last item: no page before it is read,
   * however deep (issue 30). Both answer `next`, the cursor of the page after.
   */
  private page(filter: Filter, sort: SortSpec, page: unknown, after?: unknown, size?: unknown): Promise<Page<OpportunityDoc>> {
    const pageSize = pageRequest({ pageSize: size ?? undefined }, this.records.parameter('ITEMS_PER_LIST')).pageSize;
    return seekPage(this.records.ads, filter, sort, { page, after, pageSize, projection: { outbox: 0 } });
  }
}
