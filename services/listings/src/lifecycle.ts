import { costaRicaDay, findBrand, PUBLIC_STATUSES } from '@ruedas/domain';
import type { Clock, GlobalParameters, Logger, Mailer } from '@ruedas/platform';
import { expiryNotice } from './mails';
import type { Opportunities } from './opportunities';
import { addDays, lifeDays } from './rules';
import type { ListingsCollections, OpportunityDoc } from './store';

export interface LifecycleDeps {
  collections: ListingsCollections;
  opportunities: Opportunities;
  mailer: Mailer;
  clock: Clock;
  parameters: GlobalParameters;
  logger: Logger;
  publicUrl: string;
  /** Housekeeping beside the ads' lives (the funnel's days past the insights), at the first pass of each Costa Rica day. */
  daily?: () => Promise<unknown>;
}

const PUBLIC = { $in: [...PUBLIC_STATUSES] };
/** Ads read per query; the next pass takes the rest. */
const BATCH = 200;
/** Batches of notices one pass may send (the next pass goes on with the rest). */
const NOTICE_ROUNDS = 10;
const NOTICE_PARALLEL = 20;

/**
 * The life of public ads: at the end of a period a free ad (or a paid ad already renewed) expires,
 * a paid ad's first period renews once; some days before the end the owner gets a notice.
 *
 * Several instances may run against one store. Each piece of work is claimed by a conditional
 * single-document update (the ad's version for a change, the `notifiedFor` marker for a notice),
 * so exactly one instance renews, expires or mails.
 */
export class AdLifecycle {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private dailyDoneFor: string | null = null;

  constructor(private readonly deps: LifecycleDeps) {}

  /** Runs a pass every `intervalMs` until stopped. */
  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.runOnce()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'ad lifecycle pass failed; retrying at the next one'))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: ends or renews what is due, sends the notices that are due, and the day's housekeeping once a day. */
  async runOnce(): Promise<void> {
    await this.endPeriods();
    await this.notify();
    const day = costaRicaDay(this.deps.clock.now().getTime());
    if (this.deps.daily && this.dailyDoneFor !== day) {
      await this.deps.daily();
      this.dailyDoneFor = day;
    }
  }

  private async endPeriods(): Promise<void> {
    const { opportunities } = this.deps;
    const now = this.deps.clock.now();
    const due = await this.deps.collections.opportunities.find(
      { status: PUBLIC, expiresAt: { $lte: now } },
      { sort: { expiresAt: 1 }, limit: BATCH, projection: { outbox: 0 } },
    );
    for (const ad of due) {
      const expiresAt = ad.expiresAt as Date;
      const saved =
        ad.level !== 'FREE' && !ad.renewed
          ? await opportunities.records.trySave(ad, { status: 'PUBLIC_ONLINE', expiresAt: addDays(expiresAt, this.days(ad)), renewed: true }, null, 'RENEWED', [
              'RENEWED',
              'PUBLIC_ONLINE',
            ])
          : await opportunities.records.trySave(ad, { status: 'EXPIRED', expiresAt: null }, null, 'STATUS_CHANGED', ['EXPIRED']);
      if (!saved) this.deps.logger.debug({ opportunityId: ad._id }, 'ad changed meanwhile (another instance or its owner); left to the next pass');
    }
  }

  private async notify(): Promise<void> {
    const { collections, parameters } = this.deps;
    const now = this.deps.clock.now();
    const horizon = addDays(now, parameters.get('DAYS_BEFORE_EXPIRY_TO_NOTIFY'));
    // Not yet notified for this period: never notified, or notified for a period already over
    // (`notifiedFor` holds the end it was notified for). A claimed ad leaves the answer, so each
    // query reads the next due ads instead of the same earliest ones (decision 0158); an ad left
    // unclaimed (its owner not known yet) is stepped over by the (expiresAt, _id) seek.
    const unnotified = { $or: [{ notifiedFor: null }, { notifiedFor: { $lte: now } }] };
    let after: { expiresAt: Date; id: string } | null = null;
    for (let round = 0; round < NOTICE_ROUNDS; round++) {
      const seek: Record<string, unknown> = after
        ? { expiresAt: { $gte: after.expiresAt, $lte: horizon }, $or: [{ expiresAt: { $gt: after.expiresAt } }, { _id: { $gt: after.id } }] }
        : { expiresAt: { $gt: now, $lte: horizon } };
      const due = await collections.opportunities.find(
        { status: PUBLIC, ...seek, $and: [unnotified] },
        { sort: { expiresAt: 1, _id: 1 }, limit: BATCH, projection: { outbox: 0, history: 0 } },
      );
      // A batch's notices go out NOTICE_PARALLEL at a time (their claims share the store's round trips).
      const waiting = due.filter((ad) => ad.notifiedFor?.getTime() !== ad.expiresAt?.getTime());
      for (let at = 0; at < waiting.length; at += NOTICE_PARALLEL) {
        await Promise.all(waiting.slice(at, at + NOTICE_PARALLEL).map((ad) => this.notifyOwner(ad)));
      }
      if (due.length < BATCH) return;
      const last = due[due.length - 1]!;
      after = { expiresAt: last.expiresAt as Date, id: last._id };
    }
  }

  private async notifyOwner(ad: OpportunityDoc): Promise<void> {
    const { collections, logger } = this.deps;
    const owner = await collections.users.findById(ad.sellerId);
    if (!owner) {
      logger.warn({ opportunityId: ad._id, sellerId: ad.sellerId }, 'owner not known yet; expiry notice left to the next pass');
      return;
    }
    const expiresAt = ad.expiresAt as Date;
    const claim = { _id: ad._id, expiresAt, notifiedFor: { $ne: expiresAt } };
    const claimed = await collections.opportunities.updateOne(claim, { $set: { notifiedFor: expiresAt } });
    if (claimed.modifiedCount === 0) return;
    try {
      await this.deps.mailer.send(
        expiryNotice({
          to: owner.email,
          locale: owner.language,
          car: `${findBrand(ad.brand)?.label[owner.language] ?? ad.brand} ${ad.model} ${ad.year}`,
          expiresAt,
          renews: ad.level !== 'FREE' && !ad.renewed,
          link: `${this.deps.publicUrl.replace(/\/$/, '')}/opportunity/${ad._id}`,
          key: `expiry-notice:${ad._id}:${expiresAt.toISOString()}`,
        }),
      );
    } catch (error) {
      // Give the claim back, so a later pass (of any instance) sends it.
      await collections.opportunities.updateOne({ _id: ad._id, notifiedFor: expiresAt }, { $set: { notifiedFor: null } });
      throw error;
    }
  }

  private days(ad: OpportunityDoc): number {
    return lifeDays(ad.level, (key) => this.deps.parameters.get(key));
  }
}
