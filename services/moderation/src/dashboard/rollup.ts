import { costaRicaDay, costaRicaDayStart } from '@ruedas/domain';
import type { Logger } from '@ruedas/platform';
import { guardedUpsert, OperationJournal } from './journal';
import type { DashActivityDayDoc, DashActivityDoc, DashboardCollections } from './store';

/** The journal document of the roll-ups (beside the model's `journal`). */
export const ACTIVITY_JOURNAL = 'activity';
/** Activity documents summed by one roll-up operation at most. */
const BATCH = 2_000;

/** One day and dimension's increment of a roll-up. */
export interface DayIncrement {
  _id: string;
  day: string;
  kind: DashActivityDoc['kind'];
  opportunityId: string | null;
  brand: string | null;
  model: string | null;
  inc: number;
}

/** One journalled roll-up: the day totals' increments and the activity documents they sum. */
export interface RollupOperation {
  seq: number;
  days: DayIncrement[];
  ids: string[];
  /** When the documents were summed (ms), their `rolledAt`. */
  at: number;
}

/**
 * The day and dimension an activity document adds one to, or null when the dashboard does not count
 * it (TESTUSER activity, a search past its first page). A search without a brand counts among the
 * period's searches but in no brand and model.
 */
export function dayDimension(item: DashActivityDoc): Omit<DayIncrement, 'inc'> | null {
  if (item.testUser) return null;
  const day = costaRicaDay(item.at.getTime());
  if (item.kind === 'SEARCH') {
    if (!item.firstPage) return null;
    const key = item.brand ? `${item.brand}|${(item.model ?? '').toLowerCase()}` : '';
    return {
      _id: `${day}|SEARCH|${key}`,
      day,
      kind: 'SEARCH',
      opportunityId: null,
      brand: item.brand ?? null,
      model: item.brand ? (item.model ?? null) : null,
    };
  }
  if (item.opportunityId === null) return null;
  return { _id: `${day}|${item.kind}|${item.opportunityId}`, day, kind: item.kind, opportunityId: item.opportunityId, brand: null, model: null };
}

/**
 * Sums the dashboard's activity of past Costa Rica days into one document per day and dimension
 * (issue 30, decision 0200), so that the activity documents, one per search, complaint and click,
 * can go (TTL on `rolledAt`, ROLLED_ACTIVITY_KEPT_DAYS after): the dashboard reads a period's day
 * totals plus its activity not summed yet, the same figures as from every activity document.
 *
 * Run by the dashboard's writer (the copy holding its lease). Each batch is one operation,
 * journalled before it is applied (as the model's, decision 0056): the day totals' increments are
 * guarded by the operation's number and the documents are marked summed after, so an operation
 * interrupted by a crash is finished at the next run without adding anything twice. A late event
 * (for a day already summed) is summed at the next run like any other.
 */
export class ActivityRollup {
  private constructor(
    private readonly dashboard: DashboardCollections,
    private readonly journal: OperationJournal<RollupOperation>,
    private readonly logger: Logger,
  ) {}

  /** Opens the roll-up: finishes an operation a crash interrupted. */
  static async open(dashboard: DashboardCollections, logger: Logger): Promise<ActivityRollup> {
    const journal = new OperationJournal<RollupOperation>(dashboard.journal, ACTIVITY_JOURNAL, 'the dashboard activity was summed');
    if (!(await journal.open())) await journal.create();
    const rollup = new ActivityRollup(dashboard, journal, logger);
    if (journal.pending) await rollup.finish(journal.pending);
    await rollup.dateDays();
    return rollup;
  }

  /** Day totals summed before their retention (decision 0242) get the start of their day, from which they expire. */
  private async dateDays(): Promise<void> {
    for (;;) {
      const undated = await this.dashboard.activityDays.find({ dayAt: null }, { limit: 500, projection: { day: 1 } });
      for (const doc of undated) await this.dashboard.activityDays.updateOne({ _id: doc._id }, { $set: { dayAt: new Date(costaRicaDayStart(doc.day)!) } });
      if (undated.length < 500) return;
    }
  }

