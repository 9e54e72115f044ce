import { z } from 'zod';
import { DEFAULT_PLAN_LEVEL } from '../enums';
import { planLevelSchema } from '../enum-schemas';
import { invoiceChoiceShape, parsedInvoice, refineInvoiceChoice } from './invoice';
import { EVEN_WITH_FIELD_ERRORS, numericInput } from './rules';

import { PLAN_MAX_QUANTITY } from '../rule-limits';

export { PLAN_MAX_QUANTITY };

/** The plan part of a purchase; `minimum` is the current MIN_ADS_IN_PLAN value. */
export function planSchema(minimum: number) {
  if (!Number.isInteger(minimum) || minimum < 1 || minimum > PLAN_MAX_QUANTITY) {
    throw new RangeError(`The minimum plan quantity must be a whole number from 1 to ${PLAN_MAX_QUANTITY}`);
  }
  return z.object({
    planLevel: z.preprocess((value) => value ?? DEFAULT_PLAN_LEVEL, planLevelSchema),
    totalOpportunities: numericInput(
      z.number('mustBeNumber').int('mustBeNumber').min(minimum, 'planQuantityBelowMinimum').max(PLAN_MAX_QUANTITY, 'planQuantityAboveMaximum'),
    ),
  });
}

/** The buy-plan form: `{ plan: { planLevel, totalOpportunities }, termsAccepted, electronicInvoice, invoice }`. */
export function planPurchaseSchema(minimum: number) {
  return z
    .object({
      plan: planSchema(minimum),
      termsAccepted: z.literal(true, 'invalidTermsAndConditions'),
      ...invoiceChoiceShape,
    })
    .superRefine(refineInvoiceChoice, EVEN_WITH_FIELD_ERRORS)
    .transform(parsedInvoice);
}
export type PlanPurchase = z.output<ReturnType<typeof planPurchaseSchema>>;
