import type { Logger } from '@ruedas/platform';
import type { Billing } from './billing';

/**
 * Billing's periodic work: blocking plans past their month, and finishing paid plan invoices whose
 * quantity was not added yet (after a crash between the two writes). Several instances may run
 * over one store: each plan is blocked by a write guarded by its version, and adding a quantity is
 * keyed by the invoice id, so the work is done once.
 */
export class BillingScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly billing: Billing,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.runOnce()
        .catch((err: unknown) => this.logger.error({ err }, 'billing scheduler pass failed; retrying at the next one'))
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

  async runOnce(): Promise<void> {
    const blocked = await this.billing.blockExpiredPlans();
    if (blocked) this.logger.info({ blocked }, 'expired plans blocked');
    await this.billing.finishPlanInvoices();
  }
}
