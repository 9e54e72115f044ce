import { z } from 'zod';

export const COMPLAINT_DETAILS_MAX_LENGTH = 500;

/** Reporting an ad: the reason is required (the spec shows no limit; 500 characters is ours). */
export const complaintSchema = z.object({
  opportunityId: z.string('required').trim().min(1, 'required'),
  details: z.string('invalidReason').trim().min(1, 'invalidReason').max(COMPLAINT_DETAILS_MAX_LENGTH, 'invalidReason'),
});
export type Complaint = z.output<typeof complaintSchema>;
