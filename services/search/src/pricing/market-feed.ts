import { isPublicStatus } from '@ruedas/domain';
import { opportunityChanged, readEvent, topics, type OpportunitySnapshot } from '@ruedas/events';
import type { EventBus, Logger, Subscription } from '@ruedas/platform';
import { indexedAd, type IndexedAd } from '../store';
import type { PriceRater } from './rater';

/** The statuses of an ad on its way to publication (waiting for a review or a payment, or a passing step), whose price is rated before it is public. */
const QUOTED_BEFORE_PUBLICATION: ReadonlySet<string> = new Set(['PENDING_APPROVAL', 'APPROVED', 'RENEWED']);

/** What the market takes of a snapshot: the ad when public, else the ad when it waits for a review or a payment. */
export function marketValues(snapshot: OpportunitySnapshot): [IndexedAd | null, IndexedAd | null] {
  if (isPublicStatus(snapshot.status)) return [indexedAd(snapshot), null];
  return [null, QUOTED_BEFORE_PUBLICATION.has(snapshot.status) ? indexedAd(snapshot) : null];
}

/**
 * Feeds a copy's market every change of `listings.opportunity` (decision 0153), whichever copy
 * handles it for the projection (the shared group gives each change to one copy). Broadcast, from
 * the positions the projection recorded (every change before them is in the projection the market
 * was loaded from; without positions, from the start). While it replays, each ad's latest change
 * is kept aside and applied once caught up, so an ad public for a while in the replay never shows
 * in this copy's market; each ad's version decides between this feed and the projection work.
 */
export async function followMarket(deps: { bus: EventBus; logger: Logger; rater: PriceRater; startAt: Record<string, number> }): Promise<Subscription> {
  const { bus, logger, rater, startAt } = deps;
  const replayed = new Map<string, { version: number; snapshot: OpportunitySnapshot }>();
  let caughtUp = false;
  let stopped = false;
  const observe = (version: number, snapshot: OpportunitySnapshot) => rater.observe(snapshot.id, version, ...marketValues(snapshot), { feed: true });
  const handle = (value: unknown) => {
    // The copy's own projection work usually applied this version already: nothing to read then.
    const head = value as { aggregateId?: unknown; aggregateVersion?: unknown } | null;
    if (
      caughtUp &&
      typeof head?.aggregateId === 'string' &&
      typeof head.aggregateVersion === 'number' &&
      rater.applied(head.aggregateId, head.aggregateVersion)
    )
      return;
    const event = readEvent(opportunityChanged, value);
    if (!event) return;
    const { opportunity } = event.payload;
    if (caughtUp) observe(event.aggregateVersion, opportunity);
    else if ((replayed.get(opportunity.id)?.version ?? 0) < event.aggregateVersion)
      replayed.set(opportunity.id, { version: event.aggregateVersion, snapshot: opportunity });
  };
  const subscription = await bus.subscribe({
    group: 'search-market',
    kind: 'broadcast',
    topics: [topics.listingsOpportunity],
    startAt,
    handler: async (message) => handle(message.value),
    // A run at once (no retry bookkeeping per message); one that fails is handled a message at a time.
    handleBatch: async (messages) => {
      for (const message of messages) handle(message.value);
    },
  });
  void subscription
    .caughtUp()
    .then(() => {
      caughtUp = true;
      for (const { version, snapshot } of replayed.values()) observe(version, snapshot);
      replayed.clear();
    })
    .catch((error: unknown) => {
      if (!stopped) logger.warn({ err: error }, 'fair-price market feed stopped before it caught up');
    });
  const feed: Subscription = {
    caughtUp: () => subscription.caughtUp(),
    stop: async () => {
      stopped = true;
      await subscription.stop();
    },
  };
  if (subscription.running) feed.running = () => subscription.running!();
  return feed;
}
