import { GlobalParameters, type ServiceModule, type SessionGuard } from '@ruedas/platform';
import { Billing } from './billing';
import { followAds, followUsers } from './projections';
import { mailReceipts } from './receipts';
import type { PaymentProvider } from './provider';
import { billingResolvers } from './resolvers';
import { createSandboxProvider, SANDBOX_PATH } from './sandbox';
import { BillingScheduler } from './scheduler';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export type { PaymentProvider, CheckoutRequest, ProviderCheckout, ProviderResponse } from './provider';
export { createSandboxProvider, signSandboxResponse, verifySandboxResponse, TEST_CARDS, SANDBOX_PATH } from './sandbox';
export { RESPONSE_MAX_AGE_MS } from './billing';

/** Where billing answers over REST itself (the sandbox checkout pages): the gateway passes these through in distributed mode. */
export const BILLING_PATHS = [SANDBOX_PATH] as const;

export interface BillingOptions {
  /** The process's guard: verifies callers' tokens and knows ended sessions. */
  guard: SessionGuard;
  /** HMAC secret of the sandbox provider's responses (RUEDAS_PAYMENT_SECRET, or generated in the data folder). */
  paymentSecret: string;
  /** Another payment provider than the sandbox checkout. */
  provider?: PaymentProvider;
  /** Period of the scheduler (plan expiry). Default one minute. */
  schedulerIntervalMs?: number;
  /** How long a checkout waits for the snapshot of an ad billing does not know yet. Default 2 s. */
  adWaitMs?: number;
}

/**
 * The billing service: prices, the checkout of ads, prepaid plans and their balances, invoices, the
 * payment provider (the sandbox checkout by default), transfers, cancellations with refunds, and the
 * purchases report. Invoices publish on `billing.invoice`, plans on `billing.plan`.
 */
export function createBilling(options: BillingOptions): ServiceModule {
  return {
    subgraph,
    async init(context) {
      const { store, bus, logger, clock } = context;
      const collections = await openCollections(store);
      context.outbox.watch(collections.invoices);
      context.outbox.watch(collections.plans);
      const parameters = await GlobalParameters.open(store, 'billing_parameters');
      const provider = options.provider ?? (await createSandboxProvider({ store, clock, secret: options.paymentSecret, publicUrl: context.publicUrl }));
      const billing = new Billing({ collections, outbox: context.outbox, clock, parameters, provider, logger, adWaitMs: options.adWaitMs ?? 2000 });
      const subscriptions = [
        await parameters.follow({ bus, store, logger, group: 'billing-parameters' }),
        await followAds({ bus, store, logger, collections, billing }),
        await followUsers({ bus, store, logger, collections, billing }),
        await mailReceipts({ bus, store, logger, collections, mailer: context.mailer }),
      ];
      const scheduler = new BillingScheduler(billing, logger);
      scheduler.start(options.schedulerIntervalMs ?? 60_000);
      return {
        resolvers: billingResolvers(billing, collections, options.guard),
        ...(provider.routes ? { routes: provider.routes } : {}),
        async stop() {
          await scheduler.stop();
          for (const subscription of subscriptions) await subscription.stop();
        },
      };
    },
  };
}
