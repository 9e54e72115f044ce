import { PUBLIC_STATUSES } from './enums';

/**
 * Ads waiting for an administrator: new ads not waiting for a payment, and public ads edited by
 * their owner. Moderation queues them by this rule and listings accepts a review decision only for
 * an ad it still holds.
 */
export const inReviewQueue = (ad: { status: string; paymentPending?: boolean | undefined }): boolean =>
  (ad.status === 'PENDING_APPROVAL' && !ad.paymentPending) || ad.status === 'MODIFIED';

/** Whether a status (as stored, any text) is public: PUBLIC_STATUSES. */
export const isPublicStatusText = (status: string): boolean => (PUBLIC_STATUSES as readonly string[]).includes(status);
