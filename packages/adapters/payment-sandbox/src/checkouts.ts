import { Schema } from 'mongoose';
import type { Locale } from '@ruedas/domain';
import type { PaymentChannel, PaymentState, StoredDocument } from '@ruedas/platform';
import type { InvoiceKind } from './protocol';

/** A checkout as the sandbox keeps it (collection `billing_sandbox_checkouts`). */
export interface SandboxCheckoutDoc extends StoredDocument {
  invoiceId: string;
  kind: InvoiceKind;
  amount: number;
  currency: string;
  description: string;
  returnPath: string;
  locale: Locale;
  createdAt: Date;
  /** The approved response once paid: the page then only offers the way back. */
  approvedResponse: string | null;
  state: PaymentState;
  transactionId: string | null;
  channel: PaymentChannel | null;
  refundId: string | null;
  updatedAt: Date;
}

export const checkoutSchema = new Schema(
  {
    _id: String,
    invoiceId: { type: String, required: true },
    kind: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    description: { type: String, default: '' },
    returnPath: { type: String, required: true },
    locale: { type: String, default: 'es' },
    createdAt: { type: Date, required: true },
    approvedResponse: { type: String, default: null },
    state: { type: String, default: 'PENDING' },
    transactionId: { type: String, default: null },
    channel: { type: String, default: null },
    refundId: { type: String, default: null },
    updatedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// A refund finds its checkout by invoice (a handful per invoice).
checkoutSchema.index({ invoiceId: 1 });
