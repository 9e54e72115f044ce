import { Schema } from 'mongoose';
import { costaRicaDay } from '@ruedas/domain';
import type { Clock, Collection, DocumentStore, Logger } from '@ruedas/platform';

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
 * One document per day: `ads.<adId>.<field>` counters (decision 0079). A funnel event (a results
 * page shown, a view, a contact, a favourite, a share) is one `$inc` upsert on that day's document,
 * whatever the number of ads it names: at most one write per event.
 */
interface FunnelDayDoc {
  _id: string;
  ads: Record<string, Partial<Record<string, number>>>;
}

const funnelDaySchema = new Schema({ _id: String, ads: { type: Schema.Types.Mixed, default: {} } }, { versionKey: false, minimize: false });

export class Funnel {
  private constructor(
    private readonly days: Collection<FunnelDayDoc>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  static async open(store: DocumentStore, clock: Clock, logger: Logger): Promise<Funnel> {
    return new Funnel(await store.collection<FunnelDayDoc>('listings_funnel_days', funnelDaySchema), clock, logger);
  }

  /** Counts `metric` once for each id (an id named twice counts twice), on the day of `at`: one write. */
  async record(metric: FunnelMetric, adIds: readonly string[], at: Date = this.clock.now()): Promise<void> {
    const ids = adIds.filter((id) => /^[\w-]{1,64}$/.test(id));
    if (ids.length === 0) return;
    const increments: Record<string, number> = {};
    for (const id of ids) increments[`ads.${id}.${FIELD[metric]}`] = (increments[`ads.${id}.${FIELD[metric]}`] ?? 0) + 1;
    await this.days.updateOne({ _id: costaRicaDay(at.getTime()) }, { $inc: increments }, { upsert: true });
  }

  /** As `record`, for a side count that must never fail the request it rides on: a failure is logged. */
  async note(metric: FunnelMetric, adIds: readonly string[]): Promise<void> {
    try {
      await this.record(metric, adIds);
    } catch (error) {
      this.logger.warn({ err: error, metric }, 'funnel count lost');
    }
  }

  /** Each ad's counters on each of `days` (missing days and ads count zero). */
  async series(adIds: readonly string[], days: readonly string[]): Promise<Map<string, FunnelCounts[]>> {
    const docs = await this.days.find({ _id: { $in: [...days] } });
    const byDay = new Map(docs.map((doc) => [doc._id, doc.ads ?? {}]));
    const result = new Map<string, FunnelCounts[]>();
    for (const id of adIds) {
      result.set(
        id,
        days.map((day) => {
          const stored = byDay.get(day)?.[id] ?? {};
          const counts = zeroCounts();
          for (const metric of FUNNEL_METRICS) counts[metric] = stored[FIELD[metric]] ?? 0;
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
