import type { Leases, Logger } from '@ruedas/platform';
import type { Billing } from './billing';
import type { PaymentSync } from './payments';

/**
 * Billing's periodic work: blocking plans past their month, finishing paid plan invoices whose
 * quantity was not added yet (after a crash between the two writes), and asking the payment
 * provider about payments left open too long (a lost webhook). Several instances may run
 * over one store: each plan is blocked by a write guarded by its version, and adding a quantity is
 * keyed by the invoice id, so the work is done once; and with `exclusive`, a timed pass runs on one
 * copy at a time (the lease `billing.scheduler`), so copies do not ask ONVO about the same invoices.
 */
export class BillingScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly billing: Billing,
    private readonly logger: Logger,
    private readonly payments?: PaymentSync,
    private readonly exclusive?: { leases: Leases; owner: string },
  ) {}

  /** How long a pass may hold the scheduler's lease before another copy may take it (renewed while it runs). */
  static readonly LEASE_MS = 60_000;

  /**
   * Runs a first pass at once (a process started after a plan's month, or with a moved clock,
   * blocks it at start rather than a period later), then one every `intervalMs`.
   */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.pass(), intervalMs);
    this.timer.unref();
    this.pass();
  }

  private pass(): void {
    const exclusive = this.exclusive;
    const run = exclusive
      ? () => exclusive.leases.runExclusive('billing.scheduler', exclusive.owner, BillingScheduler.LEASE_MS, () => this.runOnce()).then(() => undefined)
      : () => this.runOnce();
    this.running ??= run()
      .catch((err: unknown) => this.logger.error({ err }, 'billing scheduler pass failed; retrying at the next one'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async runOnce(): Promise<void> {
    const blocked = await this.billing.planning.blockExpiredPlans();
    if (blocked) this.logger.info({ blocked }, 'expired plans blocked');
    await this.billing.planning.finishPlanInvoices();
    await this.payments?.reconcile();
  }
}