  /** Sums the activity of the Costa Rica days before `now`'s, batch by batch; answers how many documents it summed. */
  async run(now: Date): Promise<number> {
    // An operation a failed write left half-applied is finished first: summing its documents again would count them twice.
    if (this.journal.pending) await this.finish(this.journal.pending);
    const before = new Date(costaRicaDayStart(costaRicaDay(now.getTime()))!);
    let summed = 0;
    for (;;) {
      const items = await this.dashboard.activity.find({ rolledAt: null, at: { $lt: before } }, { sort: { rolledAt: 1, at: 1, _id: 1 }, limit: BATCH });
      if (items.length === 0) break;
      await this.apply(items, now);
      summed += items.length;
      if (items.length < BATCH) break;
    }
    if (summed > 0) this.logger.info({ summed, before }, 'dashboard activity summed into day totals');
    return summed;
  }

  private async apply(items: DashActivityDoc[], now: Date): Promise<void> {
    const days = new Map<string, DayIncrement>();
    // Oldest first: a day's brand and model keep the spelling of its earliest search.
    for (const item of items) {
      const dimension = dayDimension(item);
      if (!dimension) continue;
      const entry = days.get(dimension._id) ?? { ...dimension, inc: 0 };
      entry.inc += 1;
      days.set(dimension._id, entry);
    }
    const operation: RollupOperation = { seq: this.journal.seq + 1, days: [...days.values()], ids: items.map((item) => item._id), at: now.getTime() };
    await this.journal.record(operation);
    await this.finish(operation);
  }

  /** Applies a journalled operation (again, after a crash: the guarded increments already made are skipped). */
  private async finish(operation: RollupOperation): Promise<void> {
    for (const day of operation.days) {
      await guardedUpsert(this.dashboard.activityDays, day._id, operation.seq, {
        $inc: { count: day.inc },
        $set: { seq: operation.seq },
        $setOnInsert: {
          day: day.day,
          dayAt: new Date(costaRicaDayStart(day.day)!),
          kind: day.kind,
          opportunityId: day.opportunityId,
          brand: day.brand,
          model: day.model,
        },
      });
    }
    await this.dashboard.activity.updateMany({ _id: { $in: operation.ids } }, { $set: { rolledAt: new Date(operation.at) } });
    await this.journal.done();
  }
}

/**
 * A period's activity as the dashboard counts it: its day totals plus its activity documents not
 * summed yet, read as of one roll-up state (the reads are repeated when a roll-up moved between
 * them; a roll-up under way counts once, from its journal).
 */
export async function periodActivity(
  dashboard: DashboardCollections,
  labels: string[],
  period: { start: number; end: number },
): Promise<Array<Omit<DayIncrement, 'inc' | '_id'> & { count: number; at: number }>> {
  const state = async () => {
    const journal = await dashboard.journal.findById(ACTIVITY_JOURNAL);
    return { key: `${journal?.seq ?? 0}|${journal?.pending ? 1 : 0}`, pending: (journal?.pending as RollupOperation | null | undefined) ?? null };
  };
  for (let attempt = 0; ; attempt += 1) {
    const before = await state();
    const [days, raw] = await Promise.all([
      dashboard.activityDays.find({ day: { $in: labels } }),
      dashboard.activity.find({ rolledAt: null, at: { $gte: new Date(period.start), $lt: new Date(period.end) } }),
    ]);
    const after = await state();
    if (before.key !== after.key && attempt < 20) continue;
    const pending = after.pending;
    const counts = new Map<string, DashActivityDayDoc>(days.map((day) => [day._id, { ...day }]));
    if (pending) {
      // The operation under way: its increments not yet made are counted from its journal, its documents from there only.
      const inPeriod = new Set(labels);
      for (const increment of pending.days) {
        if (!inPeriod.has(increment.day)) continue;
        const stored = counts.get(increment._id);
        if (stored && stored.seq >= pending.seq) continue;
        const { inc, ...dimension } = increment;
        counts.set(increment._id, { ...dimension, ...stored, count: (stored?.count ?? 0) + inc, seq: pending.seq });
      }
    }
    const summing = new Set(pending?.ids ?? []);
    const items = [...counts.values()].map((day) => ({
      day: day.day,
      kind: day.kind,
      opportunityId: day.opportunityId ?? null,
      brand: day.brand ?? null,
      model: day.model ?? null,
      count: day.count,
      at: costaRicaDayStart(day.day)!,
    }));
    for (const item of raw) {
      if (summing.has(item._id)) continue;
      const dimension = dayDimension(item);
      if (dimension) items.push({ ...dimension, count: 1, at: item.at.getTime() });
    }
    // In time order: a brand and model shows the spelling of its earliest search.
    return items.sort((a, b) => a.at - b.at);
  }
}
