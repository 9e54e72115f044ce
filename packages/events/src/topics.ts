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
} as const;

export type Topic = (typeof topics)[keyof typeof topics];
export const allTopics: readonly Topic[] = Object.values(topics);
