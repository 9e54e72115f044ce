/**
 * The payment provider port now lives in @ruedas/platform with the other ports (decision 0038):
 * billing uses it; `@ruedas/payment-sandbox` and `@ruedas/payment-onvo` implement it.
 */
export type {
  PaymentProvider,
  PaymentProviderFactory,
  PaymentProviderContext,
  CheckoutRequest,
  ProviderCheckout,
  PaymentStatus,
  PaymentStatus as ProviderResponse,
  PaymentEvent,
  WebhookDelivery,
} from '@ruedas/platform';
