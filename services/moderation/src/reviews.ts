import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createEvent, opportunityReviewed } from '@ruedas/events';
import {
  DomainError,
  notFound,
  seekPage,
  toOutbox,
  validationFailed,
  type Clock,
  type Logger,
  type Mailer,
  type OutboxRelay,
  type SortSpec,
} from '@ruedas/platform';
import { reviewMail } from './mails';
import type { ParameterAdmin } from './parameters';
import { asAdministrator, inReviewQueue, isPublic, REASON_MAX_LENGTH, type Caller, type Page } from './rules';
import { QUEUED, type AdDoc, type DecisionDoc, type ModerationCollections } from './store';

/** An ad of the review queue with its unresolved complaints. */
export interface QueuedAd extends AdDoc {
  openComplaints: number;
  /** At least COMPLAINTS_TO_FLAG unresolved complaints. */
  flagged: boolean;
}

export interface ReviewDecision {
  reviewId: string;
  opportunityId: string;
  decision: 'APPROVED' | 'REJECTED';
  reason: string | null;
}

export interface ReviewsDeps {
  collections: ModerationCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: ParameterAdmin;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  /** How long an administrator's request waits for listings' answer to the decision (issue 28). */
  decisionWaitMs?: number;
}

/** How long an administrator's request waits for listings to apply or refuse the decision. */
export const DECISION_WAIT_MS = 10_000;
/** Decisions and their outcomes are kept this long, then deleted as new ones are taken. */
export const DECISION_RETENTION_DAYS = 30;
/** How often a waiting request looks at the decision in the store (another copy may have recorded its outcome). */
const POLL_MS = 50;

/**
 * The review queue (a projection of listings' snapshots) and the administrators' decisions. A
 * decision is an `OpportunityReviewed` event written into the ad's document, about the version of
 * the ad the administrator saw; listings applies it or refuses it and answers `ReviewSettled`. The
 * administrator's request waits for that answer (issue 28): success means the decision applied, a
 * refusal is answered in words, and the owner is mailed the outcome of an applied one.
 */
export class Reviews {
  private readonly waiting = new EventEmitter();

  constructor(private readonly deps: ReviewsDeps) {
    this.waiting.setMaxListeners(0);
  }

  private get ads() {
    return this.deps.collections.ads;
  }

  async openComplaints(opportunityId: string): Promise<number> {
    return this.deps.collections.complaints.count({ opportunityId, resolved: false });
  }

  /** Riskiest first (then oldest waiting first), or oldest waiting first; by page number or after a cursor (`seekPage`, issue 30). */
  async queue(page: unknown, caller: Caller | null, order: 'RISK' | 'OLDEST' = 'RISK', after?: unknown): Promise<Page<QueuedAd>> {
    asAdministrator(caller);
    const [pageSize, threshold] = await Promise.all([this.deps.parameters.get('ITEMS_PER_LIST'), this.deps.parameters.get('COMPLAINTS_TO_FLAG')]);
    const sort: SortSpec = order === 'RISK' ? { riskScore: -1, queuedAt: 1, _id: 1 } : { queuedAt: 1, _id: 1 };
    const ads = await seekPage(this.ads, QUEUED, sort, { page, after, pageSize, projection: { outbox: 0 } });
    const items = await Promise.all(
      ads.items.map(async (ad) => {
        const openComplaints = await this.openComplaints(ad._id);
        return { ...ad, openComplaints, flagged: openComplaints >= threshold };
      }),
    );
    return { ...ads, items };
  }

  /** One ad of the queue (issue 31's review screen), or null when it no longer waits for review. */
  async item(id: string, caller: Caller | null): Promise<QueuedAd | null> {
    asAdministrator(caller);
    const ad = await this.ads.findById(id);
    if (!ad || !inReviewQueue(ad) || ad.queuedAt === null) return null;
    const [openComplaints, threshold] = await Promise.all([this.openComplaints(id), this.deps.parameters.get('COMPLAINTS_TO_FLAG')]);
    return { ...ad, openComplaints, flagged: openComplaints >= threshold };
  }

