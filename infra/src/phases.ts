import { performance } from 'node:perf_hooks';

/**
 * The start-up's phases, in milliseconds, logged with "Ruedas is listening" (and read by the
 * restart bench): `import` is the time from the process's start to the launcher's first line
 * (Node's own start, loading and evaluating every module), then each phase since the previous one.
 */
export class StartupPhases {
  readonly phases: Record<string, number> = {};
  private last: number;

  constructor() {
    // performance.now() counts from the process's start.
    this.last = performance.now();
    this.phases.import = Math.round(this.last);
  }

  mark(phase: string): void {
    const now = performance.now();
    this.phases[phase] = Math.round(now - this.last);
    this.last = now;
  }

  /** Milliseconds since the process started. */
  get totalMs(): number {
    return Math.round(performance.now());
  }
}
