import { planUnitPrice, roundAmount, singlePrice, type PlanLevel } from '@ruedas/domain';
import type { GlobalParameters } from '@ruedas/platform';
import { AdCheckout } from './ad-checkout';
import { BillingPart, type BillingDeps } from './context';
import { Invoices } from './invoices';
import { Payments } from './payments';
import { Plans } from './plans';
import { Refunds } from './refunds';

export { electronicInvoice, type BillingDeps, type CheckoutResult, type PaymentResult, type PlanBalance } from './context';
export { RESPONSE_MAX_AGE_MS } from './payments';

/**
 * The billing rules, one object per section (decision 0198): `invoicing` (`invoices.ts`), `planning`
 * (`plans.ts`), `adCheckout` (`ad-checkout.ts`), `paying` (payments and transfers, `payments.ts`) and
 * `refunding` (cancellation and refunds, `refunds.ts`). The resolvers, the REST handlers and the
 * scheduler call the section they need; only the price list is the service's own.
 */
export class Billing extends BillingPart {
  readonly invoicing: Invoices;
  readonly planning: Plans;
  readonly adCheckout: AdCheckout;
  readonly paying: Payments;
  readonly refunding: Refunds;

  constructor(deps: BillingDeps) {
    super(deps);
    this.invoicing = new Invoices(deps);
    this.planning = new Plans(deps, this.invoicing);
    this.adCheckout = new AdCheckout(deps, this.invoicing, this.planning);
    this.paying = new Payments(deps, this.invoicing, this.planning, this.adCheckout);
    this.refunding = new Refunds(deps, this.invoicing);
  }

  prices() {
    const of = (price: (level: PlanLevel) => number) => ({ goldLevel: price('GOLD'), silverLevel: price('SILVER'), bronzeLevel: price('BRONZE') });
    const get = (key: Parameters<GlobalParameters['get']>[0]) => this.parameter(key);
    return {
      single: of((level) => singlePrice(level, get)),
      inPlan: of((level) => planUnitPrice(level, get)),
      quickApproval: roundAmount(this.parameter('IMMEDIATE_APPROVAL_PRICE')),
      currency: 'CRC',
    };
  }
}