  /** What a seller published before: their ads (the latest 500), public and rejected ones, and the open reports about them. */
  async sellerHistory(sellerId: string): Promise<{ adCount: number; publicAdCount: number; rejectedAdCount: number; openComplaints: number }> {
    const ads = await this.ads.find({ sellerId }, { projection: { outbox: 0 }, sort: { firstSeenAt: -1 }, limit: 500 });
    const openComplaints =
      ads.length === 0 ? 0 : await this.deps.collections.complaints.count({ opportunityId: { $in: ads.map((ad) => ad._id) }, resolved: false });
    return {
      adCount: ads.length,
      publicAdCount: ads.filter((ad) => isPublic(ad.status)).length,
      rejectedAdCount: ads.filter((ad) => ad.status === 'REJECTED').length,
      openComplaints,
    };
  }

  approve(id: string, caller: Caller | null, version?: unknown): Promise<ReviewDecision> {
    return this.decide(id, 'APPROVED', null, caller, version);
  }

  reject(id: string, reason: unknown, caller: Caller | null, version?: unknown): Promise<ReviewDecision> {
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (text.length < 1 || text.length > REASON_MAX_LENGTH) throw validationFailed({ reason: 'invalidRejectionReason' });
    return this.decide(id, 'REJECTED', text, caller, version);
  }

