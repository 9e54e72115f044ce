import { z } from 'zod';
import { searchFilterSchema } from './search-filter';

/** How often a saved search mails its new matches: at once, or one digest a day. */
export const ALERT_FREQUENCIES = ['INSTANT', 'DAILY'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const SAVED_SEARCH_LIMITS = { nameMaxLength: 60 } as const;

const name = z
  .string('invalidSavedSearchName')
  .trim()
  .min(1, 'invalidSavedSearchName')
  .max(SAVED_SEARCH_LIMITS.nameMaxLength, 'invalidSavedSearchName')
  .regex(/^[^\p{Cc}]*$/u, 'invalidSavedSearchName');
const frequency = z.enum(ALERT_FREQUENCIES, 'invalidAlertFrequency');

/**
 * A search to save (issue 19): a name, a frequency and the filter exactly as the search takes it
 * (`searchFilterSchema`: the free text and every filter field). The same rules in the web form,
 * GraphQL and REST.
 */
export function savedSearchSchema(now: Date = new Date()) {
  return z.object({ name, frequency, filter: searchFilterSchema(now) });
}

/** A change to a saved search: any of name, frequency, paused. */
export const savedSearchChangeSchema = z.object({
  name: name.optional(),
  frequency: frequency.optional(),
  paused: z.boolean('errorOccurred').optional(),
});

export type SavedSearchValues = z.output<ReturnType<typeof savedSearchSchema>>;
export type SavedSearchChange = z.output<typeof savedSearchChangeSchema>;
