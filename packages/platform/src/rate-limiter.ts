import { Schema } from 'mongoose';
import type { RateRule } from '@ruedas/domain';
import type { Clock } from './clock';
import type { RateLimitNote } from './context';
import { DomainError } from './errors';
import { DuplicateKeyError, type Collection, type DocumentStore } from './ports';

/** One fixed window of one rule for one subject (`<rule>:<subject>|<window start>`). */
export interface RateWindowDoc {
  _id: string;
  /** `<rule>:<subject>`: what a reset clears. */
  key: string;
  count: number;
  expiresAt: Date;
}

const rateWindowSchema = new Schema(
  {
    _id: String,
    key: { type: String, required: true, index: true },
    count: { type: Number, default: 0 },
    // Retention: a window is dropped once it ended (MongoDB's TTL monitor, the embedded store's alike).
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false },
);

/** A service's collection of rate windows (e.g. `identity_rate_windows`), shared by every copy of it. */
export function openRateWindows(store: DocumentStore, name: string): Promise<Collection<RateWindowDoc>> {
  return store.collection<RateWindowDoc>(name, rateWindowSchema);
}

const MINUTE = 60_000;

/** A unit taken from a window; `giveBack` returns it (a sign-in that succeeded). */
export interface Taken {
  giveBack(): Promise<void>;
  /** Where the subject stands in the window after this unit (and after `giveBack`), for the `RateLimit-*` headers. */
  readonly state: RateLimitNote;
}

/** RATE_LIMITED with the seconds to wait (`Retry-After`) and the minutes for the message. */
export function rateLimited(retryAfterSeconds: number, limit?: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError('RATE_LIMITED', 'tooManyAttempts', undefined, {
    minutes: Math.max(1, Math.ceil(seconds / 60)),
    retryAfter: seconds,
    // The window's allowance, for the RateLimit-Limit header (issue 32 item 8).
    ...(limit !== undefined ? { limit } : {}),
  });
}

/**
 * The client address as a limit subject: IPv4 (also IPv4-mapped IPv6) as it is, IPv6 by its /64,
 * which one subscriber usually holds whole. Null when unknown (in-process calls without a client).
 */
export function addressSubject(address: string | null): string | null {
  if (!address) return null;
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Fixed-window request limits kept in the document store, so every instance of identity shares
 * them: each request takes a unit with one atomic upsert-and-increment (`$inc`), so a burst of
 * parallel requests can never take more than the limit, on the embedded store as on MongoDB.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly windows: Collection<RateWindowDoc>,
    private readonly clock: Clock,
  ) {}

  /** Takes one unit of `rule` for `subject`; throws RATE_LIMITED when the window is used up. */
  async take(rule: string, limits: RateRule, subject: string): Promise<Taken> {
    const result = await this.tryTake(rule, limits, subject);
    if ('retryAfterSeconds' in result) throw rateLimited(result.retryAfterSeconds, limits.limit);
    return result;
  }

  /** As `take`, but answers how long to wait instead of throwing. */
  async tryTake(rule: string, limits: RateRule, subject: string): Promise<Taken | { retryAfterSeconds: number }> {
    const now = this.clock.now().getTime();
    const windowMs = limits.windowMinutes * MINUTE;
    const start = Math.floor(now / windowMs) * windowMs;
    const key = `${rule}:${subject}`;
    const _id = `${key}|${start}`;
    const update = { $inc: { count: 1 }, $setOnInsert: { key, expiresAt: new Date(start + windowMs) } };
    let doc: RateWindowDoc | null;
    try {
      doc = await this.windows.findOneAndUpdate({ _id }, update, { upsert: true });
    } catch (error) {
      // Two first requests of a window upserting at once (MongoDB): the loser increments the winner's document.
      if (!(error instanceof DuplicateKeyError)) throw error;
      doc = await this.windows.findOneAndUpdate({ _id }, update, { upsert: true });
    }
    void this.prune(now);
    if (!doc || doc.count > limits.limit) return { retryAfterSeconds: (start + windowMs - now) / 1000 };
    let given = false;
    const state: RateLimitNote = {
      limit: limits.limit,
      remaining: limits.limit - doc.count,
      resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
    };
    return {
      state,
      giveBack: async () => {
        if (given) return;
        given = true;
        await this.windows.updateOne({ _id, count: { $gt: 0 } }, { $inc: { count: -1 } });
        state.remaining = Math.min(limits.limit, state.remaining + 1);
      },
    };
  }

  /** Forgets every window of `rule` for `subject` (a completed password reset clears the account's sign-in limit). */
  async clear(rule: string, subject: string): Promise<void> {
    await this.windows.deleteMany({ key: `${rule}:${subject}` });
  }

  /** Drops ended windows at most once a minute (MongoDB's TTL index does it too). */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    // Silence is right: an ended window is never read (its expiry is checked), and the TTL index or the next prune drops it.
    await this.windows.deleteMany({ expiresAt: { $lte: new Date(now) } }).catch(() => undefined);
  }
}
