/**
 * Topic names: one topic per aggregate type, keyed by aggregate id. Owned by the service named
 * first; nobody else publishes on it.
 */
export const topics = {
  identityUser: 'identity.user',
  identitySession: 'identity.session',
  listingsOpportunity: 'listings.opportunity',
  /** Listings' answer to each review decision of moderation: applied or refused (issue 28). */
  listingsReview: 'listings.review',
  mediaPhoto: 'media.photo',
  billingInvoice: 'billing.invoice',
  billingPlan: 'billing.plan',
  searchQuery: 'search.query',
  /** Fair-price ratings of public ads (issue 20, decision 0099). */
  searchPrice: 'search.price',
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

/**
 * How long a topic keeps its messages on Kafka (the embedded bus keeps everything). Decision 0043.
 * - `compact`: the topic carries snapshots keyed by aggregate id, each standing for the whole state;
 *   Kafka keeps at least the last message of every key forever, so a consumer that replays it (a
 *   search rebuild, a new projection) still sees every aggregate, however old its last change.
 * - `forever`: facts a new projection would need, none superseding another: never deleted.
 * - `days`: what no consumer replays beyond that age: ended sessions (a session token lives at most
 *   100 minutes, SESSION_DURATION_MINUTES) and search analytics (popular queries are counted by a
 *   standing group).
 */
export type TopicRetention = { policy: 'compact' } | { policy: 'forever' } | { policy: 'days'; days: number };

export const topicRetention: Record<Topic, TopicRetention> = {
  [topics.identityUser]: { policy: 'compact' },
  [topics.identitySession]: { policy: 'days', days: 7 },
  [topics.listingsOpportunity]: { policy: 'compact' },
  // An outcome is awaited for seconds by the administrator's request (issue 28); the decision itself stays on moderation.review.
  [topics.listingsReview]: { policy: 'days', days: 7 },
  [topics.mediaPhoto]: { policy: 'forever' },
  [topics.billingInvoice]: { policy: 'forever' },
  [topics.billingPlan]: { policy: 'forever' },
  [topics.searchQuery]: { policy: 'days', days: 30 },
  // One rating per ad stands for the ad's whole state: the last one per key is what a consumer needs.
  [topics.searchPrice]: { policy: 'compact' },
  [topics.moderationParameter]: { policy: 'forever' },
  [topics.moderationReview]: { policy: 'forever' },
  [topics.moderationComplaint]: { policy: 'forever' },
  [topics.moderationContact]: { policy: 'forever' },
  // The staff audit trail is append-only (decision 0034): never deleted.
  [topics.identityAudit]: { policy: 'forever' },
  [topics.listingsAudit]: { policy: 'forever' },
  [topics.billingAudit]: { policy: 'forever' },
  [topics.moderationAudit]: { policy: 'forever' },
};
