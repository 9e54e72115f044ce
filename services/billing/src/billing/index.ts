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
 * The billing rules; resolvers only translate GraphQL to these calls. One object for the resolvers,
 * the REST handlers and the scheduler, each call handed to its section: invoices (`invoices.ts`),
 * plans (`plans.ts`), the checkout of an ad (`ad-checkout.ts`), payments and transfers
 * (`payments.ts`), cancellation and refunds (`refunds.ts`).
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

  // ---------------------------------------------------------------- invoices

  user(...args: Parameters<Invoices['user']>) {
    return this.invoicing.user(...args);
  }

  myInvoices(...args: Parameters<Invoices['myInvoices']>) {
    return this.invoicing.myInvoices(...args);
  }

  invoice(...args: Parameters<Invoices['invoice']>) {
    return this.invoicing.invoice(...args);
  }

  opportunityInvoice(...args: Parameters<Invoices['opportunityInvoice']>) {
    return this.invoicing.opportunityInvoice(...args);
  }

  userInvoices(...args: Parameters<Invoices['userInvoices']>) {
    return this.invoicing.userInvoices(...args);
  }

  pendingTransfers(...args: Parameters<Invoices['pendingTransfers']>) {
    return this.invoicing.pendingTransfers(...args);
  }

  myInvoicePage(...args: Parameters<Invoices['myInvoicePage']>) {
    return this.invoicing.myInvoicePage(...args);
  }

  userInvoicePage(...args: Parameters<Invoices['userInvoicePage']>) {
    return this.invoicing.userInvoicePage(...args);
  }

  pendingTransferPage(...args: Parameters<Invoices['pendingTransferPage']>) {
    return this.invoicing.pendingTransferPage(...args);
  }

  // ---------------------------------------------------------------- plans

  minPlanQuantity() {
    return this.planning.minPlanQuantity();
  }

  addToPlan(...args: Parameters<Plans['addToPlan']>) {
    return this.planning.addToPlan(...args);
  }

  planStatus(...args: Parameters<Plans['planStatus']>) {
    return this.planning.planStatus(...args);
  }

  buyPlan(...args: Parameters<Plans['buyPlan']>) {
    return this.planning.buyPlan(...args);
  }

  blockExpiredPlans() {
    return this.planning.blockExpiredPlans();
  }

  finishPlanInvoices() {
    return this.planning.finishPlanInvoices();
  }

  // ---------------------------------------------------------------- ad checkout

  checkout(...args: Parameters<AdCheckout['checkout']>) {
    return this.adCheckout.checkout(...args);
  }

  // ---------------------------------------------------------------- payments and transfers

  confirm(...args: Parameters<Payments['confirm']>) {
    return this.paying.confirm(...args);
  }

  applyStatus(...args: Parameters<Payments['applyStatus']>) {
    return this.paying.applyStatus(...args);
  }

  knownOutcome(...args: Parameters<Payments['knownOutcome']>) {
    return this.paying.knownOutcome(...args);
  }

  submitTransfer(...args: Parameters<Payments['submitTransfer']>) {
    return this.paying.submitTransfer(...args);
  }

  confirmTransfer(...args: Parameters<Payments['confirmTransfer']>) {
    return this.paying.confirmTransfer(...args);
  }

  rejectTransfer(...args: Parameters<Payments['rejectTransfer']>) {
    return this.paying.rejectTransfer(...args);
  }

  // ---------------------------------------------------------------- cancellation and refunds

  cancellable(...args: Parameters<Refunds['cancellable']>) {
    return this.refunding.cancellable(...args);
  }

  cancel(...args: Parameters<Refunds['cancel']>) {
    return this.refunding.cancel(...args);
  }

  refunds(...args: Parameters<Refunds['refunds']>) {
    return this.refunding.refunds(...args);
  }

  refundPage(...args: Parameters<Refunds['refundPage']>) {
    return this.refunding.refundPage(...args);
  }

  markRefundDone(...args: Parameters<Refunds['markRefundDone']>) {
    return this.refunding.markRefundDone(...args);
  }
}
