import { describe, expect, it } from 'vitest';
import { AD_STATUSES, inReviewQueue, isPublicStatusText } from '../src';

describe('the review queue and public statuses', () => {
  it('queues new ads not waiting for a payment, and edited public ads', () => {
    expect(AD_STATUSES.filter((status) => inReviewQueue({ status, paymentPending: false }))).toEqual(['PENDING_APPROVAL', 'MODIFIED']);
    expect(inReviewQueue({ status: 'PENDING_APPROVAL', paymentPending: true })).toBe(false);
    expect(inReviewQueue({ status: 'MODIFIED', paymentPending: true })).toBe(true);
  });
  it('reads a stored status as public only when it is one of PUBLIC_STATUSES', () => {
    expect(AD_STATUSES.filter(isPublicStatusText)).toEqual(['PUBLIC_ONLINE', 'MODIFIED']);
    expect(isPublicStatusText('public_online')).toBe(false);
  });
});
