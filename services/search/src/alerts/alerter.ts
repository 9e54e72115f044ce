import { isPublicStatus } from '@ruedas/domain';
import { opportunityChanged, readEvent, topics, type OpportunitySnapshot } from '@ruedas/events';
import { consumeEvents, followIdentityUsers, type Clock, type DocumentStore, type EventBus, type GlobalParameters, type Logger, type Mailer, type Subscription } from '@ruedas/platform';
import { searchDocument } from '../documents';
import { savedSearchMail } from './mails';
import type { SavedSearchMatcher } from './matcher';
import type { SavedSearches } from './saved-searches';
import { costaRicaDay, type AlertAd, type AlertCollections, type AlertSendDoc } from './store';

export interface AlerterDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  parameters: GlobalParameters;
  collections: AlertCollections;
  matcher: SavedSearchMatcher;
  savedSearches: SavedSearches;
  publicUrl: string;
}

/** A pass handles at most this many pending sends; the next pass takes the rest. */
const BATCH = 500;

function alertAd(ad: OpportunitySnapshot, rating: unknown): AlertAd {
  const label = typeof rating === 'string' ? rating : typeof (rating as { label?: unknown })?.label === 'string' ? (rating as { label: string }).label : undefined;
  return {
    id: ad.id,
    brand: ad.brand,
    model: ad.model,
    year: ad.year,
    price: ad.price,
    currency: ad.currency,
    mileage: ad.mileage,
    mileageUnit: ad.mileageUnit,
    transmissionType: ad.transmissionType,
    fuelType: ad.fuelType,
    province: ad.province,
    photoIds: ad.attachmentIds.slice(0, 3),
    ...(label && label !== 'NO_RATING' ? { rating: label } : {}),
  };
}

/**
 * New-match alerts of saved searches. Follows `listings.opportunity` (group `search-alerts`): the
 * first time an ad is public, the matcher finds its saved searches (active ones, saved before the
 * ad went public, not the seller's own) and one send per search and ad is written, keyed by both,
 * so redeliveries and restarts add nothing. Instant sends are mailed at once; a pass every minute
 * mails what is left (an owner not known yet, a failed mail) and one digest per daily search and
 * day once that Costa Rica day is over. Users (e-mail, language) come from `identity.user`.
 */
export class Alerter {
  private subscriptions: Subscription[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: AlerterDeps) {}

