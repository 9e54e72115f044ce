import { AD_FIELD_NAMES, auditDiff, isPublicStatus, LEVEL_CODES, type AdStatus, type Level } from '@ruedas/domain';
import { listingsStaffAction, staffActionEvent } from '@ruedas/events';
import { DomainError, forbidden, notFound, toOutbox, type Clock, type GlobalParameters, type OutboxEntry, type OutboxRelay } from '@ruedas/platform';
import { addDays, asSeller, isAdministrator, lifeDays, mayRead, owns, SYSTEM_AUTHOR, type Caller } from '../rules';
import type { HistoryEntry, ListingsCollections, OpportunityDoc, PriceChangeEntry, UserDoc } from '../store';
import { actorOf, snapshotEntry, type Change } from './snapshot';

export interface OpportunitiesDeps {
  collections: ListingsCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: GlobalParameters;
  /** How long to wait for the media service's event about a photo id not known yet. */
  photoWaitMs: number;
}

/** What the audit trail records of an administrator's change of someone's ad: its fields and status, never the plate. */
const AUDITED_AD_FIELDS = [...AD_FIELD_NAMES.filter((name) => name !== 'carIdNumber'), 'status'];

/**
 * What every section of the ad rules stands on (decision 0198): the ports, the reads of one ad with
 * their access rules, and the versioned write of an ad with its history and its snapshot event. The
 * other sections are objects given this one.
 */
export class OpportunityRecords {
  constructor(readonly deps: OpportunitiesDeps) {}

  get ads() {
    return this.deps.collections.opportunities;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  parameter(key: Parameters<GlobalParameters['get']>[0]): number {
    return this.deps.parameters.get(key);
  }

  user(id: string): Promise<UserDoc | null> {
    return this.deps.collections.users.findById(id);
  }

  /** Who signs a history entry: the caller as identity describes them, or the system. */
  async author(caller: Caller | null): Promise<Pick<HistoryEntry, 'email' | 'fullName'>> {
    if (!caller) return SYSTEM_AUTHOR;
    const user = await this.user(caller.userId);
    return { email: user?.email ?? '', fullName: user?.fullName ?? '' };
  }

  /**
   * Writes a change of an ad, its new history entries and its snapshot in one single-document
   * update guarded by the version it was read at. Answers null when another writer got there
   * first (the scheduler uses that to claim work); commands turn it into CONFLICT.
   */
  async trySave(
    before: OpportunityDoc,
    changes: Partial<OpportunityDoc>,
    caller: Caller | null,
    change: Change,
    statuses: AdStatus[] = [],
    /** Further events published in the same write (e.g. the outcome of a review decision). */
    also: (after: OpportunityDoc) => OutboxEntry[] = () => [],
  ): Promise<OpportunityDoc | null> {
    // A rejection's reason belongs to the rejection: any other status clears it.
    if (changes.status !== undefined && changes.status !== 'REJECTED' && before.rejectionReason) changes = { ...changes, rejectionReason: null };
    const now = this.now();
    const author = await this.author(caller);
    const authorKind = !caller ? 'SYSTEM' : isAdministrator(caller) ? 'STAFF' : 'USER';
    const entries: HistoryEntry[] = statuses.map((status) => ({ ...author, status, statusDate: now, authorKind }));
    // Issue 19: a price change of an ad that has been public goes into its price history; the
    // first time it goes public is kept (days on market).
    const priced = { ...before, ...changes };
    const priceEntries: PriceChangeEntry[] =
      before.publishedAt !== null && (priced.price !== before.price || priced.currency !== before.currency)
        ? [{ changedAt: now, oldPrice: before.price, oldCurrency: before.currency, newPrice: priced.price, newCurrency: priced.currency }]
        : [];
    if (!before.firstPublishedAt && (changes.publishedAt ?? before.publishedAt))
      changes = { ...changes, firstPublishedAt: before.publishedAt ?? changes.publishedAt ?? null };
    const after: OpportunityDoc = {
      ...before,
      ...changes,
      version: before.version + 1,
      history: [...before.history, ...entries],
      priceHistory: [...(before.priceHistory ?? []), ...priceEntries],
    };
    if (changes.level) after.levelRank = LEVEL_CODES[changes.level];
    const previousStatus = after.status !== before.status ? before.status : null;
    const event = snapshotEntry(
      after,
      await this.user(after.sellerId),
      this.parameter('EXCHANGE_RATE_CRC_PER_USD'),
      actorOf(caller),
      change,
      previousStatus,
      now,
    );
    const {
      _id: _ignored,
      history: _history,
      outbox: _outbox,
      priceHistory: _prices,
      ...set
    } = { ...changes, levelRank: after.levelRank, version: after.version };
    const outbox = [event, ...also(after)];
    // An administrator's change of someone else's ad is a staff action: audited in the same write.
    if (caller && isAdministrator(caller) && !owns(before, caller)) {
      const diff = auditDiff(before, after, AUDITED_AD_FIELDS);
      if (Object.keys(diff.after).length > 0) {
        const action = 'status' in diff.after ? 'AD_STATUS_CHANGED' : 'AD_UPDATED';
        const target = { type: 'OPPORTUNITY' as const, id: before._id, label: `${before.brand} ${before.model} ${before.year}` };
        outbox.push(
          toOutbox(
            listingsStaffAction.topic,
            staffActionEvent(listingsStaffAction, { actor: { id: caller.userId, role: 'ADMINISTRATOR' }, action, target, ...diff, at: now }),
          ),
        );
      }
    }
    const saved = await this.ads.findOneAndUpdate(
      { _id: before._id, version: before.version },
      {
        $set: set,
        $push: { history: { $each: entries }, outbox: { $each: outbox }, ...(priceEntries.length > 0 ? { priceHistory: { $each: priceEntries } } : {}) },
      },
    );
    if (saved) this.deps.outbox.notify();
    return saved;
  }

  async save(...args: Parameters<OpportunityRecords['trySave']>): Promise<OpportunityDoc> {
    const saved = await this.trySave(...args);
    if (!saved) throw new DomainError('CONFLICT', 'errorOccurred');
    return saved;
  }

  /** The changes that start a new public life: published now, ends after one period of its level. */
  goingPublic(level: Level, now: Date): Partial<OpportunityDoc> {
    return {
      publishedAt: now,
      expiresAt: addDays(
        now,
        lifeDays(level, (key) => this.parameter(key)),
      ),
      renewed: false,
      notifiedFor: null,
    };
  }

  /** An ad the caller may read; NOT_FOUND otherwise, so its existence does not leak. */
  async read(id: string, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.ads.findById(id);
    if (!ad || !mayRead(ad, caller)) throw notFound();
    return ad;
  }

  /** An ad the caller may change: its owner or an administrator. */
  async managed(id: string, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.read(id, caller);
    const me = asSeller(caller);
    if (!owns(ad, me) && !isAdministrator(me)) throw forbidden();
    return ad;
  }

  /** The status and life dates after a series of steps ending in the last one. */
  lifeAfter(ad: OpportunityDoc, steps: AdStatus[]): Partial<OpportunityDoc> {
    const status = steps.at(-1) as AdStatus;
    const now = this.now();
    if (!isPublicStatus(status)) return { status, expiresAt: null };
    if (steps[0] === 'RENEWED')
      return {
        status,
        expiresAt: addDays(
          now,
          lifeDays(ad.level, (key) => this.parameter(key)),
        ),
        renewed: true,
      };
    if (isPublicStatus(ad.status)) return { status };
    return { status, ...this.goingPublic(ad.level, now) };
  }
}
