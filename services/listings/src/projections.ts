import { invoiceChanged, opportunityHeld, opportunityReviewed, photoDeleted, photoUploaded, planChanged, readEvent, topics } from '@ruedas/events';
import { consumeEvents, followIdentityUsers, type DocumentStore, type EventBus, type Logger, type Subscription } from '@ruedas/platform';
import type { Opportunities } from './opportunities';
import type { ListingsCollections } from './store';

/** What listings keeps from other services' events: users (names, e-mail, role, language) and photo owners. */
export interface ProjectionDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: ListingsCollections;
  opportunities: Opportunities;
}

export function followUsers(deps: ProjectionDeps): Promise<Subscription> {
  return followIdentityUsers({
    ...deps,
    group: 'listings-users',
    apply: async (user) => {
      const { email, fullName, userType, role, language } = user;
      const before = await deps.collections.users.findById(user.id);
      await deps.collections.users.updateOne({ _id: user.id }, { $set: { email, fullName, userType, role, language } }, { upsert: true });
      // What the ad snapshots carry of their seller changed: they are published again.
      if (before && (before.fullName !== fullName || before.userType !== userType || before.role !== role))
        await deps.opportunities.reactions.sellerChanged(user.id);
    },
  });
}

export function followPhotos(deps: ProjectionDeps): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-photos',
    topics: [topics.mediaPhoto],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const uploaded = readEvent(photoUploaded, envelope);
      if (uploaded) {
        const { id, ownerId } = uploaded.payload.photo;
        await deps.collections.photos.updateOne({ _id: id }, { $set: { ownerId } }, { upsert: true });
        return;
      }
      const deleted = readEvent(photoDeleted, envelope);
      if (deleted) {
        await deps.collections.photos.deleteOne({ _id: deleted.payload.photo.id });
        await deps.opportunities.reactions.detachPhoto(deleted.payload.photo.id);
      }
    },
  });
}

/**
 * Billing's payments: a paid ad invoice or a plan unit used for an ad publishes it at once
 * (auto-approval); a cancelled paid invoice takes the ad off the public lists (EXPIRED).
 */
export function followPayments(deps: ProjectionDeps): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-payments',
    topics: [topics.billingInvoice, topics.billingPlan],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const invoice = readEvent(invoiceChanged, envelope);
      if (invoice) {
        const { invoice: paid, change } = invoice.payload;
        if (paid.kind !== 'OPPORTUNITY' || !paid.opportunityId) return;
        if (change === 'PAID')
          await deps.opportunities.reactions.completePayment(
            paid.opportunityId,
            { level: paid.level, quickApproval: paid.quickApproval, source: `invoice ${paid.id}` },
            deps.logger,
          );
        if (change === 'CANCELLED') await deps.opportunities.reactions.cancelPayment(paid.opportunityId, deps.logger);
        return;
      }
      const plan = readEvent(planChanged, envelope);
      if (plan && plan.payload.change === 'UNIT_USED' && plan.payload.opportunityId) {
        await deps.opportunities.reactions.completePayment(
          plan.payload.opportunityId,
          { level: plan.payload.plan.level, quickApproval: false, source: `plan ${envelope.aggregateId}` },
          deps.logger,
        );
      }
    },
  });
}

/**
 * The moderation service's review decisions (`moderation.review`): an administrator approved or
 * rejected an ad of the queue, or moderation held a public ad for review (issue 20). Each is applied once (by event id).
 */
export function followReviews(deps: ProjectionDeps): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-reviews',
    topics: [topics.moderationReview],
    dedupe: 'eventId',
    handle: async (envelope) => {
      const review = readEvent(opportunityReviewed, envelope);
      if (review) await deps.opportunities.reactions.applyReview(review.payload, deps.logger);
      const held = readEvent(opportunityHeld, envelope);
      if (held) await deps.opportunities.reactions.hold(held.payload.opportunityId, deps.logger);
    },
  });
}