  /**
   * Publishes the decision about the version of the ad the administrator saw (`version`, by default
   * the one moderation knows, which the queue showed) and waits for listings' answer: answers the
   * decision once applied; CONFLICT in words when refused (the seller changed the ad after it was
   * opened, or it no longer waits for review); UNAVAILABLE when no answer came in time (the decision
   * carries that deadline, and listings refuses it after).
   */
  private async decide(
    id: string,
    decision: ReviewDecision['decision'],
    reason: string | null,
    caller: Caller | null,
    version: unknown,
  ): Promise<ReviewDecision> {
    const admin = asAdministrator(caller);
    if (version !== undefined && version !== null && !(Number.isInteger(version) && (version as number) >= 0))
      throw validationFailed({ version: 'invalidAdVersion' });
    const seen = typeof version === 'number' ? version : null;
    const waitMs = this.deps.decisionWaitMs ?? DECISION_WAIT_MS;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad) throw notFound();
      if (seen !== null && seen < ad.version) throw new DomainError('CONFLICT', 'opportunityChangedSinceReview');
      // Moderation's copy may be behind what the administrator saw: then listings alone can tell.
      const ahead = seen !== null && seen > ad.version;
      if (!ahead && (!inReviewQueue(ad) || ad.queuedAt === null)) throw new DomainError('CONFLICT', 'opportunityNotInReview');
      const reviewId = randomUUID();
      const now = this.deps.clock.now();
      const opportunityVersion = seen ?? ad.version;
      await this.deps.collections.decisions.insertOne({
        _id: reviewId,
        opportunityId: id,
        decision,
        reason,
        reviewerId: admin.userId,
        opportunityVersion,
        riskScore: ad.riskScore ?? 0,
        heldFor: ad.heldFor ?? null,
        decidedAt: now,
        outcome: null,
        refusal: null,
        settledAt: null,
      });
      const event = toOutbox(
        opportunityReviewed.topic,
        createEvent(opportunityReviewed, {
          aggregateId: id,
          aggregateVersion: ad.reviewCount + 1,
          actor: { kind: 'user', id: admin.userId },
          occurredAt: now,
          payload: {
            reviewId,
            opportunityId: id,
            opportunityVersion,
            decision,
            reason,
            reviewerId: admin.userId,
            validUntil: new Date(now.getTime() + waitMs).toISOString(),
          },
        }),
      );
      const saved = await this.ads.findOneAndUpdate(
        { _id: id, version: ad.version, reviewCount: ad.reviewCount },
        { $set: { reviewCount: ad.reviewCount + 1 }, $push: { outbox: event } },
      );
      if (!saved) {
        await this.deps.collections.decisions.deleteOne({ _id: reviewId });
        continue;
      }
      this.deps.outbox.notify();
      await this.prune(now);
      const settled = await this.settlement(reviewId, waitMs);
      if (!settled) {
        this.deps.logger.warn({ reviewId, opportunityId: id, waitMs }, 'no answer from listings to a review decision in time');
        throw new DomainError('UNAVAILABLE', 'reviewDecisionUnconfirmed');
      }
      if (settled.outcome === 'REFUSED') throw new DomainError('CONFLICT', settled.refusal ?? 'opportunityNotInReview');
      return { reviewId, opportunityId: id, decision, reason };
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /** The decision once listings answered it; null when no answer came within `waitMs` (plus a margin for the answer's way back). */
  private async settlement(reviewId: string, waitMs: number): Promise<DecisionDoc | null> {
    const until = Date.now() + waitMs + Math.min(waitMs, 2_000);
    for (;;) {
      const doc = await this.deps.collections.decisions.findById(reviewId);
      if (doc?.outcome) return doc;
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.off(reviewId, done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(POLL_MS, left));
        this.waiting.once(reviewId, done);
      });
    }
  }

  /** Deletes the decisions past their retention (idempotent: copies doing it at once delete the same ones). */
  private async prune(now: Date): Promise<void> {
    await this.deps.collections.decisions.deleteMany({ decidedAt: { $lt: new Date(now.getTime() - DECISION_RETENTION_DAYS * 86_400_000) } });
  }

  /**
   * Listings answered a decision (`ReviewSettled`): once applied, the ad leaves the queue (unless a
   * newer version of it is there), the score and reports it decided on are settled, and the owner is
   * mailed the outcome once; then the waiting request is told. A second answer changes nothing.
   */
  async settle(answer: { reviewId: string; opportunityId: string; outcome: 'APPLIED' | 'REFUSED'; refusal: string | null; opportunityVersion: number }) {
    const decision = await this.deps.collections.decisions.findById(answer.reviewId);
    if (!decision || decision.outcome) return;
    if (answer.outcome === 'APPLIED') {
      // An approval of an ad that reports hid: those reports were groundless, their reporters' next ones weigh less (issue 28).
      if (decision.decision === 'APPROVED' && decision.heldFor === 'REPORTS') {
        await this.deps.collections.complaints.updateMany(
          { opportunityId: decision.opportunityId, resolved: false, dateCreated: { $lte: decision.decidedAt } },
          { $set: { dismissed: true } },
        );
      }
      await this.ads.updateOne(
        { _id: decision.opportunityId },
        {
          $set: {
            reviewId: decision._id,
            reviewDecision: decision.decision,
            reviewReason: decision.reason,
            reviewerId: decision.reviewerId,
            // The administrator decided on this score and these reports (issue 20): only new ones hold it again.
            clearedScore: decision.riskScore,
            decidedAt: decision.decidedAt,
            heldFor: null,
            heldAt: null,
            autoPublished: false,
          },
        },
      );
      await this.ads.updateOne({ _id: decision.opportunityId, version: { $lte: answer.opportunityVersion } }, { $set: { queuedAt: null } });
      await this.mailOwner(decision);
    }
    await this.deps.collections.decisions.updateOne(
      { _id: decision._id, outcome: null },
      { $set: { outcome: answer.outcome, refusal: answer.refusal, settledAt: this.deps.clock.now() } },
    );
    this.waiting.emit(decision._id);
  }

  private async mailOwner(decision: DecisionDoc): Promise<void> {
    const ad = await this.ads.findById(decision.opportunityId);
    if (!ad || ad.mailedReviewId === decision._id) return;
    const owner = await this.deps.collections.users.findById(ad.sellerId);
    if (!owner) {
      this.deps.logger.warn({ opportunityId: ad._id, sellerId: ad.sellerId }, 'owner of a reviewed ad unknown; no mail sent');
      return;
    }
    await this.deps.mailer.send(
      reviewMail({
        to: owner.email,
        locale: owner.language,
        decision: decision.decision,
        reason: decision.reason,
        ad: { id: ad._id, brand: ad.brand, model: ad.model, year: ad.year },
        publicUrl: this.deps.publicUrl,
        key: `review:${decision._id}`,
      }),
    );
    await this.ads.updateOne({ _id: ad._id }, { $set: { mailedReviewId: decision._id } });
  }
}
