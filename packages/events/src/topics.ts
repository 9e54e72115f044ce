/**
 * Topic names: one topic per aggregate type, keyed by aggregate id. Owned by the service named
 * first; nobody else publishes on it.
 */
export const topics = {
  identityUser: 'identity.user',
  identitySession: 'identity.session',
  listingsOpportunity: 'listings.opportunity',
  mediaPhoto: 'media.photo',
  billingInvoice: 'billing.invoice',
  billingPlan: 'billing.plan',
  searchQuery: 'search.query',
  moderationParameter: 'moderation.parameter',
  moderationReview: 'moderation.review',
  moderationComplaint: 'moderation.complaint',
  moderationContact: 'moderation.contact',
  // Staff actions (audit.ts): each service publishes its own; moderation keeps the trail.
  identityAudit: 'identity.audit',
  listingsAudit: 'listings.audit',
  billingAudit: 'billing.audit',
  moderationAudit: 'moderation.audit',
} as const;

export type Topic = (typeof topics)[keyof typeof topics];
export const allTopics: readonly Topic[] = Object.values(topics);
