/* eslint-disable max-lines -- not split yet: the split into sections (decision 0086) made gateway/test/risk-signals.test.ts lose its race with moderation's review of an admin decision most runs, so it was reverted (issue 15, part 2a). */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AD_FIELD_NAMES,
  AD_LIMITS,
  adNeedsPayment,
  auditDiff,
  adSchema,
  adStatusSchema,
  descriptionProblem,
  DEFAULT_AD_LEVEL,
  inReviewQueue,
  isPublicStatus,
  LEVEL_CODES,
  levelSchema,
  OWNER_STATUSES,
  type OwnerStatus,
  PHOTOS_PER_LEVEL,
  PUBLIC_STATUSES,
  validate,
  type AdStatus,
  type Level,
  type Page,
} from '@ruedas/domain';
import { createEvent, listingsStaffAction, opportunityChanged, staffActionEvent, type Actor, type OpportunitySnapshot } from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  forbidden,
  notFound,
  pageNumber,
  toOutbox,
  validationFailed,
  type Clock,
  type Filter,
  type GlobalParameters,
  type Logger,
  type OutboxEntry,
  type OutboxRelay,
  type SortSpec,
} from '@ruedas/platform';
import {
  addDays,
  adminSteps,
  asAdministrator,
  asSeller,
  isAdministrator,
  lifeDays,
  mayRead,
  owns,
  priceInColones,
  statusAfterOwnerEdit,
  SYSTEM_AUTHOR,
  type Caller,
} from './rules';
import type { AdFields, HistoryAuthorKind, HistoryEntry, ListingsCollections, OpportunityDoc, PriceChangeEntry, UserDoc } from './store';

type Change = 'CREATED' | 'UPDATED' | 'STATUS_CHANGED' | 'RENEWED' | 'PHOTOS_CHANGED';

export interface OpportunitiesDeps {
  collections: ListingsCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: GlobalParameters;
  /** How long to wait for the media service's event about a photo id not known yet. */
  photoWaitMs: number;
}

/** One page of a list: the domain's page vocabulary. */
export type { Page };

const PUBLIC = { $in: [...PUBLIC_STATUSES] };
/** Public lists: best level first, newest publication first within a level. */
const BEST_FIRST: SortSpec = { levelRank: -1, publishedAt: -1, _id: 1 };
/** Owner's and admin's lists: newest ad first. */
const NEWEST_FIRST: SortSpec = { dateCreated: -1, _id: 1 };
const PHOTO_POLL_MS = 50;

/** What the audit trail records of an administrator's change of someone's ad: its fields and status, never the plate. */
const AUDITED_AD_FIELDS = [...AD_FIELD_NAMES.filter((name) => name !== 'carIdNumber'), 'status'];

/** GraphQL gives null for a field sent empty: the schema's defaults apply as if it were left out. */
function present(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

export const adFieldsOf = (doc: AdFields): AdFields => Object.fromEntries(AD_FIELD_NAMES.map((name) => [name, doc[name]])) as unknown as AdFields;

/**
 * Validates an ad with the wizard's rules (steps 1 and 2) and answers its stored fields. The schema
 * depends on the date (the year may reach next year); building it costs milliseconds, so a bulk
 * caller builds it once.
 */
export function validAd(input: Record<string, unknown>, schema: ReturnType<typeof adSchema>): AdFields {
  const result = validate(schema, input);
  if (result.ok) return adFieldsOf(result.data as AdFields);
  const level = levelSchema.safeParse(input.level ?? DEFAULT_AD_LEVEL);
  // The values of the schema's messages that depend on the ad (the rules' own ones `translate` fills).
  throw new DomainError('VALIDATION', 'validationFailed', result.errors, {
    maxPhotos: PHOTOS_PER_LEVEL[level.success ? level.data : DEFAULT_AD_LEVEL],
    max: AD_LIMITS.descriptionHardMaxLength,
  });
}

const actorOf = (caller: Caller | null): Actor => (caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'listings' });

/** A page number of a list: the platform's (a whole number from 1, the domain's rule). */
export { pageNumber };

