import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { DocumentStore } from './document-store';

/**
 * The payment provider port: a hosted checkout where the buyer pays an invoice, the provider's word
 * on how that went (asked of its API, or signed), its webhooks, and refunds. Implementations:
 * `@ruedas/payment-sandbox` (development and demos: test cards, no money) and `@ruedas/payment-onvo`
 * (ONVO Pay: cards and SINPE Móvil). Every adapter passes `runPaymentProviderContractTests` of
 * `@ruedas/testing`. Billing decides what an answer means for an invoice; an adapter only reports.
 */
export type PaymentCurrency = 'CRC' | 'USD';

/**
 * Where a checkout stands at the provider:
 * - PENDING: opened, nothing paid (or the buyer is still on the provider's page);
 * - APPROVED: paid (final);
 * - DECLINED: the last attempt was refused (the buyer may try again);
 * - CANCELLED: the buyer or the bank cancelled (the buyer may start again);
 * - DEFERRED: waiting for the provider's approval, e.g. a SINPE Móvil transfer not yet received.
 */
export type PaymentState = 'PENDING' | 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'DEFERRED';
export type PaymentChannel = 'CARD' | 'SINPE_MOVIL';

export interface CheckoutRequest {
  /** The invoice paid: the idempotency reference (one checkout per invoice, whatever the retries). */
  invoiceId: string;
  kind: 'OPPORTUNITY' | 'PLAN';
  /** In the currency's major unit, at most 2 decimals (adapters convert to their own units). */
  amount: number;
  currency: PaymentCurrency;
  /** What is bought, shown on the provider's page. */
  description: string;
  /** Path of the marketplace where the provider sends the browser back: /paymentResultView or /buyPlanResult. */
  returnPath: string;
  locale: 'es' | 'en';
}

export interface ProviderCheckout {
  checkoutId: string;
  /** Where to send the browser to pay. */
  redirectUrl: string;
}

/** What the provider says of a checkout, verified (read from its API or checked signature). */
export interface PaymentStatus {
  checkoutId: string;
  invoiceId: string;
  state: PaymentState;
  /** The provider's id of the payment: set once APPROVED (also for a DECLINED or CANCELLED attempt when it has one). */
  transactionId: string | null;
  channel: PaymentChannel | null;
  /** In the major unit. */
  amount: number;
  currency: string;
  /** When the provider said so. */
  issuedAt: Date;
}

/** A webhook request as received: headers and the raw body. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A verified webhook: which checkout or invoice it concerns. Its content is only a hint: billing asks
 * `retrieve` for the state, so a reordered, late or replayed event cannot move an invoice backwards.
 */
export interface PaymentEvent {
  /** Stable for a delivery and its retries: the key that makes applying it idempotent. */
  eventId: string;
  type: string;
  checkoutId: string | null;
  invoiceId: string | null;
}

export interface RefundRequest {
  invoiceId: string;
  /** The APPROVED payment's transactionId. */
  transactionId: string;
  amount: number;
  currency: PaymentCurrency;
}

export interface RefundResult {
  refundId: string;
  state: 'DONE' | 'PENDING';
}

export interface PaymentProvider {
  readonly kind: string;
  /** Opens the hosted checkout of an invoice (the same invoice again answers the same checkout where the provider supports it). */
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /** The provider's current word on a checkout (throws DomainError `paymentProviderUnavailable` when it cannot be reached). */
  retrieve(checkoutId: string): Promise<PaymentStatus>;
  /**
   * Verifies a webhook's origin; answers what it concerns, or null for an event type billing does not
   * use. Throws DomainError `paymentWebhookInvalid` for a forged or malformed one.
   */
  parseWebhook(delivery: WebhookDelivery): Promise<PaymentEvent | null>;
  /** Refunds an approved payment (once per invoice, whatever the retries). */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Only for a provider that hands the browser a signed response on its way back (the sandbox):
   * verifies it and answers its content; throws DomainError `paymentResponseInvalid`.
   */
  verifyResponse?(response: string): Promise<PaymentStatus>;
  /** Pages the provider serves itself (the sandbox's hosted checkout). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}

/** What a provider may need from the service that uses it (the sandbox keeps its checkouts in billing's store). */
export interface PaymentProviderContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  /** Public base URL of the marketplace (return addresses, hosted pages). */
  publicUrl: string;
  /** Hands a webhook to its receiver in this process (a provider that lives in the process, like the sandbox). */
  deliverWebhook: (delivery: WebhookDelivery) => Promise<void>;
}

/** Builds a provider once its user's context is known: the adapter table's answer for this port. */
export type PaymentProviderFactory = (context: PaymentProviderContext) => Promise<PaymentProvider>;

/** An amount in the major unit to the minor unit (céntimos, cents). */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);
/** The minor unit back to the major unit. */
export const fromMinorUnits = (minor: number): number => Math.round(minor) / 100;
