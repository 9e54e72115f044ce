import { INVOICE_STATUSES, LEVELS, PAYMENT_METHODS, PLAN_LEVELS } from '@ruedas/domain';
import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/**
 * Events of the billing service.
 * - `billing.invoice` (aggregate: the invoice, keyed by invoice id) carries the invoice after every
 *   change. Listings publishes an ad at once when its invoice is PAID (auto-approval) and takes it
 *   off the public lists when a paid invoice is CANCELLED; the dashboard counts revenue from it.
 * - `billing.plan` (aggregate: one seller's plan of one level, keyed `<userId>:<level>`) carries the
 *   balance after every change. Listings publishes an ad at once when a unit of a plan is used for it.
 * No event carries the electronic-invoice data (identification, address, e-mail, phone).
 */
export const invoiceSnapshotSchema = z.object({
  id: z.string().min(1),
  /** Internal sequential number (codigoint). */
  codigoint: z.string(),
  kind: z.enum(['OPPORTUNITY', 'PLAN']),
  userId: z.string().min(1),
  /** The ad it pays for (OPPORTUNITY); null for a plan. */
  opportunityId: z.string().nullable(),
  /** The ad's level, or the plan's. */
  level: z.enum(LEVELS),
  /** Whether it pays a free ad's quick approval (paid levels include it). */
  quickApproval: z.boolean(),
  /** Ads bought (PLAN); 0 for an ad. */
  planQuantity: z.number().int().nonnegative(),
  amount: z.number().nonnegative(),
  currency: z.literal('CRC'),
  status: z.enum(INVOICE_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** Whether the seller is a TESTUSER (left out of statistics). */
  testUser: z.boolean(),
});
export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;

export const invoiceChanged = defineEvent(
  topics.billingInvoice,
  'InvoiceChanged',
  1,
  z.object({
    invoice: invoiceSnapshotSchema,
    change: z.enum(['CREATED', 'PAID', 'TRANSFER_SUBMITTED', 'TRANSFER_REJECTED', 'VOIDED', 'CANCELLED', 'REFUNDED']),
  }),
);

export const planSnapshotSchema = z.object({
  userId: z.string().min(1),
  level: z.enum(PLAN_LEVELS),
  availableOpportunities: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime().nullable(),
  blocked: z.boolean(),
});
export type PlanSnapshot = z.infer<typeof planSnapshotSchema>;

export const planChanged = defineEvent(
  topics.billingPlan,
  'PlanChanged',
  1,
  z.object({
    plan: planSnapshotSchema,
    /**
     * PURCHASED: a paid plan invoice added `quantity` (and unblocked the plan); GRANTED: promotional
     * ads of an impersonal registration; UNIT_USED: one unit paid for `opportunityId`; BLOCKED: the
     * plan expired.
     */
    change: z.enum(['PURCHASED', 'GRANTED', 'UNIT_USED', 'BLOCKED']),
    quantity: z.number().int(),
    opportunityId: z.string().nullable(),
    invoiceId: z.string().nullable(),
  }),
);
