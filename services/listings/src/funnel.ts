import { Schema } from 'mongoose';
import { costaRicaDay } from '@ruedas/domain';
import { DuplicateKeyError, type Clock, type Collection, type DocumentStore, type Logger } from '@ruedas/platform';

/** What the funnel of an ad counts, each by day. */
export const FUNNEL_METRICS = ['impressions', 'views', 'whatsappContacts', 'phoneContacts', 'favourites', 'shares'] as const;
export type FunnelMetric = (typeof FUNNEL_METRICS)[number];
export type FunnelCounts = Record<FunnelMetric, number>;

/** The short field each metric is stored under (the day documents hold every ad's counters). */
const FIELD: Record<FunnelMetric, string> = { impressions: 'i', views: 'v', whatsappContacts: 'w', phoneContacts: 'p', favourites: 'f', shares: 's' };

export const DAY_MS = 86_400_000;
/** A day of the funnel is a day in Costa Rica (one helper, in @ruedas/domain). */
export { costaRicaDay };

/** The `count` days ending with the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => costaRicaDay(now.getTime() - (count - 1 - index) * DAY_MS));
}

export const zeroCounts = (): FunnelCounts => ({ impressions: 0, views: 0, whatsappContacts: 0, phoneContacts: 0, favourites: 0, shares: 0 });

/**
 * Before decision 0100: one document per day, `ads.<adId>.<field>` counters (decision 0079). Read
 * only now (their counts still show), never written: a write copied the whole day's document, so
 * its cost grew with the day's activity on the embedded store.
 */
interface FunnelDayDoc {
  _id: string;
  ads: Record<string, Partial<Record<string, number>>>;
}

const funnelDaySchema = new Schema({ _id: String, ads: { type: Schema.Types.Mixed, default: {} } }, { versionKey: false, minimize: false });

/**
 * One small document per ad and Costa Rica day (decision 0100), `_id` = `<adId>|<day>`, with a
 * counter per metric: a count is a `$inc` on it, whatever else happened that day.
 */
interface FunnelAdDayDoc {
  _id: string;
  ad: string;
  day: string;
  i?: number;
  v?: number;
  w?: number;
  p?: number;
  f?: number;
  s?: number;
}

const counter = { type: Number, default: undefined };
const funnelAdDaySchema = new Schema(
  {
    _id: String,
    ad: { type: String, required: true },
    // Indexed: the old days are deleted by `prune`.
    day: { type: String, required: true, index: true },
    i: counter,
    v: counter,
    w: counter,
    p: counter,
    f: counter,
    s: counter,
  },
  { versionKey: false },
);

const keyOf = (adId: string, day: string) => `${adId}|${day}`;

/**
 * One visitor counted for one metric of one ad on one day (issue 28): `_id` is
 * `<metric field>|<ad>|<day>|<visitor>`; a second count of it finds the document and counts nothing.
 * Deleted after the day (TTL, and `prune`).
 */
interface FunnelVisitorDoc {
  _id: string;
  expiresAt: Date;
}

const funnelVisitorSchema = new Schema(
  {
    _id: String,
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false },
);

