import { opportunityChanged, readEvent, topics, type Envelope, type OpportunitySnapshot } from '@ruedas/events';
import type { ConsumeOptions } from './consumer';
import { followSnapshots } from './follow-snapshots';
import type { Subscription } from './ports';

/** An `OpportunityChanged` event as read from its envelope (the payload checked against its contract). */
export type AdChangedEvent = NonNullable<ReturnType<typeof readAdChanged>>;

const readAdChanged = (envelope: Envelope) => readEvent(opportunityChanged, envelope);

export interface FollowAdSnapshotsOptions extends Pick<ConsumeOptions, 'bus' | 'store' | 'logger'> {
  /** The consumer group (`<service>-ads`, ...). */
  group: string;
  /**
   * What the service keeps of the ad at this version: its snapshot, the event (change, previous
   * status, version, time, actor) and the raw envelope (for what the contract does not carry).
   */
  apply: (ad: OpportunitySnapshot, event: AdChangedEvent, envelope: Envelope) => Promise<void>;
}

/**
 * A service's projection of listings' ads: every `listings.opportunity` snapshot, applied once per
 * ad version (older and repeated snapshots change nothing), gives `apply` the ad as it now is.
 */
export function followAdSnapshots(options: FollowAdSnapshotsOptions): Promise<Subscription> {
  const { apply, ...rest } = options;
  return followSnapshots({
    ...rest,
    topic: topics.listingsOpportunity,
    read: readAdChanged,
    apply: (event, envelope) => apply(event.payload.opportunity, event, envelope),
  });
}

/**
 * What each service's read copy of an ad keeps of its snapshot, named alike everywhere: its seller,
 * car, level, status and whether a payment is pending (a snapshot without it: none).
 */
export function adBasics(ad: OpportunitySnapshot) {
  return {
    sellerId: ad.seller.id,
    brand: ad.brand,
    model: ad.model,
    year: ad.year,
    level: ad.level,
    status: ad.status,
    paymentPending: ad.paymentPending ?? false,
  };
}
