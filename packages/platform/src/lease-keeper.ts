import type { Logger } from './logger';
import type { Lease, Leases } from './ports';

/** Work that runs while its copy holds a lease; `stop` ends it (the lease was lost or the copy stops). */
export interface LeasedWork {
  stop(): Promise<void>;
}

export interface LeaseKeeperOptions {
  leases: Leases;
  /** The work's lease, e.g. `moderation.dashboard`. */
  name: string;
  /** This copy (ServiceContext.instance). */
  owner: string;
  logger: Logger;
  /** Time limit of the lease: how long a crashed holder keeps others waiting. Default 15 s. */
  ttlMs?: number;
  /** Starts the work once the lease is held. */
  start: (lease: Lease) => Promise<LeasedWork>;
}

/**
 * Runs work on one copy of a service at a time (a single-writer read model, a scheduler): every
 * copy keeps asking for the lease, a third of its time limit apart; the holder renews it as often
 * and runs the work; a holder that fails to renew (paused past the limit, the store unreachable)
 * stops its work, and another copy takes over within the time limit of a crashed or stopped one.
 */
export class LeaseKeeper {
  private lease: Lease | null = null;
  private work: LeasedWork | null = null;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: LeaseKeeperOptions) {}

  private get ttlMs(): number {
    return this.options.ttlMs ?? 15_000;
  }

  /** Whether this copy runs the work now. */
  held(): boolean {
    return this.work !== null;
  }

  /** Asks for the lease once now (awaited: a lone copy starts its work before it serves), then keeps asking. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(20, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  /** One step: renew (or lose) the lease held, or try to take it. */
  tick(): Promise<void> {
    this.turn = this.turn.then(() => this.step()).catch((err: unknown) => this.options.logger.warn({ err, lease: this.options.name }, 'lease step failed'));
    return this.turn;
  }

  private async step(): Promise<void> {
    if (this.stopped) return;
    const { leases, name, owner, logger } = this.options;
    if (this.lease) {
      const renewed = await leases.renew(this.lease, this.ttlMs).catch(() => null);
      if (renewed) {
        this.lease = renewed;
        return;
      }
      logger.warn({ lease: name }, 'lease lost; stopping the work it guarded');
      this.lease = null;
      await this.stopWork();
      return;
    }
    const lease = await leases.acquire(name, owner, this.ttlMs);
    if (!lease) return;
    this.lease = lease;
    try {
      this.work = await this.options.start(lease);
      logger.info({ lease: name, fencing: lease.fencing }, 'lease taken; work started');
    } catch (error) {
      this.lease = null;
      await leases.release(lease).catch(() => false);
      throw error;
    }
  }

  private async stopWork(): Promise<void> {
    const work = this.work;
    this.work = null;
    await work?.stop();
  }

  /** Stops the work and gives the lease back, so another copy takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.turn;
    await this.stopWork();
    if (this.lease) await this.options.leases.release(this.lease).catch(() => false);
    this.lease = null;
  }
}
