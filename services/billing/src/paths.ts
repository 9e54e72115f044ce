import { SANDBOX_PATH } from '@ruedas/payment-sandbox/path';

/** Where payment providers deliver their webhooks to billing. */
export const PAYMENT_WEBHOOK_PATH = '/payments/webhook';

/** Where billing answers over REST itself (the sandbox checkout pages, providers' webhooks): the gateway passes these through in distributed mode. */
export const BILLING_PATHS = [SANDBOX_PATH, PAYMENT_WEBHOOK_PATH] as const;
