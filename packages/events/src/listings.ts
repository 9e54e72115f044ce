import { AD_STATUSES, CURRENCIES, FUEL_TYPES, LEVELS, MILEAGE_UNITS, PHONE_TYPES, STYLES, TRANSMISSION_TYPES, USER_TYPES } from '@ruedas/domain';
import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/**
 * Events of the listings service. Topic `listings.opportunity` (aggregate: the ad, keyed by ad id)
 * carries the whole ad after every change, so consumers (search, media's share pages, the
 * dashboard) never call back. The plate (carIdNumber) and the creation date never leave the
 * service (DECISIONS.md): the snapshot has neither. `aggregateVersion` is the ad's version; a
 * consumer ignores a snapshot older than or equal to the one it applied.
 */
export const opportunitySnapshotSchema = z.object({
  id: z.string().min(1),
  brand: z.string().min(1),
  model: z.string().min(1),
  year: z.number().int(),
  style: z.enum(STYLES),
  fuelType: z.enum(FUEL_TYPES),
  transmissionType: z.enum(TRANSMISSION_TYPES),
  motorSizeCC: z.number().int().nonnegative(),
  mileage: z.number().int().nonnegative(),
  mileageUnit: z.enum(MILEAGE_UNITS),
  exteriorColor: z.string(),
  interiorColor: z.string(),
  price: z.number().nonnegative(),
  transferPrice: z.number().nonnegative(),
  currency: z.enum(CURRENCIES),
  /** The price in colones at the exchange rate of the moment (EXCHANGE_RATE global parameter). */
  priceCrc: z.number().nonnegative(),
  payTaxes: z.boolean(),
  passengersNumber: z.number().int(),
  province: z.string(),
  canton: z.string(),
  district: z.string(),
  knownDamage: z.string(),
  /** The seller's own description (issue 13); optional, so older events read the same. */
  description: z.string().optional(),
  /** Extra keys, in the order the seller ticked them. */
  extraList: z.array(z.string()),
  /** Photo ids; the first is the cover. */
  attachmentIds: z.array(z.string()),
  phoneList: z.array(z.object({ phone: z.string(), phoneType: z.enum(PHONE_TYPES) })),
  status: z.enum(AD_STATUSES),
  level: z.enum(LEVELS),
  /** The ribbon or custom gold message; empty when none. */
  message: z.string(),
  autoApproval: z.boolean(),
  /**
   * Added in place (optional, so older snapshots still read): true while the ad waits for a payment
   * (a paid level, or a free ad with quick approval) that has not completed; the review queue leaves
   * such ads out. Missing means false.
   */
  paymentPending: z.boolean().optional(),
  /** When the ad last went public (the 'new' flag and newest-first order); null before that. */
  publishedAt: z.iso.datetime().nullable(),
  /** End of the current period of life; null while not public. */
  expiresAt: z.iso.datetime().nullable(),
  seller: z.object({
    id: z.string().min(1),
    fullName: z.string(),
    userType: z.enum(USER_TYPES),
    /** TESTUSER activity is left out of statistics. */
    testUser: z.boolean(),
  }),
});
export type OpportunitySnapshot = z.infer<typeof opportunitySnapshotSchema>;

/** The ad after a change (created, edited, status changed, renewed, photos changed). */
export const opportunityChanged = defineEvent(
  topics.listingsOpportunity,
  'OpportunityChanged',
  1,
  z.object({
    opportunity: opportunitySnapshotSchema,
    /** What happened, for projections that count (the dashboard). */
    change: z.enum(['CREATED', 'UPDATED', 'STATUS_CHANGED', 'RENEWED', 'PHOTOS_CHANGED']),
    /** The status before a STATUS_CHANGED; null otherwise. */
    previousStatus: z.enum(AD_STATUSES).nullable(),
  }),
);

/**
 * Listings' answer to a review decision of moderation (`OpportunityReviewed`, issue 28; topic
 * `listings.review`, keyed by the ad id, aggregate: the decision, version 1). APPLIED is written in
 * the same write as the ad's change; REFUSED says why in a message key of the domain catalogue:
 * the seller changed the ad after the administrator opened it (`opportunityChangedSinceReview`), it
 * no longer waits for review (`opportunityNotInReview`), or the decision came after its deadline
 * (`reviewDecisionExpired`). An administrator's request waits for it, so success means applied.
 */
export const reviewSettled = defineEvent(
  topics.listingsReview,
  'ReviewSettled',
  1,
  z.object({
    reviewId: z.string().min(1),
    opportunityId: z.string().min(1),
    decision: z.enum(['APPROVED', 'REJECTED']),
    outcome: z.enum(['APPLIED', 'REFUSED']),
    /** Why it was refused (a message key); null when applied. */
    refusal: z.string().nullable(),
    /** The ad's version after the decision (applied) or when refused. */
    opportunityVersion: z.number().int().nonnegative(),
  }),
);
