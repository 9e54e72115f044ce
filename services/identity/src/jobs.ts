import type { Collection, Logger } from '@ruedas/platform';
import type { JobDoc } from './store';

/** How often waiting jobs are looked for besides when one is added (a failed mail is tried again then). */
export const JOB_SWEEP_MS = 5_000;
/** How long an instance keeps a job it started: another instance takes it over after (a crash). */
const CLAIM_MS = 60_000;

/**
 * Does the accepted registrations and reset requests after their answer, one at a time in the
 * order they came, so the answer costs the same whether the e-mail has an account (decision 0028).
 * Jobs are documents: one left by a crash or a failed mail is done at the next pass.
 */
export class JobWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly jobs: Collection<JobDoc>,
    private readonly run: (job: JobDoc) => Promise<void>,
    private readonly logger: Logger,
    sweepMs = JOB_SWEEP_MS,
  ) {
    this.timer = setInterval(() => this.notify(), sweepMs);
    this.timer.unref();
  }

  /** A job was added: do every waiting job soon. */
  notify(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.notify();
      }
    });
  }

  /** Resolves once no job is waiting or being done (tests, and a graceful stop). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    const waiting = await this.jobs.find({}, { sort: { createdAt: 1, _id: 1 }, limit: 100 }).catch((err: unknown) => {
      this.logger.error({ err }, 'identity jobs: could not read the waiting jobs');
      return [];
    });
    for (const job of waiting) {
      if (this.stopped) return;
      try {
        // Several identity instances share the jobs: one claims a job before doing it. Real time,
        // not the service clock: a lease is about processes, not about the business.
        const now = Date.now();
        const claimed = await this.jobs.findOneAndUpdate(
          { _id: job._id, $or: [{ claimedUntil: null }, { claimedUntil: { $lte: new Date(now) } }] },
          { $set: { claimedUntil: new Date(now + CLAIM_MS) } },
        );
        if (!claimed) continue;
        await this.run(claimed);
      } catch (err) {
        // Left in place: tried again at the next sweep (if releasing the claim fails too, the claim
        // expires by itself; the job's failure is logged below).
        await this.jobs.updateOne({ _id: job._id }, { $set: { claimedUntil: null } }).catch(() => undefined);
        this.logger.error({ err, job: job._id, kind: job.kind }, 'identity jobs: a job failed; it will be tried again');
      }
    }
    if (waiting.length === 100) this.again = true;
  }
}
