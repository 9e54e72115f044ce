import {
  instanceOf,
  Leases,
  errorStatus,
  GlobalParameters,
  isDomainError,
  localeFrom,
  type PaymentProvider,
  type PaymentProviderFactory,
  type ServiceModule,
  type SessionGuard,
  type WebhookDelivery,
} from '@ruedas/platform';
import type { FastifyInstance } from 'fastify';
import { Billing } from './billing';
import { BILLING_PATHS, PAYMENT_WEBHOOK_PATH } from './paths';
import { PaymentSync } from './payments';
import { followAds, followUsers } from './projections';
import { mailReceipts } from './receipts';
import { billingResolvers } from './resolvers';
import { BillingScheduler } from './scheduler';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph, PAYMENT_WEBHOOK_PATH, BILLING_PATHS };
export type { PaymentProvider, PaymentProviderFactory, CheckoutRequest, ProviderCheckout, ProviderResponse, PaymentStatus } from './provider';
export { RESPONSE_MAX_AGE_MS } from './billing';

export interface BillingOptions {
  /** The process's guard: verifies callers' tokens and knows ended sessions. */
  guard: SessionGuard;
  /** The payment provider, or how to build it once billing's context is known (chosen by its caller: infra's adapter table, tests). */
  provider: PaymentProvider | PaymentProviderFactory;
  /** Period of the scheduler (plan expiry, payment reconciliation). Default one minute. */
  schedulerIntervalMs?: number;
  /** How long a checkout waits for the snapshot of an ad billing does not know yet. Default 2 s. */
  adWaitMs?: number;
}

/**
 * The billing service: prices, the checkout of ads, prepaid plans and their balances, invoices, the
 * payment provider it is given (infra's adapter table chooses ONVO Pay or the sandbox), transfers,
 * cancellations with refunds, and the purchases report. Invoices publish on `billing.invoice`, plans on `billing.plan`.
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
      // The sandbox (or any in-process provider) hands its webhooks straight to the receiver below.
      let receive: (delivery: WebhookDelivery) => Promise<void> = async () => {};
      const deliverWebhook = (delivery: WebhookDelivery) => receive(delivery);
      const chosen = options.provider;
      const provider: PaymentProvider =
        typeof chosen === 'function' ? await chosen({ store, clock, logger, publicUrl: context.publicUrl, deliverWebhook }) : chosen;
      const billing = new Billing({ collections, outbox: context.outbox, clock, parameters, provider, logger, adWaitMs: options.adWaitMs ?? 2000 });
      const payments = new PaymentSync(billing, collections, provider, clock, logger);
      receive = async (delivery) => {
        await payments.webhook(delivery);
      };
      const subscriptions = [
        await parameters.follow({ bus, store, logger, group: 'billing-parameters' }),
        await followAds({ bus, store, logger, collections, billing }),
        await followUsers({ bus, store, logger, collections, billing }),
        await mailReceipts({ bus, store, logger, collections, mailer: context.mailer }),
      ];
      // One copy's pass at a time: every copy would otherwise ask ONVO about the same open invoices.
      const scheduler = new BillingScheduler(billing, logger, payments, { leases: await Leases.open(store), owner: instanceOf(context) });
      scheduler.start(options.schedulerIntervalMs ?? 60_000);
      logger.info({ provider: provider.kind }, 'billing payment provider');

      const routes = async (app: FastifyInstance) => {
        await provider.routes?.(app);
        await app.register(async (scope) => {
          // The raw body: a provider may sign it.
          scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
          scope.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
            const locale = localeFrom(request.headers['accept-language']);
            try {
              const outcome = await payments.webhook({ headers: request.headers, body: typeof request.body === 'string' ? request.body : '' });
              return reply.code(200).send({ received: true, outcome });
            } catch (error) {
              if (isDomainError(error)) {
                const status = errorStatus[error.code] ?? 400;
                if (status >= 500 || error.code === 'CONFLICT') logger.warn({ err: error }, 'payment webhook not applied; the provider will retry');
                else logger.warn({ messageKey: error.messageKey }, 'payment webhook refused');
                return reply.code(status).send({ code: error.code, message: context.translate(error.messageKey, locale) });
              }
              // Never a 500: the provider retries a 503, and the reconciliation catches up.
              logger.error({ err: error }, 'payment webhook failed');
              return reply.code(503).send({ code: 'UNAVAILABLE', message: context.translate('paymentProviderUnavailable', locale) });
            }
          });
        });
      };

      return {
        resolvers: billingResolvers(billing, collections, options.guard, payments),
        routes,
        async stop() {
          await scheduler.stop();
          for (const subscription of subscriptions) await subscription.stop();
        },
      };
    },
  };
}
