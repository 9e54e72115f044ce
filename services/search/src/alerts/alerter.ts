import { randomUUID } from 'node:crypto';
import { isPublicStatus } from '@ruedas/domain';
import { type OpportunitySnapshot } from '@ruedas/events';
import {
  followAdSnapshots,
  followIdentityUsers,
  type Clock,
  type DocumentStore,
  type EventBus,
  type GlobalParameters,
  type Logger,
  type Mailer,
  type Subscription,
} from '@ruedas/platform';
import { searchDocument } from '../documents';
import type { PriceRating } from '../pricing/market';
import { indexedAd, type IndexedAd } from '../store';
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
  /** This copy of search (ServiceContext.instance): the owner named in its claims on sends. */
  instance?: string;
  /** The fair-price rating of an ad with these values against the market now (the search service's rater). */
  quote?: (id: string, ad: IndexedAd) => PriceRating;
  /**
   * The process's time, in ms, for the time limit of claims on sends (default Date.now): never the
   * business `clock`, which tests and the demo move (a day's jump would lapse a claim while its mail
   * is being sent, and another copy would mail it again). As for leases (decision 0150).
   */
  processNow?: () => number;
}

/** How long a copy's claim on sends holds while it mails them (a crashed copy's claim lapses after it). */
export const ALERT_CLAIM_MS = 5 * 60_000;

/** A pass handles at most this many pending sends; the next pass takes the rest. */
const BATCH = 500;

/** Whether two public versions of an ad are the same to a saved search (what its filters and text read). */
function sameForSearches(a: IndexedAd, b: IndexedAd): boolean {
  const keys = Object.keys(b) as Array<keyof IndexedAd>;
  return keys.every((key) => key === 'level' || key === 'publishedAt' || a[key] === b[key]);
}

