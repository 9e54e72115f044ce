import { z } from 'zod';
import type { Label } from '../label';
import { complaintCategory, complaintOutcome } from '../reference/moderation-labels.json';

export const COMPLAINT_DETAILS_MAX_LENGTH = 500;

/**
 * What a report says is wrong with an ad (issue 31): a category, plus words. OTHER needs the words;
 * a report sent without a category (the legacy REST `POST /complaint`) is OTHER.
 */
export const COMPLAINT_CATEGORIES = ['SCAM', 'WRONG_DATA', 'ALREADY_SOLD', 'DUPLICATE', 'OFFENSIVE', 'OTHER'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_CATEGORY_LABELS: Readonly<Record<ComplaintCategory, Label>> = complaintCategory;

/** What an administrator did about a report (issue 31), recorded in the audit trail. */
export const COMPLAINT_OUTCOMES = ['NO_ACTION', 'AD_CHANGED', 'AD_REMOVED', 'SELLER_BLOCKED'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_OUTCOME_LABELS: Readonly<Record<ComplaintOutcome, Label>> = complaintOutcome;

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
