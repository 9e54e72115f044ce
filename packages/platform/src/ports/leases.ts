import { Schema } from 'mongoose';
import { DuplicateKeyError, type Collection, type DocumentStore } from './document-store';

/**
 * Leases, part of the document-store port: work that must run once while several copies of a
 * service run (a scheduler, the alert pass, reconciliation, a single-writer read model, an outbox
 * relay's pass) runs while its copy holds the lease of that work.
 *
 * - A lease has a name, an owner (one copy of a service) and a time limit: a holder that crashes
 *   or hangs loses it when the limit passes, so another copy takes over within that time.
 * - `acquire` succeeds when nobody holds the lease or its limit has passed (or the caller already
 *   holds it); `renew` pushes the limit further while the caller still holds it; `release` ends it.
 * - Every acquisition increases the lease's fencing number. A holder passes it with what it writes
 *   where a late write of a copy that lost the lease (paused past its limit) must be refused.
 *
 * Built only on single-document atomic writes (conditional `findOneAndUpdate` with upsert), which
 * every adapter passes in the document-store contract; the lease contract suite (runLeaseContractTests
 * in @ruedas/testing) holds both adapters to it. Time is the calling process's clock (`now`):
 * copies' clocks must agree to well within a lease's time limit (NTP gives milliseconds).
 */
export interface Lease {
  name: string;
  owner: string;
  /** Increases with every acquisition of this name, by anyone. */
  fencing: number;
  expiresAt: Date;
}

interface LeaseDoc {
  _id: string;
  owner: string;
  fencing: number;
  expiresAt: Date;
}

const leaseSchema = new Schema(
  {
    _id: String,
    owner: { type: String, required: true },
    fencing: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** The collection every service's leases live in (one document per lease name: bounded). */
export const LEASES_COLLECTION = 'leases';

const NAME = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,199}$/;
const checkName = (name: string) => {
  if (typeof name !== 'string' || !NAME.test(name)) throw new TypeError(`invalid lease name ${JSON.stringify(name)}`);
};
const checkTtl = (ttlMs: number) => {
  if (!Number.isFinite(ttlMs) || ttlMs < 1) throw new TypeError('lease time limit must be a positive number of milliseconds');
};

const toLease = (doc: LeaseDoc): Lease => ({ name: doc._id, owner: doc.owner, fencing: doc.fencing, expiresAt: new Date(doc.expiresAt) });

export class Leases {
  private constructor(
    private readonly leases: Collection<LeaseDoc>,
    private readonly now: () => number,
  ) {}

  /** Opens the leases of a store. `now` (default Date.now) is for tests that move time. */
  static async open(store: DocumentStore, options: { now?: () => number } = {}): Promise<Leases> {
    return new Leases(await store.collection<LeaseDoc>(LEASES_COLLECTION, leaseSchema), options.now ?? Date.now);
  }

  /** Takes the lease for `ttlMs` if it is free, expired or already the owner's; null when another holds it. */
  async acquire(name: string, owner: string, ttlMs: number): Promise<Lease | null> {
    checkName(name);
    checkTtl(ttlMs);
    const now = this.now();
    try {
      const doc = await this.leases.findOneAndUpdate(
        { _id: name, $or: [{ expiresAt: { $lte: new Date(now) } }, { owner }] },
        { $set: { owner, expiresAt: new Date(now + ttlMs) }, $inc: { fencing: 1 } },
        { upsert: true },
      );
      return doc ? toLease(doc) : null;
    } catch (error) {
      // The lease exists and is another's: the upsert's insert collided with it.
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /** Extends a held lease to `ttlMs` from now; null when it was lost (taken by another since). */
  async renew(lease: Lease, ttlMs: number): Promise<Lease | null> {
    checkTtl(ttlMs);
    const doc = await this.leases.findOneAndUpdate(
      { _id: lease.name, owner: lease.owner, fencing: lease.fencing },
      { $set: { expiresAt: new Date(this.now() + ttlMs) } },
    );
    return doc ? toLease(doc) : null;
  }

  /** Ends a held lease at once (a stop), so another copy need not wait for its limit. */
  async release(lease: Lease): Promise<boolean> {
    const result = await this.leases.updateOne({ _id: lease.name, owner: lease.owner, fencing: lease.fencing }, { $set: { expiresAt: new Date(0) } });
    return result.matchedCount === 1;
  }

  /** The current holder, or null when the lease is free or expired. */
  async holder(name: string): Promise<Lease | null> {
    const doc = await this.leases.findById(name);
    return doc && doc.expiresAt.getTime() > this.now() ? toLease(doc) : null;
  }

  /**
   * Runs `work` once if the lease can be taken now, renewing it while `work` runs and releasing it
   * after; answers false (nothing run) when another copy holds it. `work` is told the lease (its
   * fencing number) and whether it still holds it (false once a renewal failed: stop writing).
   */
  async runExclusive<T>(
    name: string,
    owner: string,
    ttlMs: number,
    work: (held: { lease: Lease; stillHeld: () => boolean }) => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    let lease = await this.acquire(name, owner, ttlMs);
    if (!lease) return { ran: false };
    let held = true;
    const timer = setInterval(
      () =>
        void this.renew(lease!, ttlMs).then(
          (renewed) => {
            if (renewed) lease = renewed;
            else held = false;
          },
          () => undefined,
        ),
      Math.max(10, Math.floor(ttlMs / 3)),
    );
    timer.unref();
    try {
      return { ran: true, value: await work({ lease, stillHeld: () => held }) };
    } finally {
      clearInterval(timer);
      if (held) await this.release(lease).catch(() => false);
    }
  }
}
