import { Schema } from 'mongoose';
import { createEvent, priceRated, systemActor } from '@ruedas/events';
import {
  DuplicateKeyError,
  outboxField,
  toOutbox,
  type Clock,
  type Collection,
  type DocumentStore,
  type Logger,
  type OutboxRelay,
  type WithOutbox,
} from '@ruedas/platform';
import type { PriceRating } from './market';

/**
 * What search last published of an ad's fair-price rating (`search_price_ratings`, one document per
 * ad, version = ratings published): the outbox of `PriceRated` on `search.price` (decision 0099).
 */
export interface PublishedRatingDoc extends WithOutbox {
  version: number;
  label: string;
  basis: string;
  estimateCrc: number | null;
  lowCrc: number | null;
  highCrc: number | null;
  priceCrc: number;
}

const publishedSchema = new Schema(
  {
    _id: String,
    version: { type: Number, required: true },
    label: String,
    basis: String,
    estimateCrc: { type: Number, default: null },
    lowCrc: { type: Number, default: null },
    highCrc: { type: Number, default: null },
    priceCrc: Number,
    outbox: outboxField,
  },
  { versionKey: false },
);

export function openPublishedRatings(store: DocumentStore): Promise<Collection<PublishedRatingDoc>> {
  return store.collection<PublishedRatingDoc>('search_price_ratings', publishedSchema);
}

/** A rating and the price it was computed for, as the market holds it now. */
export interface CurrentRating {
  rating: PriceRating;
  priceCrc: number;
}

/** Ads checked per pass (one read of their published documents). */
const BATCH = 500;

/** Whether two amounts differ by 1 % or more (null and a number always differ). */
function moved(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a !== b;
  return Math.abs(a - b) >= 0.01 * Math.max(Math.abs(a), Math.abs(b), 1);
}

/** Whether `current` is worth a new event after `published`. */
export function ratingChanged(published: PublishedRatingDoc | undefined, current: CurrentRating): boolean {
  if (!published) return true;
  const { rating } = current;
  return (
    published.label !== rating.label ||
    published.basis !== rating.basis ||
    moved(published.estimateCrc, rating.estimateCrc) ||
    moved(published.lowCrc, rating.lowCrc) ||
    moved(published.highCrc, rating.highCrc) ||
    moved(published.priceCrc, current.priceCrc)
  );
}

/**
 * Publishes the fair-price rating of each public ad when it changed (decision 0099), so moderation
 * (the "price far below the estimate" signal) and listings (the sellers' price hint) keep their
 * own copies without calling search. The rater tells it which ads it rated again; at start (and
 * after the exchange rate changed) it is given every ad of the market and publishes only those that
 * differ from what it published before, so an ordinary restart publishes nothing. Works in the
 * background, in batches; each ad's event is one version-guarded write of its document, so several
 * search processes publish each change once.
 */
export class RatingPublisher {
  private readonly queue = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      ratings: Collection<PublishedRatingDoc>;
      outbox: OutboxRelay;
      clock: Clock;
      logger: Logger;
      current: (id: string) => CurrentRating | undefined;
    },
  ) {}

  /** These ads were rated again (or loaded): each is published if its rating changed. */
  changed(ids: Iterable<string>): void {
    if (this.stopped) return;
    for (const id of ids) this.queue.add(id);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.queue.size > 0 && !this.stopped) this.changed([]);
    });
  }

  /** Waits until every queued ad was checked (tests, stop). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.size > 0 && !this.stopped) {
      const batch = [...this.queue].slice(0, BATCH);
      for (const id of batch) this.queue.delete(id);
      try {
        const stored = new Map((await this.deps.ratings.find({ _id: { $in: batch } }, { projection: { outbox: 0 } })).map((doc) => [doc._id, doc]));
        let written = 0;
        for (const id of batch) if (await this.publish(id, stored.get(id))) written += 1;
        if (written > 0) this.deps.outbox.notify();
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'fair-price ratings not published; the next change of these ads tries again');
      }
    }
  }

  /** One ad: a new version with its event when the rating changed; true when written. */
  private async publish(id: string, known: PublishedRatingDoc | undefined): Promise<boolean> {
    let published = known;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = this.deps.current(id);
      if (!current || !ratingChanged(published, current)) return false;
      const version = (published?.version ?? 0) + 1;
      const { rating, priceCrc } = current;
      const fields = { label: rating.label, basis: rating.basis, estimateCrc: rating.estimateCrc, lowCrc: rating.lowCrc, highCrc: rating.highCrc, priceCrc };
      const event = createEvent(priceRated, {
        aggregateId: id,
        aggregateVersion: version,
        actor: systemActor('search'),
        occurredAt: this.deps.clock.now(),
        payload: { opportunityId: id, ...fields, comparableCount: rating.comparableCount },
      });
      try {
        if (!published) {
          await this.deps.ratings.insertOne({ _id: id, version, ...fields, outbox: [toOutbox(priceRated.topic, event)] });
          return true;
        }
        const saved = await this.deps.ratings.updateOne(
          { _id: id, version: published.version },
          { $set: { version, ...fields }, $push: { outbox: toOutbox(priceRated.topic, event) } },
        );
        if (saved.matchedCount === 1) return true;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      // Another search process published first: compare with what it wrote.
      published = (await this.deps.ratings.findById(id)) ?? undefined;
    }
    return false;
  }
}