  async start(intervalMs: number): Promise<void> {
    const { bus, store, logger, collections } = this.deps;
    this.subscriptions.push(
      await followIdentityUsers({
        bus, store, logger, group: 'search-alerts-users',
        apply: async (user) => {
          await collections.users.updateOne({ _id: user.id }, { $set: { email: user.email, language: user.language, fullName: user.fullName } }, { upsert: true });
        },
      }),
      await consumeEvents({
        bus, store, logger, group: 'search-alerts', topics: [topics.listingsOpportunity], dedupe: 'aggregateVersion',
        handle: async (envelope) => {
          const changed = readEvent(opportunityChanged, envelope);
          // The fair-price rating is not part of the snapshot's contract yet: read as the raw payload carries it, if at all.
          const rating = (envelope.payload as { opportunity?: { rating?: unknown } } | null)?.opportunity?.rating;
          if (changed) await this.onAd(changed.payload.opportunity, envelope.aggregateVersion, new Date(envelope.occurredAt), rating);
        },
      }),
    );
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
    // A first pass at once: a process started past a day's end (or with a moved clock) sends the due digests now.
    void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const subscription of this.subscriptions) await subscription.stop();
    this.subscriptions = [];
    await this.running;
  }

  /** One pass of the scheduler (also called by tests): pending instant sends, then due digests. */
  runOnce(): Promise<void> {
    if (this.running) {
      // Asked during a pass: one more pass after it, so what was just written is not left for a minute.
      this.again = true;
      return this.running;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'alert pass failed; retrying at the next one'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          void this.runOnce();
        }
      });
    return this.running;
  }

  private async onAd(ad: OpportunitySnapshot, version: number, occurredAt: Date, rating: unknown): Promise<void> {
    const { collections, matcher, parameters } = this.deps;
    const seen = await collections.ads.findById(ad.id);
    if (seen && seen.version >= version) return;
    if (!isPublicStatus(ad.status) || seen?.matchedAt) {
      await collections.ads.updateOne({ _id: ad.id }, { $set: { version } }, { upsert: true });
      return;
    }
    const publishedAt = ad.publishedAt ? new Date(ad.publishedAt) : occurredAt;
    matcher.setRate(parameters.get('EXCHANGE_RATE_CRC_PER_USD'));
    const ids = await matcher.match(searchDocument(ad.id, ad, parameters.get('EXCHANGE_RATE_CRC_PER_USD')));
    const searches = ids.length ? await collections.saved.find({ _id: { $in: ids }, paused: false }) : [];
    const now = this.deps.clock.now();
    // A digest groups the ads published on one Costa Rica day (a snapshot read late still counts for its day).
    const day = costaRicaDay(publishedAt);
    let pastDigest = false;
    const instant: string[] = [];
    for (const search of searches) {
      // Not the seller's own ad, and only ads that went public after the search was saved (a replay adds nothing old).
      if (search.userId === ad.seller.id || search.createdAt.getTime() > publishedAt.getTime()) continue;
      const _id = `${search._id}|${ad.id}`;
      await collections.sends.updateOne(
        { _id },
        { $setOnInsert: { searchId: search._id, userId: search.userId, adId: ad.id, frequency: search.frequency, day, state: 'PENDING', ad: alertAd(ad, rating), createdAt: now, sentAt: null } },
        { upsert: true },
      );
      if (search.frequency === 'INSTANT') instant.push(_id);
      else if (day < costaRicaDay(now)) pastDigest = true;
    }
    await collections.ads.updateOne({ _id: ad.id }, { $set: { version, matchedAt: now } }, { upsert: true });
    for (const id of instant) {
      const send = await collections.sends.findById(id);
      if (send?.state === 'PENDING') await this.sendInstant(send).catch((err: unknown) => this.deps.logger.warn({ err, sendId: id }, 'alert mail not sent; the next pass retries'));
    }
    // A match of a day already over (read after a restart): its digest is due now, not at the next pass.
    if (pastDigest) void this.runOnce();
  }

  private async pass(): Promise<void> {
    const { collections } = this.deps;
    const pendingInstant = await collections.sends.find({ state: 'PENDING', frequency: 'INSTANT' }, { sort: { createdAt: 1 }, limit: BATCH });
    for (const send of pendingInstant) await this.sendInstant(send);
    const today = costaRicaDay(this.deps.clock.now());
    const dueDigests = await collections.sends.find({ state: 'PENDING', frequency: 'DAILY', day: { $lt: today } }, { sort: { createdAt: 1 }, limit: BATCH });
    const groups = new Map<string, AlertSendDoc[]>();
    for (const send of dueDigests) {
      const key = `${send.searchId}|${send.day}`;
      groups.set(key, [...(groups.get(key) ?? []), send]);
    }
    for (const [key, sends] of groups) await this.sendDigest(key, sends);
  }

  private async sendInstant(send: AlertSendDoc): Promise<void> {
    await this.deliver(`alert:${send._id}`, [send], false);
  }

  private async sendDigest(key: string, sends: AlertSendDoc[]): Promise<void> {
    await this.deliver(`digest:${key}`, sends, true);
  }

  /** Mails the sends (one ad, or a day's digest) to the search's owner, then marks them SENT. */
  private async deliver(key: string, sends: AlertSendDoc[], digest: boolean): Promise<void> {
    const { collections, logger } = this.deps;
    const first = sends[0]!;
    const search = await collections.saved.findById(first.searchId);
    const ids = sends.map((send) => send._id);
    if (!search || search.paused) {
      await collections.sends.updateMany({ _id: { $in: ids }, state: 'PENDING' }, { $set: { state: 'DROPPED' } });
      return;
    }
    const owner = await collections.users.findById(search.userId);
    if (!owner?.email) {
      logger.warn({ searchId: search._id }, 'owner of a saved search not known yet; alert left to the next pass');
      return;
    }
    await this.deps.mailer.send(
      savedSearchMail({
        to: owner.email,
        locale: owner.language === 'en' ? 'en' : 'es',
        name: search.name,
        ads: sends.map((send) => send.ad),
        digest,
        links: { publicUrl: this.deps.publicUrl.replace(/\/$/, ''), token: this.deps.savedSearches.tokenOf(search._id) },
        key,
      }),
    );
    await collections.sends.updateMany({ _id: { $in: ids }, state: 'PENDING' }, { $set: { state: 'SENT', sentAt: this.deps.clock.now() } });
  }
}
