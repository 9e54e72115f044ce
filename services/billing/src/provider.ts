import type { FastifyInstance } from 'fastify';
import type { Locale } from '@ruedas/domain';
import type { InvoiceKind, Outcome } from './store';

/**
 * The payment provider port. It lives in the billing service, not in @ruedas/platform: billing is
 * its only user, and its embedded default (the sandbox checkout) needs billing's REST routes and
 * store. A real card provider is another implementation of this interface handed to
 * `createBilling({ provider })`.
 */
export interface CheckoutRequest {
  invoiceId: string;
  kind: InvoiceKind;
  /** CRC with 2 decimals. */
  amount: number;
  currency: 'CRC';
  /** What is bought, shown on the provider's page. */
  description: string;
  /** Where the provider sends the browser back, with `?response=<signed response>`: /paymentResultView or /buyPlanResult. */
  returnPath: string;
  locale: Locale;
}

export interface ProviderCheckout {
  checkoutId: string;
  /** Where to send the browser to pay. */
  redirectUrl: string;
}

/** A verified provider response. */
export interface ProviderResponse {
  checkoutId: string;
  invoiceId: string;
  transactionId: string;
  outcome: Outcome;
  amount: number;
  currency: string;
  issuedAt: Date;
}

export interface PaymentProvider {
  readonly kind: string;
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Verifies a response's signature and shape and answers its content; throws DomainError
   * `paymentResponseInvalid` for anything forged, tampered or malformed.
   */
  verifyResponse(response: string): Promise<ProviderResponse>;
  /** Pages the provider serves itself (the sandbox's hosted checkout). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}
