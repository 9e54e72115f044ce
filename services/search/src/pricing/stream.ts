/**
 * Tells a stream of ad changes (a first build next to a catalogue, a replay, a bulk import) from
 * people's changes, for the fair-price rater (decision 0244): a rating pass during a stream rates
 * again nearly every ad (every group is touched) against a market still filling up, and publishes
 * ratings that the next pass moves again, so a stream's changes wait for it to pause and are rated
 * in one pass, which gives the ratings of rating every ad at once.
 *
 * - A stream: at least STREAM_CHANGES changes in the last minute (a marketplace's people make a few
 *   a minute; a build, hundreds a second).
 * - Its pause: no change for twice the longest gap between its changes of the last minute (its runs
 *   come in bursts, further apart on a busy machine), at least 1 s and at most 10 s.
 * - Changes never wait more than a minute, or twenty times the last pass's duration when passes
 *   are long (rating then takes at most about a twentieth of the time).
 */
const STREAM_CHANGES = 1_000;
const WINDOW_MS = 60_000;
const QUIET_MIN_MS = 1_000;
const QUIET_MAX_MS = 10_000;
const MAX_WAIT_MS = 60_000;
const MAX_WAIT_FACTOR = 20;

export class StreamWatch {
  /** Changes and the longest gap between two changes, in this window (a minute) and the one before. */
  private windowStart = 0;
  private count = 0;
  private countBefore = 0;
  private gap = 0;
  private gapBefore = 0;
  private last = Number.NEGATIVE_INFINITY;
  /** When the first change waiting for a pass came. */
  private firstWaiting = 0;
  private waiting = false;

  /** One change (performance.now()). */
  changed(now: number): void {
    if (now - this.windowStart >= WINDOW_MS) {
      const next = this.windowStart + WINDOW_MS;
      [this.countBefore, this.gapBefore] = now - next >= WINDOW_MS ? [0, 0] : [this.count, this.gap];
      this.count = 0;
      this.gap = 0;
      this.windowStart = now;
    }
    this.count += 1;
    if (now - this.last < QUIET_MAX_MS) this.gap = Math.max(this.gap, now - this.last);
    this.last = now;
    if (!this.waiting) this.firstWaiting = now;
    this.waiting = true;
  }

  /** A pass began: the changes so far are rated. */
  passed(): void {
    this.waiting = false;
  }

  /** How much longer the next pass should wait (0: now), the last pass having taken `passMs`. */
  wait(now: number, passMs: number): number {
    if (!this.waiting) return 0;
    // The minute before, in proportion to how much of it the last minute still covers.
    const recent = this.count + this.countBefore * Math.max(0, 1 - (now - this.windowStart) / WINDOW_MS);
    if (recent < STREAM_CHANGES) return 0;
    const quiet = Math.min(QUIET_MAX_MS, Math.max(QUIET_MIN_MS, 2 * Math.max(this.gap, this.gapBefore)));
    const most = Math.max(MAX_WAIT_MS, MAX_WAIT_FACTOR * passMs);
    return Math.max(0, Math.ceil(Math.min(this.last + quiet, this.firstWaiting + most) - now));
  }
}
