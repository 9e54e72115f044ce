import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SANDBOX_PATH } from './path';
import { DomainError, type CheckoutRequest, type WebhookDelivery } from '@ruedas/platform';

/** The sandbox's wire: its path, test cards, signed responses and webhooks (HMAC-SHA256). */

export type Outcome = 'APPROVED' | 'DECLINED' | 'CANCELLED';
export type InvoiceKind = CheckoutRequest['kind'];

export { SANDBOX_PATH };
export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242424242424242': 'APPROVED',
  '5555555555554444': 'APPROVED',
  '4000000000000002': 'DECLINED',
  '4000000000000069': 'CANCELLED',
};
const SIGNATURE_CONTEXT = 'ruedas-sandbox-v1.';
export const WEBHOOK_CONTEXT = 'ruedas-sandbox-webhook-v1.';
/** Header of the sandbox's webhook signature: base64url(HMAC-SHA256(secret, context + body)). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const responseSchema = z.object({
  checkoutId: z.string().min(1),
  invoiceId: z.string().min(1),
  transactionId: z.string().min(1),
  outcome: z.enum(['APPROVED', 'DECLINED', 'CANCELLED', 'DEFERRED']),
  amount: z.number().nonnegative(),
  currency: z.string(),
  issuedAt: z.iso.datetime(),
});
type ResponsePayload = z.infer<typeof responseSchema>;

/** Signs a response payload as the sandbox does: `base64url(JSON).base64url(HMAC)`. */
export function signSandboxResponse(payload: ResponsePayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret)
    .update(SIGNATURE_CONTEXT + body)
    .digest('base64url');
  return `${body}.${mac}`;
}

const invalid = () => new DomainError('VALIDATION', 'paymentResponseInvalid');

/** A response's content, verified. */
export interface SandboxResponse {
  checkoutId: string;
  invoiceId: string;
  transactionId: string;
  outcome: Outcome | 'DEFERRED';
  amount: number;
  currency: string;
  issuedAt: Date;
}

/** Checks the signature in constant time, then the shape; throws `paymentResponseInvalid`. */
export function verifySandboxResponse(response: string, secret: string): SandboxResponse {
  const [body, mac, ...rest] = String(response).trim().split('.');
  if (!body || !mac || rest.length > 0) throw invalid();
  const expected = createHmac('sha256', secret)
    .update(SIGNATURE_CONTEXT + body)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let parsed: ResponsePayload;
  try {
    parsed = responseSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  return { ...parsed, issuedAt: new Date(parsed.issuedAt) };
}

export const webhookSchema = z.object({ id: z.string().min(1), type: z.string().min(1), checkoutId: z.string().min(1), invoiceId: z.string().min(1) });

/** Signs a webhook body as the sandbox does. */
export function signSandboxWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(WEBHOOK_CONTEXT + body)
    .digest('base64url');
}

export const headerValue = (headers: WebhookDelivery['headers'], name: string): string => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