function alertAd(ad: OpportunitySnapshot, rating: PriceRating | undefined, carried: unknown): AlertAd {
  // The rater's rating; else a label the event itself carries (not in the snapshot's contract).
  const label =
    typeof carried === 'string' ? carried : typeof (carried as { label?: unknown })?.label === 'string' ? (carried as { label: string }).label : undefined;
  const rated = rating && rating.label !== 'NONE' && rating.estimateCrc !== null;
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
    ...(rated ? { rating: rating.label, estimateCrc: rating.estimateCrc! } : label && label !== 'NO_RATING' && label !== 'NONE' ? { rating: label } : {}),
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

  /** This copy, as the owner of its claims on sends. */
  private readonly owner: string;

  constructor(private readonly deps: AlerterDeps) {
    this.owner = deps.instance ?? `search-${randomUUID()}`;
  }

  private stopped = false;
  private following: Promise<void> = Promise.resolve();

  /**
   * Follows users and runs the scheduler at once; follows the ads once `ready` (the saved searches
   * loaded into the matcher) resolves: the ads published meanwhile wait in the topic, matched after.
   */
  async start(intervalMs: number, ready: Promise<unknown> = Promise.resolve()): Promise<void> {
    const { bus, store, logger, collections } = this.deps;
    this.subscriptions.push(
      await followIdentityUsers({
        bus,
        store,
        logger,
        group: 'search-alerts-users',
        apply: async (user) => {
          await collections.users.updateOne(
            { _id: user.id },
            { $set: { email: user.email, language: user.language, fullName: user.fullName } },
            { upsert: true },
          );
        },
      }),
    );
    this.following = ready
      .then(async () => {
        if (this.stopped) return;
        this.subscriptions.push(
          await followAdSnapshots({
            bus,
            store,
            logger,
            group: 'search-alerts',
            apply: async (ad, event, envelope) => {
              // A rating the raw payload may carry (not in the snapshot's contract); the rater's wins.
              const rating = (envelope.payload as { opportunity?: { rating?: unknown } } | null)?.opportunity?.rating;
              await this.onAd(ad, event.aggregateVersion, new Date(event.occurredAt), rating);
            },
          }),
        );
      })
      .catch((err: unknown) => logger.error({ err }, 'saved-search alerts not following the ads'));
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
    // A first pass at once: a process started past a day's end (or with a moved clock) sends the due digests now.
    void this.runOnce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.following;
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

  /**
   * One ad's snapshot. The first time it is public: the searches it matches, saved before it went
   * public. Later, public again or edited (price, model, ...): the searches it matches now and did
   * not match as it last was, saved before this change, so an ad edited into a search's criteria
   * alerts it, and one already there does not again. Either way one send per search and ad.
   */
  private async onAd(ad: OpportunitySnapshot, version: number, occurredAt: Date, carried: unknown): Promise<void> {
    const { collections, matcher, parameters } = this.deps;
    const seen = await collections.ads.findById(ad.id);
    if (seen && seen.version >= version) return;
    const values = indexedAd(ad);
    if (!isPublicStatus(ad.status) || (seen?.matchedAt && (!seen.last || sameForSearches(seen.last, values)))) {
      // Not public, or public as it was matched last (or matched before the ads kept their values: those are kept from now on).
      await collections.ads.updateOne({ _id: ad.id }, { $set: { version, ...(isPublicStatus(ad.status) ? { last: values } : {}) } }, { upsert: true });
      return;
    }
    const publishedAt = ad.publishedAt ? new Date(ad.publishedAt) : occurredAt;
    // The saved searches other copies of search took since the last ad.
    await this.deps.savedSearches.catchUp();
    const rate = parameters.get('EXCHANGE_RATE_CRC_PER_USD');
    matcher.setRate(rate);
    let ids = await matcher.match(searchDocument(ad.id, ad, rate));
    // A search counts what changed after it was saved: the publication, or this edit.
    let since = publishedAt;
    if (seen?.matchedAt && seen.last) {
      // Matched as it was only when it matches something now.
      const before = new Set(ids.length ? await matcher.match(searchDocument(ad.id, seen.last, rate)) : []);
      ids = ids.filter((id) => !before.has(id));
      since = occurredAt;
    }
    const searches = ids.length ? await collections.saved.find({ _id: { $in: ids }, paused: false }) : [];
    const now = this.deps.clock.now();
    // A digest groups the ads published (or edited into its criteria) on one Costa Rica day (a snapshot read late still counts for its day).
    const day = costaRicaDay(since);
    const rating = searches.length ? this.deps.quote?.(ad.id, values) : undefined;
    let pastDigest = false;
    const instant: string[] = [];
    for (const search of searches) {
      // Not the seller's own ad, and only changes after the search was saved (a replay adds nothing old).
      if (search.userId === ad.seller.id || search.createdAt.getTime() > since.getTime()) continue;
      const _id = `${search._id}|${ad.id}`;
      await collections.sends.updateOne(
        { _id },
        {
          $setOnInsert: {
            searchId: search._id,
            userId: search.userId,
            adId: ad.id,
            frequency: search.frequency,
            day,
            state: 'PENDING',
            ad: alertAd(ad, rating, carried),
            createdAt: now,
            sentAt: null,
          },
        },
        { upsert: true },
      );
      if (search.frequency === 'INSTANT') instant.push(_id);
      else if (day < costaRicaDay(now)) pastDigest = true;
    }
    await collections.ads.updateOne({ _id: ad.id }, { $set: { version, matchedAt: seen?.matchedAt ?? now, last: values } }, { upsert: true });
    for (const id of instant) {
      const send = await collections.sends.findById(id);
      if (send?.state === 'PENDING')
        await this.sendInstant(send).catch((err: unknown) => this.deps.logger.warn({ err, sendId: id }, 'alert mail not sent; the next pass retries'));
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
      await collections.sends.updateMany({ _id: { $in: ids }, state: 'PENDING' }, { $set: { state: 'DROPPED', doneAt: this.deps.clock.now() } });
      return;
    }
    const owner = await collections.users.findById(search.userId);
    if (!owner?.email) {
      logger.warn({ searchId: search._id }, 'owner of a saved search not known yet; alert left to the next pass');
      return;
    }
    // Several copies of search may reach the same sends (one's pass, another's new match): each
    // claims them first, atomically, and mails only what it claimed, so each alert is mailed once.
    const { token, claimed } = await this.claim(ids);
    if (claimed.length === 0) return;
    const mailed = sends.filter((send) => claimed.includes(send._id));
    try {
      await this.deps.mailer.send(
        savedSearchMail({
          to: owner.email,
          locale: owner.language === 'en' ? 'en' : 'es',
          name: search.name,
          ads: mailed.map((send) => send.ad),
          digest,
          links: { publicUrl: this.deps.publicUrl.replace(/\/$/, ''), token: this.deps.savedSearches.tokenOf(search._id) },
          key: mailed.length === sends.length ? key : `${key}:${claimed.join(',')}`,
        }),
      );
    } catch (error) {
      // Not mailed: the claim is given back, so the next pass (of any copy) tries again.
      await collections.sends.updateMany({ _id: { $in: claimed }, claim: token }, { $set: { claim: null, claimUntil: null } });
      throw error;
    }
    const now = this.deps.clock.now();
    const marked = await collections.sends.updateMany(
      { _id: { $in: claimed }, state: 'PENDING', claim: token },
      { $set: { state: 'SENT', sentAt: now, doneAt: now, claim: null, claimUntil: null } },
    );
    // The count lives on the search: the sends go after SEND_RETENTION_DAYS.
    if (marked.modifiedCount > 0) await collections.saved.updateOne({ _id: search._id }, { $inc: { alertsSent: marked.modifiedCount } });
  }

  /** Claims the pending sends among `ids` that nobody holds a live claim on; answers the claim and those claimed. */
  private async claim(ids: string[]): Promise<{ token: string; claimed: string[] }> {
    const { collections } = this.deps;
    const now = new Date((this.deps.processNow ?? Date.now)());
    const token = `${this.owner}|${randomUUID()}`;
    await collections.sends.updateMany(
      { _id: { $in: ids }, state: 'PENDING', $or: [{ claim: null }, { claimUntil: { $lte: now } }] },
      { $set: { claim: token, claimUntil: new Date(now.getTime() + ALERT_CLAIM_MS) } },
    );
    const claimed = await collections.sends.find({ _id: { $in: ids }, claim: token }, { projection: { _id: 1 } });
    return { token, claimed: claimed.map((send) => send._id) };
  }
}
