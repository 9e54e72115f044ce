import { CLICK_TYPES } from '@ruedas/domain';
import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/** A global parameter changed (aggregate: the parameter, keyed by its id). */
export const parameterChanged = defineEvent(
  topics.moderationParameter,
  'ParameterChanged',
  1,
  z.object({ id: z.string().min(1), quantity: z.number(), previous: z.number().nullable() }),
);

/**
 * An administrator decided on an ad of the review queue (topic `moderation.review`, keyed by the ad
 * id; `aggregateVersion` counts the decisions about that ad). Listings applies it to the ad when the
 * ad is still at `opportunityVersion` (the content the administrator saw) and still waits for review:
 * APPROVED takes a PENDING_APPROVAL ad to APPROVED then PUBLIC_ONLINE, a MODIFIED one to
 * PUBLIC_ONLINE; REJECTED takes either to REJECTED. The administrator signs the history entries.
 */
export const opportunityReviewed = defineEvent(
  topics.moderationReview,
  'OpportunityReviewed',
  1,
  z.object({
    reviewId: z.string().min(1),
    opportunityId: z.string().min(1),
    opportunityVersion: z.number().int().nonnegative(),
    decision: z.enum(['APPROVED', 'REJECTED']),
    /** The reason mailed to the owner; required for a rejection, null for an approval. */
    reason: z.string().nullable(),
    reviewerId: z.string().min(1),
    /**
     * Until when the administrator's request waits for listings' answer (issue 28): a decision
     * that reaches listings later is refused (`reviewDecisionExpired`), never applied unseen.
     * Missing on decisions from before.
     */
    validUntil: z.iso.datetime().optional(),
  }),
);

/**
 * Moderation took a public ad off the public lists to wait for an administrator (issue 20; topic
 * `moderation.review`, keyed by the ad, `aggregateVersion` continuing the ad's decisions): its risk
 * score reached RISK_SCORE_TO_HOLD after it went public by its payment alone (cause RISK), or
 * REPORTS_TO_HIDE different people reported it (cause REPORTS). Listings writes PENDING_APPROVAL
 * (no payment pending) in the ad's history; the administrator's later `OpportunityReviewed` decides.
 */
export const opportunityHeld = defineEvent(
  topics.moderationReview,
  'OpportunityHeld',
  1,
  z.object({
    holdId: z.string().min(1),
    opportunityId: z.string().min(1),
    cause: z.enum(['RISK', 'REPORTS']),
    /** The risk score (0 to 100) and its reasons when held. */
    riskScore: z.number().int().min(0).max(100),
    reasons: z.array(z.string()),
  }),
);

const complaintSchema = z.object({
  id: z.string().min(1),
  opportunityId: z.string().min(1),
  details: z.string(),
  dateCreated: z.iso.datetime(),
  resolved: z.boolean(),
});

/** Somebody reported an ad (topic `moderation.complaint`, aggregate: the complaint, version 1). */
export const complaintFiled = defineEvent(
  topics.moderationComplaint,
  'ComplaintFiled',
  1,
  z.object({
    complaint: complaintSchema,
    /** The signed-in reporter; null for a visitor. No client address leaves the service. */
    reporterId: z.string().nullable(),
    /** The reporter is a TESTUSER (left out of statistics). */
    byTestUser: z.boolean(),
  }),
);

/** An administrator resolved a complaint (aggregate: the complaint, version 2). */
export const complaintResolved = defineEvent(
  topics.moderationComplaint,
  'ComplaintResolved',
  1,
  z.object({ complaint: complaintSchema, resolvedBy: z.string().min(1) }),
);

/**
 * A contact click on an ad (topic `moderation.contact`, keyed by the ad id). Repeated clicks of one
 * client on one ad within a few minutes are counted once and publish nothing. `aggregateVersion`
 * is not an order of the ad's clicks: consumers dedupe this topic by event id.
 */
export const contactClicked = defineEvent(
  topics.moderationContact,
  'ContactClicked',
  1,
  z.object({
    opportunityId: z.string().min(1),
    clickType: z.enum(CLICK_TYPES),
    dateCreated: z.iso.datetime(),
    /** The signed-in clicker; null for a visitor. */
    viewerId: z.string().nullable(),
    /** The clicker is a TESTUSER (left out of statistics). */
    byTestUser: z.boolean(),
  }),
);
