import { photoDeleted, photoUploaded, readEvent, reviewSettled, topics } from '@ruedas/events';
import { phoneKey } from '@ruedas/domain';
import {
  adBasics,
  consumeEvents,
  followAdSnapshots,
  followIdentityUsers,
  type DocumentStore,
  type EventBus,
  type Logger,
  type Subscription,
} from '@ruedas/platform';
import type { Reviews } from './reviews';
import type { RiskSignals } from './risk';
import { inReviewQueue } from './rules';
import type { ModerationCollections } from './store';

export interface ProjectionDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: ModerationCollections;
}

/** `identity.user` → moderation_users: whom to mail and in which language, and the role in force. */
export function followUsers(deps: ProjectionDeps & { risk: RiskSignals }): Promise<Subscription> {
  return followIdentityUsers({
    ...deps,
    group: 'moderation-users',
    apply: async (user) => {
      const { email, fullName, language, role } = user;
      // Phones and creation date feed the scam signals (issue 20).
      const phones = [...new Set(user.phoneList.map((entry) => phoneKey(entry.phone)).filter((key) => key.length > 0))];
      const before = await deps.collections.users.findById(user.id);
      await deps.collections.users.updateOne(
        { _id: user.id },
        { $set: { email, fullName, language, role, phones, dateCreated: new Date(user.dateCreated) } },
        { upsert: true },
      );
      if (before && (before.phones ?? []).join() !== phones.join()) await deps.risk.sellerChanged(user.id);
    },
  });
}

/**
 * `listings.opportunity` snapshots → moderation_ads: the review queue (PENDING_APPROVAL ads not
 * waiting for a payment, and MODIFIED ads), and what complaints show of their ad.
 */
export function followAds(deps: ProjectionDeps & { risk: RiskSignals }): Promise<Subscription> {
  return followAdSnapshots({
    ...deps,
    group: 'moderation-ads',
    apply: async (ad, event, envelope) => {
      const before = await deps.collections.ads.findById(ad.id);
      const basics = adBasics(ad);
      const queued = inReviewQueue(basics);
      await deps.collections.ads.updateOne(
        { _id: ad.id },
        {
          $set: {
            ...basics,
            testUser: ad.seller.testUser,
            version: envelope.aggregateVersion,
            queuedAt: queued ? (before?.queuedAt ?? new Date(envelope.occurredAt)) : null,
          },
        },
        { upsert: true },
      );
      await deps.risk.snapshotSeen(ad, {
        occurredAt: new Date(envelope.occurredAt),
        actorUserId: envelope.actor.kind === 'user' ? envelope.actor.id : null,
        change: event.payload.change,
        previousStatus: event.payload.previousStatus,
      });
    },
  });
}

/** `media.photo` → moderation_photo_hashes: each photo's perceptual hash, for the duplicate-photo signals (issue 20). */
export function followPhotos(deps: ProjectionDeps & { risk: RiskSignals }): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'moderation-photos',
    topics: [topics.mediaPhoto],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const uploaded = readEvent(photoUploaded, envelope);
      if (uploaded) await deps.risk.photoSeen(uploaded.payload.photo, false);
      const deleted = readEvent(photoDeleted, envelope);
      if (deleted) await deps.risk.photoSeen(deleted.payload.photo, true);
    },
  });
}

/**
 * `listings.review`: listings applied or refused an administrator's decision (issue 28). The
 * decision's request waits for this; an applied one is settled and mailed to the owner (reviews.ts).
 */
export function followReviewOutcomes(deps: ProjectionDeps & { reviews: Reviews }): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'moderation-review-outcomes',
    topics: [topics.listingsReview],
    dedupe: 'eventId',
    handle: async (envelope) => {
      const settled = readEvent(reviewSettled, envelope);
      if (settled) await deps.reviews.settle(settled.payload);
    },
  });
}
