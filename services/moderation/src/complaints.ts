import { randomUUID } from 'node:crypto';
import { COMPLAINT_OUTCOMES, complaintSchema, validate, type ComplaintOutcome } from '@ruedas/domain';
import { complaintFiled, complaintResolved, createEvent, moderationStaffAction, staffActionEvent } from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  notFound,
  seekPage,
  toOutbox,
  validationFailed,
  type Clock,
  type OutboxRelay,
  type RateLimitNote,
} from '@ruedas/platform';
import type { ParameterAdmin } from './parameters';
import {
  asAdministrator,
  clientKey,
  COMPLAINTS_PER_HOUR_PER_ADDRESS,
  COMPLAINTS_PER_HOUR_PER_PERSON,
  HOUR_MS,
  isPublic,
  type Caller,
  type Page,
} from './rules';
import type { AdDoc, ComplaintDoc, ModerationCollections } from './store';

export interface ComplaintsDeps {
  collections: ModerationCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: ParameterAdmin;
}

/** A complaint with what an administrator needs of its ad. */
export interface ComplaintView extends ComplaintDoc {
  ad: Pick<AdDoc, 'brand' | 'model' | 'year' | 'status'> | null;
}

const snapshot = (doc: ComplaintDoc) => ({
  id: doc._id,
  opportunityId: doc.opportunityId,
  details: doc.details,
  dateCreated: doc.dateCreated.toISOString(),
  resolved: doc.resolved,
});

/**
 * Complaints about ads. Anybody may report a public ad; one person (a signed-in user, or a visitor
 * by client address) keeps at most one unresolved complaint per ad and files at most
 * COMPLAINTS_PER_HOUR_PER_PERSON an hour; one address at most COMPLAINTS_PER_HOUR_PER_ADDRESS.
 */
export class Complaints {
  constructor(private readonly deps: ComplaintsDeps) {}

  private get complaints() {
    return this.deps.collections.complaints;
  }

  /**
   * Where a reporter (or an address) stands in its hourly allowance before filing one more: its
   * complaints of the last hour, and the seconds until the oldest of them stops counting.
   */
  private async lastHour(filter: { reporterKey: string } | { clientAddress: string }, limit: number, now: Date): Promise<RateLimitNote> {
    const recent = { ...filter, dateCreated: { $gt: new Date(now.getTime() - HOUR_MS) } };
    const count = await this.complaints.count(recent);
    const [oldest] = count ? await this.complaints.find(recent, { sort: { dateCreated: 1 }, limit: 1, projection: { outbox: 0 } }) : [];
    const resetSeconds = oldest ? Math.max(1, Math.ceil((oldest.dateCreated.getTime() + HOUR_MS - now.getTime()) / 1000)) : HOUR_MS / 1000;
    return { limit, remaining: limit - count, resetSeconds };
  }

