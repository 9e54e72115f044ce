import { inReviewQueue, isPublicStatus, type AdStatus } from '@ruedas/domain';
import { createEvent, reviewSettled } from '@ruedas/events';
import { DomainError, toOutbox, type Logger } from '@ruedas/platform';
import { adminSteps, type Caller } from '../rules';
import type { OpportunityDoc } from '../store';
import type { OpportunityRecords } from './record';
import type { PaidFor } from './snapshot';

/** Reactions to other services' events: billing's payments, moderation's reviews and holds, media's photos, identity's users. */
export class OpportunityReactions {
  constructor(private readonly records: OpportunityRecords) {}

  /**
   * A payment completed (billing's invoice paid, or a unit of a plan used): the waiting ad goes
   * public at once (auto-approval), in the history. Nothing happens, and it is logged, when what was
   * paid does not match the ad (another level, or quick approval the ad does not ask for).
   */
  async completePayment(id: string, paid: PaidFor, logger: Logger): Promise<OpportunityDoc | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.records.ads.findById(id);
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
        const saved = await this.records.trySave(ad, { paymentPending: false }, null, 'UPDATED');
        if (saved) return saved;
        continue;
      }
      const saved = await this.records.trySave(
        ad,
        { status: 'PUBLIC_ONLINE', paymentPending: false, ...this.records.goingPublic(ad.level, this.records.now()) },
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
      const ad = await this.records.ads.findById(id);
      if (!ad) {
        logger.warn({ opportunityId: id }, 'cancelled payment of an unknown ad; ignored');
        return null;
      }
      if (ad.status === 'EXPIRED' || ad.status === 'SOLD') return ad;
      const saved = await this.records.trySave(ad, { status: 'EXPIRED', expiresAt: null, paymentPending: false }, null, 'STATUS_CHANGED', ['EXPIRED']);
      if (saved) return saved;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /**
   * An administrator's decision from the moderation service's review queue (issue 28). Applied only
   * while the ad is at the version the administrator saw, still waits for review (PENDING_APPROVAL
   * without a pending payment, or MODIFIED) and the decision's deadline has not passed; otherwise
   * refused. Either way listings answers with `ReviewSettled` (APPLIED in the same write as the ad's
   * change, REFUSED with its reason), which the administrator's request waits for: no decision
   * answers success and vanishes. Approving a PENDING_APPROVAL ad writes APPROVED then
   * PUBLIC_ONLINE, a MODIFIED one PUBLIC_ONLINE; rejecting writes REJECTED. The administrator signs
   * the history entries. A second delivery of an applied decision changes nothing.
   */
  async applyReview(
    review: {
      reviewId: string;
      opportunityId: string;
      opportunityVersion: number;
      decision: 'APPROVED' | 'REJECTED';
      reason?: string | null;
      reviewerId: string;
      validUntil?: string | undefined;
    },
    logger: Logger,
  ): Promise<OpportunityDoc | null> {
    const admin: Caller = { userId: review.reviewerId, role: 'ADMINISTRATOR' };
    const settled = (outcome: 'APPLIED' | 'REFUSED', refusal: string | null, version: number) =>
      toOutbox(
        reviewSettled.topic,
        createEvent(reviewSettled, {
          aggregateId: review.reviewId,
          aggregateVersion: 1,
          actor: { kind: 'user', id: review.reviewerId },
          occurredAt: this.records.now(),
          payload: { reviewId: review.reviewId, opportunityId: review.opportunityId, decision: review.decision, outcome, refusal, opportunityVersion: version },
        }),
      );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.records.ads.findById(review.opportunityId);
      if (!ad) {
        logger.warn({ ...review }, 'review decision about an unknown ad; ignored');
        return null;
      }
      if (ad.lastReviewId === review.reviewId) return ad;
      const refusal =
        review.validUntil !== undefined && this.records.now().getTime() > Date.parse(review.validUntil)
          ? 'reviewDecisionExpired'
          : !inReviewQueue(ad)
            ? 'opportunityNotInReview'
            : ad.version !== review.opportunityVersion
              ? 'opportunityChangedSinceReview'
              : null;
      if (refusal) {
        logger.info({ ...review, status: ad.status, version: ad.version, refusal }, 'review decision refused');
        await this.records.ads.updateOne({ _id: ad._id }, { $push: { outbox: settled('REFUSED', refusal, ad.version) } });
        this.records.deps.outbox.notify();
        return null;
      }
      const steps = review.decision === 'APPROVED' ? adminSteps(ad.status, 'PUBLIC_ONLINE') : (['REJECTED'] as AdStatus[]);
      // The owner reads the reason on the ad too, not only in the mail (issue 13).
      const reason = review.decision === 'REJECTED' ? { rejectionReason: review.reason ?? null } : {};
      const saved = await this.records.trySave(
        ad,
        { ...this.records.lifeAfter(ad, steps), ...reason, lastReviewId: review.reviewId },
        admin,
        'STATUS_CHANGED',
        steps,
        (after) => [settled('APPLIED', null, after.version)],
      );
      if (saved) return saved;
      // Another write got there first: read the ad again, and refuse if it moved on.
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /**
   * Moderation held a public ad for review (issue 20: its risk score, or reports by several people):
   * it leaves the public lists as PENDING_APPROVAL with no payment pending, so it waits in the review
   * queue until an administrator approves or rejects it. Written in the history by the system; an
   * ad no longer public is left as it is.
   */
  async hold(id: string, logger: Logger): Promise<OpportunityDoc | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.records.ads.findById(id);
      if (!ad || !isPublicStatus(ad.status)) {
        logger.info({ opportunityId: id, status: ad?.status }, 'hold of an ad not public; nothing to hide');
        return null;
      }
      const saved = await this.records.trySave(ad, { status: 'PENDING_APPROVAL', paymentPending: false, expiresAt: null }, null, 'STATUS_CHANGED', [
        'PENDING_APPROVAL',
      ]);
      if (saved) return saved;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }

  /** A photo was deleted: the ads that showed it stop showing it. */
  async detachPhoto(photoId: string): Promise<void> {
    for (const ad of await this.records.ads.find({ attachmentIds: photoId })) {
      await this.records.save(ad, { attachmentIds: ad.attachmentIds.filter((id) => id !== photoId) }, null, 'PHOTOS_CHANGED');
    }
  }

  /**
   * The seller's name, type or role changed at identity: every ad of theirs publishes a fresh
   * snapshot, so the copies other services keep (search, share pages, the dashboard's TESTUSER
   * rule) follow. A concurrent change of an ad publishes its own snapshot, so a lost race is skipped.
   */
  async sellerChanged(sellerId: string): Promise<void> {
    for (const ad of await this.records.ads.find({ sellerId })) await this.records.trySave(ad, {}, null, 'UPDATED');
  }
}
