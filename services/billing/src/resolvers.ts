import { DateTimeScalar, money, pageOfList, pageRequest, requestCaller, type RequestContext, type Resolvers, type SessionGuard } from '@ruedas/platform';
import type { Billing, PaymentResult } from './billing';
import type { PaymentSync } from './payments';
import { purchasesPeriod, withApiFields } from './api-fields';
import { userPurchases } from './report';
import { asAdministrator, type Caller } from './rules';
import type { BillingCollections, InvoiceDoc } from './store';

type Args = Record<string, unknown>;
type Ctx = RequestContext;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The Refund type of the schema: one per cancelled invoice, with the invoice's id. */
const refundOf = (invoice: InvoiceDoc) =>
  invoice.refund && {
    id: invoice._id,
    invoice,
    amount: invoice.refund.amount,
    status: invoice.refund.status,
    requestedAt: invoice.refund.requestedAt,
    doneAt: invoice.refund.doneAt,
  };

export function billingResolvers(billing: Billing, collections: BillingCollections, guard: SessionGuard, payments: PaymentSync): Resolvers {
  /** The verified caller, once per request; the role from identity's latest snapshot when known. */
  const caller = requestCaller(guard, async (userId) => (await billing.invoicing.user(userId))?.role);

  return withApiFields({
    DateTime: DateTimeScalar,
    Invoice: {
      total: (invoice: InvoiceDoc) => money(invoice.amount, invoice.currency),
      createdAt: (invoice: InvoiceDoc) => invoice.createdAt,
      id: (invoice: InvoiceDoc) => invoice._id,
      plan: (invoice: InvoiceDoc) => (invoice.kind === 'PLAN' ? { planLevel: invoice.level, totalOpportunities: invoice.planQuantity } : null),
      creationDate: (invoice: InvoiceDoc) => invoice.createdAt.toISOString(),
      paidAt: (invoice: InvoiceDoc) => iso(invoice.paidAt),
      redirectUrl: (invoice: InvoiceDoc) => (invoice.status === 'NEW' ? invoice.redirectUrl : null),
      cancellable: (invoice: InvoiceDoc) => billing.refunding.cancellable(invoice),
      refund: (invoice: InvoiceDoc) => refundOf(invoice),
      user: (invoice: InvoiceDoc) => ({ id: invoice.userId }),
    },
    Refund: {
      requestedAt: (refund: { requestedAt: Date }) => refund.requestedAt.toISOString(),
      doneAt: (refund: { doneAt: Date | null }) => iso(refund.doneAt),
    },
    PlanBalance: {
      expirationDate: (balance: { expirationDate: Date | null }) => iso(balance.expirationDate),
    },
    PaymentResult: {
      invoiceId: (result: PaymentResult) => result.invoice._id,
      kind: (result: PaymentResult) => result.invoice.kind,
      opportunityId: (result: PaymentResult) => result.invoice.opportunityId,
      plan: (result: PaymentResult) =>
        result.invoice.kind === 'PLAN' ? { planLevel: result.invoice.level, totalOpportunities: result.invoice.planQuantity } : null,
      amount: (result: PaymentResult) => result.invoice.amount,
      currency: (result: PaymentResult) => result.invoice.currency,
      paymentMethod: (result: PaymentResult) => result.invoice.paymentMethod ?? null,
    },
    UserPurchases: {
      user: (purchases: { userId: string }) => ({ id: purchases.userId }),
    },
    Query: {
      prices: () => billing.prices(),
      minPlanQuantity: () => billing.planning.minPlanQuantity(),
      maxPlanQuantity: () => 100,
      myPlanStatus: async (_: unknown, _args: Args, ctx: Ctx) => billing.planning.planStatus(await caller(ctx)),
      myInvoices: async (_: unknown, _args: Args, ctx: Ctx) => billing.invoicing.myInvoices(await caller(ctx)),
      invoice: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.invoice(String(args.id), await caller(ctx)),
      opportunityInvoice: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.opportunityInvoice(String(args.opportunityId), await caller(ctx)),
      userInvoices: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.userInvoices(String(args.userId), await caller(ctx)),
      pendingTransfers: async (_: unknown, _args: Args, ctx: Ctx) => billing.invoicing.pendingTransfers(await caller(ctx)),
      refunds: async (_: unknown, args: Args, ctx: Ctx) => (await billing.refunding.refunds(args.status, await caller(ctx))).map(refundOf),
      ...pagedQueries(billing, collections, caller),
      userPurchases: async (_: unknown, args: Args, ctx: Ctx) => {
        // Who asks is checked before the arguments.
        const who = asAdministrator(await caller(ctx));
        const { first, last } = purchasesPeriod(args);
        return userPurchases(collections, first, last, who, args.firstDay === undefined ? 'startDate' : 'firstDay');
      },
    },
    Mutation: {
      checkoutOpportunity: async (_: unknown, args: Args, ctx: Ctx) =>
        billing.adCheckout.checkout(String(args.opportunityId), args.invoice, await caller(ctx), ctx.locale, {
          level: args.level,
          autoApproval: args.autoApproval,
        }),
      buyPlan: async (_: unknown, args: Args, ctx: Ctx) => {
        const invoice = await billing.planning.buyPlan(args.plan, args.invoice, await caller(ctx), ctx.locale);
        return { invoice, redirectUrl: invoice.redirectUrl };
      },
      confirmPayment: async (_: unknown, args: Args, ctx: Ctx) => billing.paying.confirm(args.response, await caller(ctx)),
      refreshPayment: async (_: unknown, args: Args, ctx: Ctx) => payments.refresh(args.invoiceId, await caller(ctx)),
      submitTransferReference: async (_: unknown, args: Args, ctx: Ctx) =>
        billing.paying.submitTransfer(String(args.invoiceId), args.refnum, await caller(ctx)),
      confirmTransfer: async (_: unknown, args: Args, ctx: Ctx) => billing.paying.confirmTransfer(String(args.invoiceId), await caller(ctx)),
      rejectTransfer: async (_: unknown, args: Args, ctx: Ctx) => billing.paying.rejectTransfer(String(args.invoiceId), await caller(ctx)),
      cancelOpportunityPayment: async (_: unknown, args: Args, ctx: Ctx) => billing.refunding.cancel(String(args.opportunityId), await caller(ctx)),
      markRefundDone: async (_: unknown, args: Args, ctx: Ctx) => refundOf(await billing.refunding.markRefundDone(String(args.refundId), await caller(ctx))),
    },
  });
}

/** The paged lists (decision 0162): one page of invoices, pending transfers, refunds, purchases. */
function pagedQueries(billing: Billing, collections: BillingCollections, caller: (ctx: Ctx) => Promise<Caller | null>) {
  return {
    myInvoicePage: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.myInvoicePage(await caller(ctx), args),
    userInvoicePage: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.userInvoicePage(String(args.userId), await caller(ctx), args),
    pendingTransferPage: async (_: unknown, args: Args, ctx: Ctx) => billing.invoicing.pendingTransferPage(await caller(ctx), args),
    refundPage: async (_: unknown, args: Args, ctx: Ctx) => {
      const page = await billing.refunding.refundPage(args.status, await caller(ctx), args);
      return { ...page, items: page.items.map(refundOf) };
    },
    userPurchasePage: async (_: unknown, args: Args, ctx: Ctx) => {
      // Who asks is checked before the arguments.
      const who = asAdministrator(await caller(ctx));
      const { first, last } = purchasesPeriod(args);
      const request = pageRequest(args, billing.parameter('ITEMS_PER_LIST'));
      return pageOfList(await userPurchases(collections, first, last, who, 'firstDay'), request);
    },
  };
}