  async report(
    input: { opportunityId?: unknown; category?: unknown; details?: unknown },
    caller: Caller | null,
    clientAddress: string | null,
    /** The request's rate-limit notes (the `RateLimit-*` headers): where the reporter stands after this complaint. */
    rateLimits?: RateLimitNote[],
  ): Promise<ComplaintDoc> {
    const checked = validate(complaintSchema, input);
    if (!checked.ok) throw validationFailed(checked.errors);
    const { opportunityId, category, details } = checked.data;
    const ad = await this.deps.collections.ads.findById(opportunityId);
    if (!ad || !isPublic(ad.status)) throw notFound();
    const reporterKey = clientKey(caller, clientAddress);
    if (await this.complaints.findOne({ opportunityId, reporterKey, resolved: false })) throw new DomainError('CONFLICT', 'complaintAlreadyOpen');
    const now = this.deps.clock.now();
    const windows = [await this.lastHour({ reporterKey }, COMPLAINTS_PER_HOUR_PER_PERSON, now)];
    if (clientAddress) windows.push(await this.lastHour({ clientAddress }, COMPLAINTS_PER_HOUR_PER_ADDRESS, now));
    for (const window of windows) {
      // Refused until the oldest complaint of the hour stops counting (Retry-After).
      if (window.remaining <= 0) throw new DomainError('RATE_LIMITED', 'tooManyRequests', undefined, { limit: window.limit, retryAfter: window.resetSeconds });
    }
    // Two simultaneous reports of one person about one ad collide on the unique index of open
    // complaints (`one_open_per_reporter`) instead of both being filed. The id is new each time:
    // resolved complaints go after COMPLAINT_RETENTION_DAYS, so counting them could repeat an id.
    const id = randomUUID().replace(/-/g, '');
    const doc: ComplaintDoc = {
      _id: id,
      opportunityId,
      category,
      details,
      outcome: null,
      reporterKey,
      reporterId: caller?.userId ?? null,
      clientAddress,
      dateCreated: now,
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
      version: 1,
    };
    const event = createEvent(complaintFiled, {
      aggregateId: id,
      aggregateVersion: 1,
      actor: caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'visitor' },
      occurredAt: now,
      payload: { complaint: snapshot(doc), reporterId: doc.reporterId, byTestUser: caller?.role === 'TESTUSER' },
    });
    try {
      const saved = await this.complaints.insertOne({ ...doc, outbox: [toOutbox(complaintFiled.topic, event)] });
      this.deps.outbox.notify();
      // This complaint counts too; the first of a fresh hour stops counting an hour from now.
      for (const window of windows) {
        rateLimits?.push({
          limit: window.limit,
          remaining: window.remaining - 1,
          resetSeconds: window.remaining === window.limit ? HOUR_MS / 1000 : window.resetSeconds,
        });
      }
      return saved;
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new DomainError('CONFLICT', 'complaintAlreadyOpen');
      throw error;
    }
  }

  /** Newest first, with the ad's brand, model and year; by page number or after a cursor (`seekPage`, issue 30). */
  async list(resolved: boolean, page: unknown, caller: Caller | null, after?: unknown): Promise<Page<ComplaintView>> {
    asAdministrator(caller);
    const pageSize = await this.deps.parameters.get('ITEMS_PER_LIST');
    const docs = await seekPage(this.complaints, { resolved }, { dateCreated: -1, _id: 1 }, { page, after, pageSize, projection: { outbox: 0 } });
    const ads = await this.deps.collections.ads.find({ _id: { $in: [...new Set(docs.items.map((doc) => doc.opportunityId))] } }, { projection: { outbox: 0 } });
    const byId = new Map(ads.map((ad) => [ad._id, ad]));
    const items = docs.items.map((doc) => {
      const ad = byId.get(doc.opportunityId);
      return { ...doc, ad: ad ? { brand: ad.brand, model: ad.model, year: ad.year, status: ad.status } : null };
    });
    return { ...docs, items };
  }

  /**
   * Marks a complaint resolved with what was done about it (issue 31), recorded in the audit trail;
   * resolving a resolved one changes nothing and answers it.
   */
  async resolve(id: string, caller: Caller | null, outcomeInput?: unknown): Promise<ComplaintDoc> {
    const admin = asAdministrator(caller);
    if (outcomeInput !== undefined && outcomeInput !== null && !(COMPLAINT_OUTCOMES as readonly unknown[]).includes(outcomeInput))
      throw validationFailed({ outcome: 'invalidComplaintOutcome' });
    const outcome = (outcomeInput ?? null) as ComplaintOutcome | null;
    const before = await this.complaints.findById(id);
    if (!before) throw notFound();
    if (before.resolved) return before;
    const now = this.deps.clock.now();
    // NO_ACTION, or (without an outcome) resolved while the ad stays public: nothing was wrong with
    // it, and the reporter's next reports weigh less (issue 28).
    const ad = await this.deps.collections.ads.findById(before.opportunityId);
    const dismissed = outcome ? outcome === 'NO_ACTION' : ad !== null && isPublic(ad.status);
    const after: ComplaintDoc = { ...before, resolved: true, resolvedAt: now, resolvedBy: admin.userId, version: before.version + 1, outcome };
    const event = createEvent(complaintResolved, {
      aggregateId: id,
      aggregateVersion: after.version,
      actor: { kind: 'user', id: admin.userId },
      occurredAt: now,
      payload: { complaint: snapshot(after), resolvedBy: admin.userId },
    });
    const audit = staffActionEvent(moderationStaffAction, {
      actor: { id: admin.userId, role: admin.role },
      action: 'COMPLAINT_RESOLVED',
      target: { type: 'COMPLAINT', id, label: before.opportunityId },
      before: { resolved: false },
      after: { resolved: true, ...(outcome ? { outcome } : {}) },
      at: now,
    });
    const saved = await this.complaints.findOneAndUpdate(
      { _id: id, resolved: false },
      {
        $set: { resolved: true, resolvedAt: now, resolvedBy: admin.userId, version: after.version, dismissed, outcome },
        $push: { outbox: { $each: [toOutbox(complaintResolved.topic, event), toOutbox(moderationStaffAction.topic, audit)] } },
      },
    );
    if (!saved) return (await this.complaints.findById(id)) as ComplaintDoc;
    this.deps.outbox.notify();
    return saved;
  }
}
