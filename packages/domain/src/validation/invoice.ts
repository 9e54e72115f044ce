import { z } from 'zod';
import { DEFAULT_ID_TYPE } from '../enums';
import { idTypeSchema } from '../enum-schemas';
import { refineLocation } from './location';
import { emailSchema, EVEN_WITH_FIELD_ERRORS, isBusinessName, isIdentification, optionalText } from './rules';

/** An invoice phone may carry a country code: + digits, spaces, hyphens or parentheses, at least 8 digits. */
const INVOICE_PHONE = /^\+?[\d ()-]+$/;
const isInvoicePhone = (text: string) => text.length <= 32 && INVOICE_PHONE.test(text) && text.replace(/\D/g, '').length >= 8;

const requiredText = () => z.string('required').trim().min(1, 'required');

/** Electronic-invoice data (Costa Rica's factura electrónica); a person or a company may be invoiced. */
export const invoiceSchema = z
  .object({
    idType: z.preprocess((value) => value ?? DEFAULT_ID_TYPE, idTypeSchema),
    identification: requiredText().refine(isIdentification, 'invalidIdentification'),
    fullname: requiredText().refine((text) => isBusinessName(text, 128), 'invalidName'),
    address: requiredText().max(128, 'invalidAddress'),
    email: emailSchema(),
    phone: z.string('invalidPhone').trim().refine(isInvoicePhone, 'invalidPhone'),
    province: optionalText(),
    canton: optionalText(),
    district: optionalText(),
  })
  .superRefine((invoice, ctx) => {
    if (invoice.province || invoice.canton || invoice.district) refineLocation(invoice, ctx, false);
  }, EVEN_WITH_FIELD_ERRORS);
export type InvoiceData = z.output<typeof invoiceSchema>;

/** The optional-invoice part of a purchase form: the invoice is checked only when one was asked for. */
export const invoiceChoiceShape = {
  electronicInvoice: z.boolean().default(false),
  invoice: z.unknown().optional(),
};

export function refineInvoiceChoice(value: { electronicInvoice: boolean; invoice?: unknown }, ctx: z.RefinementCtx): void {
  if (!value.electronicInvoice) return;
  const result = invoiceSchema.safeParse(value.invoice ?? {});
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['invoice', ...issue.path], message: issue.message });
  }
}

/** After `refineInvoiceChoice` passed: the parsed invoice, or undefined when none was asked for. */
export function parsedInvoice<T extends { electronicInvoice: boolean; invoice?: unknown }>(value: T): Omit<T, 'invoice'> & { invoice?: InvoiceData } {
  return { ...value, invoice: value.electronicInvoice ? invoiceSchema.parse(value.invoice) : undefined };
}
