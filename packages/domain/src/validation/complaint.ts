import { z } from 'zod';
import type { Label } from '../label';

export const COMPLAINT_DETAILS_MAX_LENGTH = 500;

/**
 * What a report says is wrong with an ad (issue 31): a category, plus words. OTHER needs the words;
 * a report sent without a category (the legacy REST `POST /complaint`) is OTHER.
 */
export const COMPLAINT_CATEGORIES = ['SCAM', 'WRONG_DATA', 'ALREADY_SOLD', 'DUPLICATE', 'OFFENSIVE', 'OTHER'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_CATEGORY_LABELS: Readonly<Record<ComplaintCategory, Label>> = {
  SCAM: { es: 'Parece una estafa (piden dinero por adelantado, datos falsos)', en: 'Looks like a scam (money up front, false details)' },
  WRONG_DATA: { es: 'Los datos del carro no son correctos', en: "The car's details are wrong" },
  ALREADY_SOLD: { es: 'El carro ya se vendió', en: 'The car is already sold' },
  DUPLICATE: { es: 'Anuncio repetido', en: 'Duplicate ad' },
  OFFENSIVE: { es: 'Contenido ofensivo o inapropiado', en: 'Offensive or inappropriate content' },
  OTHER: { es: 'Otro motivo', en: 'Another reason' },
};

/** What an administrator did about a report (issue 31), recorded in the audit trail. */
export const COMPLAINT_OUTCOMES = ['NO_ACTION', 'AD_CHANGED', 'AD_REMOVED', 'SELLER_BLOCKED'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_OUTCOME_LABELS: Readonly<Record<ComplaintOutcome, Label>> = {
  NO_ACTION: { es: 'Sin acción: el anuncio está bien', en: 'No action: the ad is fine' },
  AD_CHANGED: { es: 'Se corrigió el anuncio', en: 'The ad was corrected' },
  AD_REMOVED: { es: 'Se quitó el anuncio', en: 'The ad was removed' },
  SELLER_BLOCKED: { es: 'Se bloqueó al vendedor', en: 'The seller was blocked' },
};

/**
 * Reporting an ad: a category (OTHER when left out) and the words, required for OTHER and at most
 * 500 characters (the spec shows no limit; 500 is ours).
 */
export const complaintSchema = z
  .object({
    opportunityId: z.string('required').trim().min(1, 'required'),
    category: z.enum(COMPLAINT_CATEGORIES, 'invalidComplaintCategory').default('OTHER'),
    details: z.string('invalidReason').trim().max(COMPLAINT_DETAILS_MAX_LENGTH, 'invalidReason').default(''),
  })
  .refine((complaint) => complaint.category !== 'OTHER' || complaint.details.length > 0, { message: 'invalidReason', path: ['details'] });
export type Complaint = z.output<typeof complaintSchema>;

/** The words of a report or a rejection: required, at most 500 characters (the review screen's reason field). */
export const reasonTextSchema = z.string('invalidReason').trim().min(1, 'invalidReason').max(COMPLAINT_DETAILS_MAX_LENGTH, 'invalidReason');
