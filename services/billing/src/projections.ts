import { impersonalUserRegistered, readEvent } from '@ruedas/events';
import { adBasics, followAdSnapshots, followIdentityUsers, type DocumentStore, type EventBus, type Logger, type Subscription } from '@ruedas/platform';
import type { Billing } from './billing';
import type { BillingCollections } from './store';

/** What billing keeps from other services' events: ads (owner, level, quick approval), users, promotional plans. */
export interface ProjectionDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: BillingCollections;
  billing: Billing;
}

/** `listings.opportunity` snapshots → billing_ads (who owns the ad, its level, quick approval, status). */
export function followAds(deps: ProjectionDeps): Promise<Subscription> {
  return followAdSnapshots({
    ...deps,
    group: 'billing-ads',
    apply: async (ad) => {
      await deps.collections.ads.updateOne(
        { _id: ad.id },
        {
          $set: { ...adBasics(ad), autoApproval: ad.autoApproval },
        },
        { upsert: true },
      );
    },
  });
}

/**
 * `identity.user` → billing_users (name for the report, role for permissions); an impersonal
 * registration with promotional ads grants a plan of its level with that many ads (once per user).
 */
export function followUsers(deps: ProjectionDeps): Promise<Subscription> {
  return followIdentityUsers({
    ...deps,
    group: 'billing-users',
    apply: async (user, envelope) => {
      const impersonal = readEvent(impersonalUserRegistered, envelope);
      await deps.collections.users.updateOne(
        { _id: user.id },
        { $set: { fullName: user.fullName, email: user.email, role: user.role, language: user.language } },
        { upsert: true },
      );
      if (impersonal && impersonal.payload.plan.promotionalAds > 0) {
        const { promotionalAds, planLevel } = impersonal.payload.plan;
        await deps.billing.planning.addToPlan(user.id, planLevel, promotionalAds, `grant:${user.id}`, new Date(impersonal.occurredAt), 'GRANTED', null);
      }
    },
  });
}