/**
 * The id of an ad created with an idempotency key: the same seller and key always give the same id,
 * so a double submit of the wizard creates one ad.
 */
export function requestAdId(sellerId: string, requestId: unknown): string {
  if (typeof requestId !== 'string' || requestId.length < 1 || requestId.length > 100) throw validationFailed({ requestId: 'invalidRequestId' });
  const hex = createHash('sha256').update(`${sellerId}\u0000${requestId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16] as string, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a completed payment paid for, as billing's events say. */
export interface PaidFor {
  level: Level;
  /** Whether quick approval of a free ad was paid. */
  quickApproval: boolean;
  /** What paid (invoice id or plan), for the log. */
  source: string;
}

/** The snapshot every consumer gets: no plate, no creation date. */
export function snapshotOf(ad: OpportunityDoc, seller: UserDoc | null, crcPerUsd: number): OpportunitySnapshot {
  const fields = adFieldsOf(ad);
  const { carIdNumber: _plate, ...car } = fields;
  return {
    id: ad._id,
    ...car,
    phoneList: fields.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    priceCrc: priceInColones(ad.price, ad.currency, crcPerUsd),
    status: ad.status,
    paymentPending: ad.paymentPending ?? false,
    publishedAt: ad.publishedAt?.toISOString() ?? null,
    expiresAt: ad.expiresAt?.toISOString() ?? null,
    seller: {
      id: ad.sellerId,
      fullName: seller?.fullName ?? '',
      userType: seller?.userType ?? 'PERSON',
      testUser: seller?.role === 'TESTUSER',
    },
  };
}

/** The snapshot event of an ad at its current version, ready for the outbox. */
export function snapshotEntry(
  ad: OpportunityDoc,
  seller: UserDoc | null,
  crcPerUsd: number,
  actor: Actor,
  change: Change,
  previousStatus: AdStatus | null,
  at: Date,
): OutboxEntry {
  return toOutbox(
    opportunityChanged.topic,
    createEvent(opportunityChanged, {
      aggregateId: ad._id,
      aggregateVersion: ad.version,
      actor,
      occurredAt: at,
      payload: { opportunity: snapshotOf(ad, seller, crcPerUsd), change, previousStatus },
    }),
  );
}

/** The ad rules of the listings service; resolvers only translate GraphQL to these calls. */
/** The public face of an ad that is no longer public (`unavailableOpportunity`). */
export interface UnavailableAd {
  id: string;
  reason: 'SOLD' | 'EXPIRED' | 'REMOVED';
  brand: string;
  model: string;
  year: number;
  style: string;
}

export class Opportunities {
  constructor(private readonly deps: OpportunitiesDeps) {}

  private get ads() {
    return this.deps.collections.opportunities;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  parameter(key: Parameters<GlobalParameters['get']>[0]): number {
    return this.deps.parameters.get(key);
  }

  user(id: string): Promise<UserDoc | null> {
    return this.deps.collections.users.findById(id);
  }

  /** Who signs a history entry: the caller as identity describes them, or the system. */
  private async author(caller: Caller | null): Promise<Pick<HistoryEntry, 'email' | 'fullName'>> {
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
    const outbox = [event];
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

  private async save(...args: Parameters<Opportunities['trySave']>): Promise<OpportunityDoc> {
    const saved = await this.trySave(...args);
    if (!saved) throw new DomainError('CONFLICT', 'errorOccurred');
    return saved;
  }

  /** The changes that start a new public life: published now, ends after one period of its level. */
  private goingPublic(level: Level, now: Date): Partial<OpportunityDoc> {
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

  /**
   * What anybody may know of an ad that was public and is not any more (spec: a sold or expired ad's
   * link tells why and offers similar cars): the reason and the car. Null for an unknown id, an ad
   * that is public, or one that never went public (nothing to tell of an ad nobody saw).
   */
  async unavailable(id: string): Promise<UnavailableAd | null> {
    const ad = await this.ads.findById(id);
    if (!ad || isPublicStatus(ad.status) || !ad.publishedAt) return null;
    const reason = ad.status === 'SOLD' || ad.status === 'EXPIRED' ? ad.status : 'REMOVED';
    return { id: ad._id, reason, brand: ad.brand, model: ad.model, year: ad.year, style: ad.style };
  }

  /** An ad the caller may change: its owner or an administrator. */
  async managed(id: string, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.read(id, caller);
    const me = asSeller(caller);
    if (!owns(ad, me) && !isAdministrator(me)) throw forbidden();
    return ad;
  }

  /**
   * Creates an ad in PENDING_APPROVAL; `paymentPending` when it needs a payment (billing's checkout
   * settles it). With `requestId` (an idempotency key) the same seller and key answer the same ad.
   */
  async create(input: Record<string, unknown>, caller: Caller | null, requestId?: unknown): Promise<OpportunityDoc> {
    const me = asSeller(caller);
    const id = requestId === undefined || requestId === null ? randomUUID() : requestAdId(me.userId, requestId);
    if (requestId !== undefined && requestId !== null) {
      const existing = await this.ads.findById(id);
      if (existing) return existing;
    }
    const now = this.now();
    const fields = validAd(present(input), adSchema(now));
    this.checkDescription(fields);
    await this.checkPhotos(me.userId, fields.attachmentIds, []);
    const draft: OpportunityDoc = {
      _id: id,
      ...fields,
      sellerId: me.userId,
      status: 'PENDING_APPROVAL',
      levelRank: LEVEL_CODES[fields.level],
      dateCreated: now,
      publishedAt: null,
      expiresAt: null,
      renewed: false,
      notifiedFor: null,
      viewCount: 0,
      paymentPending: adNeedsPayment(fields.level, fields.autoApproval),
      history: [{ ...(await this.author(caller)), status: 'PENDING_APPROVAL', statusDate: now }],
      version: 1,
    };
    const event = snapshotEntry(draft, await this.user(me.userId), this.parameter('EXCHANGE_RATE_CRC_PER_USD'), actorOf(caller), 'CREATED', null, now);
    try {
      const ad = await this.ads.insertOne({ ...draft, outbox: [event] });
      this.deps.outbox.notify();
      return ad;
    } catch (error) {
      // A concurrent submit with the same key won: answer its ad.
      const existing = error instanceof DuplicateKeyError ? await this.ads.findById(id) : null;
      if (existing) return existing;
      throw error;
    }
  }

  async update(id: string, input: Record<string, unknown>, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.managed(id, caller);
    const fields = validAd({ ...adFieldsOf(ad), ...present(input) }, adSchema(this.now()));
    this.checkDescription(fields);
    const admin = isAdministrator(caller);
    const status = admin ? ad.status : statusAfterOwnerEdit(ad.status);
    if (!status) throw new DomainError('CONFLICT', 'statusChangeNotAllowed');
    // A level is paid for: the owner chooses it while the ad waits for payment, not afterwards.
    if (!admin && fields.level !== ad.level && ad.status !== 'PENDING_APPROVAL') throw validationFailed({ level: 'invalidLevel' });
    await this.checkPhotos(ad.sellerId, fields.attachmentIds, ad.attachmentIds);
    const photosOnly = AD_FIELD_NAMES.every((name) => name === 'attachmentIds' || JSON.stringify(fields[name]) === JSON.stringify(ad[name]));
    // An ad never published and waiting: what it must pay follows its (new) level and quick approval.
    const unpaid = ad.status === 'PENDING_APPROVAL' && ad.publishedAt === null;
    const payment = unpaid ? { paymentPending: adNeedsPayment(fields.level, fields.autoApproval) } : {};
    return this.save(ad, { ...fields, ...payment, status }, caller, photosOnly ? 'PHOTOS_CHANGED' : 'UPDATED', status !== ad.status ? [status] : []);
  }

  /** The owner (or an administrator) marks a public ad SOLD; a sold ad is final for its owner. */
  async markSold(id: string, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.managed(id, caller);
    if (!isPublicStatus(ad.status)) throw new DomainError('CONFLICT', 'statusChangeNotAllowed');
    return this.save(ad, { status: 'SOLD', expiresAt: null }, caller, 'STATUS_CHANGED', ['SOLD']);
  }

  /** An administrator sets any status; every step is in the history. */
  async setStatus(id: string, status: unknown, caller: Caller | null): Promise<OpportunityDoc> {
    asAdministrator(caller);
    const parsed = adStatusSchema.safeParse(status);
    if (!parsed.success) throw validationFailed({ status: 'invalidStatus' });
    const ad = await this.read(id, caller);
    if (parsed.data === ad.status) return ad;
    const steps = adminSteps(ad.status, parsed.data);
    return this.save(ad, this.lifeAfter(ad, steps), caller, 'STATUS_CHANGED', steps);
  }

  /**
   * A payment completed (billing's invoice paid, or a unit of a plan used): the waiting ad goes
   * public at once (auto-approval), in the history. Nothing happens, and it is logged, when what was
   * paid does not match the ad (another level, or quick approval the ad does not ask for).
   */
  async completePayment(id: string, paid: PaidFor, logger: Logger): Promise<OpportunityDoc | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad) {
        logger.warn({ opportunityId: id, source: paid.source }, 'payment for an unknown ad; ignored');
        return null;
      }
      const matches = paid.level === ad.level && (ad.level !== 'FREE' || (paid.quickApproval && ad.autoApproval));
      if (!matches) {
        logger.warn(
          { opportunityId: id, source: paid.source, paid: paid.level, level: ad.level, autoApproval: ad.autoApproval },
          'payment does not match the ad; nothing changed',
        );
        return null;
      }
      if (ad.status !== 'PENDING_APPROVAL') {
        if (!ad.paymentPending) return ad;
        const saved = await this.trySave(ad, { paymentPending: false }, null, 'UPDATED');
        if (saved) return saved;
        continue;
      }
      const saved = await this.trySave(
        ad,
        { status: 'PUBLIC_ONLINE', paymentPending: false, ...this.goingPublic(ad.level, this.now()) },
        null,
        'STATUS_CHANGED',
        ['PUBLIC_ONLINE'],
      );
      if (saved) return saved;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /** A paid ad's payment was cancelled (refund recorded by billing): the ad leaves the public lists as EXPIRED. */
  async cancelPayment(id: string, logger: Logger): Promise<OpportunityDoc | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad) {
        logger.warn({ opportunityId: id }, 'cancelled payment of an unknown ad; ignored');
        return null;
      }
      if (ad.status === 'EXPIRED' || ad.status === 'SOLD') return ad;
      const saved = await this.trySave(ad, { status: 'EXPIRED', expiresAt: null, paymentPending: false }, null, 'STATUS_CHANGED', ['EXPIRED']);
      if (saved) return saved;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /**
   * An administrator's decision from the moderation service's review queue. Applied only while the
   * ad is at the version the administrator saw and still waits for review (PENDING_APPROVAL without
   * a pending payment, or MODIFIED); anything else is logged and ignored (a newer version of the ad
   * goes back to the queue by its own snapshot). Approving a PENDING_APPROVAL ad writes APPROVED then
   * PUBLIC_ONLINE, a MODIFIED one PUBLIC_ONLINE; rejecting writes REJECTED. The administrator signs
   * the history entries.
   */
  async applyReview(
    review: { opportunityId: string; opportunityVersion: number; decision: 'APPROVED' | 'REJECTED'; reason?: string | null; reviewerId: string },
    logger: Logger,
  ): Promise<OpportunityDoc | null> {
    const ad = await this.ads.findById(review.opportunityId);
    const waiting = ad !== null && inReviewQueue(ad);
    if (!ad || !waiting || ad.version !== review.opportunityVersion) {
      logger.warn({ ...review, status: ad?.status, version: ad?.version }, 'review decision about an ad no longer as reviewed; ignored');
      return null;
    }
    const admin: Caller = { userId: review.reviewerId, role: 'ADMINISTRATOR' };
    const steps = review.decision === 'APPROVED' ? adminSteps(ad.status, 'PUBLIC_ONLINE') : (['REJECTED'] as AdStatus[]);
    // The owner reads the reason on the ad too, not only in the mail (issue 13).
    const reason = review.decision === 'REJECTED' ? { rejectionReason: review.reason ?? null } : {};
    const saved = await this.trySave(ad, { ...this.lifeAfter(ad, steps), ...reason }, admin, 'STATUS_CHANGED', steps);
    if (!saved) logger.warn({ ...review }, 'the ad changed while a review decision was applied; ignored');
    return saved;
  }

  /**
   * Moderation held a public ad for review (issue 20: its risk score, or reports by several people):
   * it leaves the public lists as PENDING_APPROVAL with no payment pending, so it waits in the review
   * queue until an administrator approves or rejects it. Written in the history by the system; an
   * ad no longer public is left as it is.
   */
  async hold(id: string, logger: Logger): Promise<OpportunityDoc | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad || !isPublicStatus(ad.status)) {
        logger.info({ opportunityId: id, status: ad?.status }, 'hold of an ad not public; nothing to hide');
        return null;
      }
      const saved = await this.trySave(ad, { status: 'PENDING_APPROVAL', paymentPending: false, expiresAt: null }, null, 'STATUS_CHANGED', [
        'PENDING_APPROVAL',
      ]);
      if (saved) return saved;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /** The status and life dates after a series of steps ending in the last one. */
  private lifeAfter(ad: OpportunityDoc, steps: AdStatus[]): Partial<OpportunityDoc> {
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

  /**
   * Refuses photo ids that are not the seller's own. Only newly attached ids are checked; an id not
   * known yet is waited for a little, since the upload's event may lag behind its answer.
   */
  private async checkPhotos(sellerId: string, ids: string[], attached: string[]): Promise<void> {
    const fresh = [...new Set(ids.filter((id) => !attached.includes(id)))];
    if (fresh.length === 0) return;
    const deadline = Date.now() + this.deps.photoWaitMs;
    for (;;) {
      const known = await this.deps.collections.photos.find({ _id: { $in: fresh } });
      const mine = known.filter((photo) => photo.ownerId === sellerId).length;
      if (mine === fresh.length) return;
      if (mine < known.length || Date.now() >= deadline) throw validationFailed({ attachmentIds: 'photoNotOwned' });
      await sleep(PHOTO_POLL_MS);
    }
  }

  /** A photo was deleted: the ads that showed it stop showing it. */
  async detachPhoto(photoId: string): Promise<void> {
    for (const ad of await this.ads.find({ attachmentIds: photoId })) {
      await this.save(ad, { attachmentIds: ad.attachmentIds.filter((id) => id !== photoId) }, null, 'PHOTOS_CHANGED');
    }
  }

  /**
   * The seller's name, type or role changed at identity: every ad of theirs publishes a fresh
   * snapshot, so the copies other services keep (search, share pages, the dashboard's TESTUSER
   * rule) follow. A concurrent change of an ad publishes its own snapshot, so a lost race is skipped.
   */
  async sellerChanged(sellerId: string): Promise<void> {
    for (const ad of await this.ads.find({ sellerId })) await this.trySave(ad, {}, null, 'UPDATED');
  }

  /** Counts one view with an atomic increment; the ad's version and snapshot do not change. */
  async countView(id: string, caller: Caller | null): Promise<number> {
    await this.read(id, caller);
    const ad = await this.ads.findOneAndUpdate({ _id: id }, { $inc: { viewCount: 1 } });
    if (!ad) throw notFound();
    return ad.viewCount;
  }

  /**
   * An administrator reads who made each change. An owner reads their own changes and the system's
   * as they are, and an administrator's as the marketplace's (SYSTEM_AUTHOR): the e-mail and name of
   * a staff account are private (User.email), not the advertiser's to read.
   */
  async history(id: string, caller: Caller | null): Promise<Array<HistoryEntry & { authorKind: HistoryAuthorKind }>> {
    const ad = await this.managed(id, caller);
    // Entries written before `authorKind` existed: the system signs as itself; any other author than the owner is staff.
    const ownerEmail = (await this.user(ad.sellerId))?.email ?? '';
    const kindOf = (entry: HistoryEntry): HistoryAuthorKind =>
      entry.authorKind ?? (entry.email === SYSTEM_AUTHOR.email ? 'SYSTEM' : entry.email === ownerEmail ? 'USER' : 'STAFF');
    const entries = ad.history.map((entry) => ({ ...entry, authorKind: kindOf(entry) }));
    if (isAdministrator(caller)) return entries;
    // Issue 13: the owner reads an administrator's change as the staff's (not the system's), without the
    // administrator's e-mail or name (staff e-mails are private, decision 0015).
    return entries.map((entry) => (entry.authorKind === 'STAFF' ? { ...entry, email: '', fullName: '' } : entry));
  }

  async contact(id: string, caller: Caller | null): Promise<{ fullName: string; phones: AdFields['phoneList'] }> {
    const ad = await this.read(id, caller);
    const seller = await this.user(ad.sellerId);
    return { fullName: seller?.fullName ?? '', phones: ad.phoneList };
  }

  /** The seller's description within the AD_DESCRIPTION_MAX_LENGTH global parameter (issue 13). */
  private checkDescription(fields: AdFields): void {
    const max = this.parameter('AD_DESCRIPTION_MAX_LENGTH');
    if (descriptionProblem(fields.description, max)) throw new DomainError('VALIDATION', 'validationFailed', { description: 'invalidDescription' }, { max });
  }

  /** The lists of the schema. */
  async carousel(): Promise<OpportunityDoc[]> {
    return this.ads.find({ status: PUBLIC, level: 'GOLD' }, { sort: { publishedAt: -1, _id: 1 }, limit: this.parameter('GOLD_CAROUSEL_COUNT') });
  }

  available(page: number): Promise<Page<OpportunityDoc>> {
    return this.page({ status: PUBLIC }, BEST_FIRST, page);
  }

  sellerAds(sellerId: string, page: number): Promise<Page<OpportunityDoc>> {
    return this.page({ sellerId, status: PUBLIC }, BEST_FIRST, page);
  }

  /** How many ads the signed-in seller has in each of the six owner statuses, in their order. */
  async mineCounts(caller: Caller | null): Promise<Array<{ status: OwnerStatus; count: number }>> {
    const me = asSeller(caller);
    return Promise.all(OWNER_STATUSES.map(async (status) => ({ status, count: await this.ads.count({ sellerId: me.userId, status }) })));
  }

  mine(status: unknown, page: number, caller: Caller | null): Promise<Page<OpportunityDoc>> {
    const me = asSeller(caller);
    if (!(OWNER_STATUSES as readonly unknown[]).includes(status)) throw validationFailed({ status: 'invalidStatus' });
    return this.page({ sellerId: me.userId, status }, NEWEST_FIRST, page);
  }

  byStatus(status: unknown, page: number, caller: Caller | null): Promise<Page<OpportunityDoc>> {
    asAdministrator(caller);
    if (!adStatusSchema.safeParse(status).success) throw validationFailed({ status: 'invalidStatus' });
    return this.page({ status }, NEWEST_FIRST, page);
  }

  /** A user's public ads: that user or an administrator. */
  userActive(userId: string, page: number, caller: Caller | null): Promise<Page<OpportunityDoc>> {
    if (asSeller(caller).userId !== userId && !isAdministrator(caller)) throw forbidden();
    return this.page({ sellerId: userId, status: PUBLIC }, { publishedAt: -1, _id: 1 }, page);
  }

  userAds(userId: string, page: number, caller: Caller | null): Promise<Page<OpportunityDoc>> {
    asAdministrator(caller);
    return this.page({ sellerId: userId }, NEWEST_FIRST, page);
  }

  private async page(filter: Filter, sort: SortSpec, page: unknown): Promise<Page<OpportunityDoc>> {
    const number = pageNumber(page);
    const pageSize = this.parameter('ITEMS_PER_LIST');
    const [totalItems, items] = await Promise.all([
      this.ads.count(filter),
      this.ads.find(filter, { sort, skip: (number - 1) * pageSize, limit: pageSize, projection: { outbox: 0 } }),
    ]);
    return { items, page: number, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
  }
}