export class Funnel {
  private constructor(
    private readonly adDays: Collection<FunnelAdDayDoc>,
    private readonly legacyDays: Collection<FunnelDayDoc>,
    private readonly visitors: Collection<FunnelVisitorDoc>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  static async open(store: DocumentStore, clock: Clock, logger: Logger): Promise<Funnel> {
    return new Funnel(
      await store.collection<FunnelAdDayDoc>('listings_funnel_ad_days', funnelAdDaySchema),
      await store.collection<FunnelDayDoc>('listings_funnel_days', funnelDaySchema),
      await store.collection<FunnelVisitorDoc>('listings_funnel_visitors', funnelVisitorSchema),
      clock,
      logger,
    );
  }

  /**
   * Counts `metric` once for each id (an id named twice counts twice) on the day of `at`. One ad:
   * one `$inc` upsert of its day document. A results page (several ads): one `updateMany` `$inc` of
   * the day documents that exist, plus one upsert for each ad counted for the first time that day.
   * Each write touches only the documents of the ads named: its cost does not grow with the day.
   */
  async record(metric: FunnelMetric, adIds: readonly string[], at: Date = this.clock.now()): Promise<void> {
    const day = costaRicaDay(at.getTime());
    const field = FIELD[metric];
    const times = new Map<string, number>();
    for (const id of adIds) if (/^[\w-]{1,64}$/.test(id)) times.set(id, (times.get(id) ?? 0) + 1);
    if (times.size === 0) return;
    const upsert = (id: string, count: number) =>
      this.adDays.updateOne({ _id: keyOf(id, day) }, { $inc: { [field]: count }, $setOnInsert: { ad: id, day } }, { upsert: true });
    if (times.size === 1) {
      const [[id, count]] = [...times] as [[string, number]];
      await upsert(id, count);
      return;
    }
    const existing = new Set((await this.adDays.find({ _id: { $in: [...times.keys()].map((id) => keyOf(id, day)) } })).map((doc) => doc.ad));
    // Ads named the same number of times share one write (on a results page: every ad, once).
    const byCount = new Map<number, string[]>();
    for (const [id, count] of times) if (existing.has(id)) byCount.set(count, [...(byCount.get(count) ?? []), keyOf(id, day)]);
    for (const [count, keys] of byCount) await this.adDays.updateMany({ _id: { $in: keys } }, { $inc: { [field]: count } });
    // First count of an ad that day (an upsert counts right even if another event created it meanwhile).
    await Promise.all([...times].filter(([id]) => !existing.has(id)).map(([id, count]) => upsert(id, count)));
  }

  /**
   * The ads of `adIds` that `visitor` (`funnelVisitor`) had not been counted for on `metric` on the day
   * of `at`, now marked as counted (issue 28: each visitor once per ad and day). One read of the marks;
   * one insert per ad new to the visitor that day, and an insert that loses a race with a parallel
   * request of the same visitor counts nothing. A visitor not known (null): every ad.
   */
  async firstToday(metric: FunnelMetric, adIds: readonly string[], visitor: string | null, at: Date = this.clock.now()): Promise<string[]> {
    if (visitor === null) return [...adIds];
    const ids = [...new Set(adIds.filter((id) => /^[\w-]{1,64}$/.test(id)))];
    if (ids.length === 0) return ids;
    const day = costaRicaDay(at.getTime());
    const mark = (id: string) => `${FIELD[metric]}|${id}|${day}|${visitor}`;
    const seen = new Set((await this.visitors.find({ _id: { $in: ids.map(mark) } })).map((doc) => doc._id));
    // Kept a day past the end of its day (a day in Costa Rica ends at most 30 hours after `at`).
    const expiresAt = new Date(at.getTime() + 2 * DAY_MS);
    const fresh = await Promise.all(
      ids
        .filter((id) => !seen.has(mark(id)))
        .map(async (id) => {
          try {
            await this.visitors.insertOne({ _id: mark(id), expiresAt });
            return id;
          } catch (error) {
            if (error instanceof DuplicateKeyError) return null;
            throw error;
          }
        }),
    );
    return fresh.filter((id): id is string => id !== null);
  }

  /** `record` of the ads `visitor` is counted for the first time today (`firstToday`). */
  async recordOnce(metric: FunnelMetric, adIds: readonly string[], visitor: string | null, at: Date = this.clock.now()): Promise<void> {
    const fresh = await this.firstToday(metric, adIds, visitor, at);
    if (fresh.length > 0) await this.record(metric, fresh, at);
  }

  /** As `recordOnce`, for a side count that must never fail the request it rides on: a failure is logged. */
  async note(metric: FunnelMetric, adIds: readonly string[], visitor: string | null): Promise<void> {
    try {
      await this.recordOnce(metric, adIds, visitor);
    } catch (error) {
      this.logger.warn({ err: error, metric }, 'funnel count lost');
    }
  }

  /**
   * Deletes the counters of the days before the `keptDays` ending with the day of `now`: no period
   * the insights answer reaches them (`MAX_INSIGHT_DAYS`), so the funnel's documents stop growing with
   * the catalogue's age. Idempotent: instances running it at once delete the same documents.
   */
  async prune(keptDays: number, now: Date = this.clock.now()): Promise<number> {
    const oldest = lastDays(now, keptDays)[0]!;
    const [own, legacy] = await Promise.all([this.adDays.deleteMany({ day: { $lt: oldest } }), this.legacyDays.deleteMany({ _id: { $lt: oldest } })]);
    // The visitors counted on days that have ended (MongoDB's TTL index does it too).
    await this.visitors.deleteMany({ expiresAt: { $lte: now } });
    const deleted = own.deletedCount + legacy.deletedCount;
    if (deleted > 0) this.logger.info({ deleted, before: oldest }, 'funnel days past the insights pruned');
    return deleted;
  }

  /** Each ad's counters on each of `days` (missing days and ads count zero), old day documents included. */
  async series(adIds: readonly string[], days: readonly string[]): Promise<Map<string, FunnelCounts[]>> {
    const keys = adIds.flatMap((id) => days.map((day) => keyOf(id, day)));
    const [docs, legacy] = await Promise.all([
      keys.length === 0 ? [] : this.adDays.find({ _id: { $in: keys } }),
      this.legacyDays.find({ _id: { $in: [...days] } }),
    ]);
    const stored = new Map(docs.map((doc) => [doc._id, doc as unknown as Partial<Record<string, number>>]));
    const byDay = new Map(legacy.map((doc) => [doc._id, doc.ads ?? {}]));
    const result = new Map<string, FunnelCounts[]>();
    for (const id of adIds) {
      result.set(
        id,
        days.map((day) => {
          const own = stored.get(keyOf(id, day)) ?? {};
          const old = byDay.get(day)?.[id] ?? {};
          const counts = zeroCounts();
          for (const metric of FUNNEL_METRICS) counts[metric] = (own[FIELD[metric]] ?? 0) + (old[FIELD[metric]] ?? 0);
          return counts;
        }),
      );
    }
    return result;
  }
}

export function total(days: readonly FunnelCounts[]): FunnelCounts {
  const sum = zeroCounts();
  for (const day of days) for (const metric of FUNNEL_METRICS) sum[metric] += day[metric];
  return sum;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
