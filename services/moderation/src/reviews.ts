import { randomUUID } from 'node:crypto';
import { createEvent, opportunityReviewed } from '@ruedas/events';
import { DomainError, notFound, toOutbox, validationFailed, type Clock, type OutboxRelay } from '@ruedas/platform';
import type { ParameterAdmin } from './parameters';
import { asAdministrator, inReviewQueue, pageNumber, REASON_MAX_LENGTH, type Caller, type Page } from './rules';
import { QUEUED, type AdDoc, type ModerationCollections } from './store';

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
}

/**
 * The review queue (a projection of listings' snapshots) and the administrators' decisions. A
 * decision is an `OpportunityReviewed` event written into the ad's document; listings applies it,
 * and the owner is mailed when moderation sees the outcome in the next snapshot.
 */
export class Reviews {
  constructor(private readonly deps: ReviewsDeps) {}

  private get ads() {
    return this.deps.collections.ads;
  }

  async openComplaints(opportunityId: string): Promise<number> {
    return this.deps.collections.complaints.count({ opportunityId, resolved: false });
  }

  /** Riskiest first (then oldest waiting first), or oldest waiting first. */
  async queue(page: unknown, caller: Caller | null, order: 'RISK' | 'OLDEST' = 'RISK'): Promise<Page<QueuedAd>> {
    asAdministrator(caller);
    const number = pageNumber(page);
    const [pageSize, threshold] = await Promise.all([this.deps.parameters.get('ITEMS_PER_LIST'), this.deps.parameters.get('COMPLAINTS_TO_FLAG')]);
    const filter = QUEUED;
    const [totalItems, ads] = await Promise.all([
      this.ads.count(filter),
      this.ads.find(filter, {
        sort: order === 'RISK' ? { riskScore: -1, queuedAt: 1, _id: 1 } : { queuedAt: 1, _id: 1 },
        skip: (number - 1) * pageSize,
        limit: pageSize,
        projection: { outbox: 0 },
      }),
    ]);
    const items = await Promise.all(
      ads.map(async (ad) => {
        const openComplaints = await this.openComplaints(ad._id);
        return { ...ad, openComplaints, flagged: openComplaints >= threshold };
      }),
    );
    return { items, page: number, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
  }

  approve(id: string, caller: Caller | null): Promise<ReviewDecision> {
    return this.decide(id, 'APPROVED', null, caller);
  }

  reject(id: string, reason: unknown, caller: Caller | null): Promise<ReviewDecision> {
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (text.length < 1 || text.length > REASON_MAX_LENGTH) throw validationFailed({ reason: 'invalidRejectionReason' });
    return this.decide(id, 'REJECTED', text, caller);
  }

  /**
   * Publishes the decision about the ad at the version moderation knows (what the administrator
   * saw). The ad leaves the queue at once; a newer snapshot that still waits for review puts it back.
   */
  private async decide(id: string, decision: ReviewDecision['decision'], reason: string | null, caller: Caller | null): Promise<ReviewDecision> {
    const admin = asAdministrator(caller);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad) throw notFound();
      if (!inReviewQueue(ad) || ad.queuedAt === null) throw new DomainError('CONFLICT', 'opportunityNotInReview');
      const reviewId = randomUUID();
      const event = toOutbox(
        opportunityReviewed.topic,
        createEvent(opportunityReviewed, {
          aggregateId: id,
          aggregateVersion: ad.reviewCount + 1,
          actor: { kind: 'user', id: admin.userId },
          occurredAt: this.deps.clock.now(),
          payload: { reviewId, opportunityId: id, opportunityVersion: ad.version, decision, reason, reviewerId: admin.userId },
        }),
      );
      const saved = await this.ads.findOneAndUpdate(
        { _id: id, version: ad.version, reviewCount: ad.reviewCount },
        {
          $set: {
            reviewCount: ad.reviewCount + 1,
            reviewId,
            reviewDecision: decision,
            reviewReason: reason,
            reviewerId: admin.userId,
            queuedAt: null,
            // The administrator decided on this score and these reports (issue 20): only new ones hold it again.
            clearedScore: ad.riskScore ?? 0,
            decidedAt: this.deps.clock.now(),
            heldFor: null,
            heldAt: null,
            autoPublished: false,
          },
          $push: { outbox: event },
        },
      );
      if (!saved) continue;
      this.deps.outbox.notify();
      return { reviewId, opportunityId: id, decision, reason };
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }
}
