import { z } from 'zod';
import { DEFAULT_PHONE_TYPE } from '../enums';
import { phoneTypeSchema } from '../enum-schemas';
import { phoneNumberSchema } from './rules';

export const MAX_PHONES = 5;

/** One phone row; a missing or blank type becomes WHATSAPP. */
export const phoneEntrySchema = z.object({
  phone: phoneNumberSchema('invalidPhone'),
  phoneType: z.preprocess((value) => (value == null || value === '' ? DEFAULT_PHONE_TYPE : value), phoneTypeSchema),
});
export type PhoneEntry = z.output<typeof phoneEntrySchema>;

/** 1 to 5 phones. */
export const phoneListSchema = z.array(phoneEntrySchema, 'atLeastOnePhone').min(1, 'atLeastOnePhone').max(MAX_PHONES, 'tooManyPhones');

/**
 * The ad's `phoneList` column holds the list as JSON text. Returns the valid rows only, as the
 * phone editor keeps them; malformed text gives an empty list.
 */
export function parsePhoneList(json: string): PhoneEntry[] {
  let rows: unknown;
  try {
    rows = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => {
    const result = phoneEntrySchema.safeParse(row);
    return result.success ? [result.data] : [];
  });
}

export function formatPhoneList(phones: readonly PhoneEntry[]): string {
  return JSON.stringify(phones.map(({ phone, phoneType }) => ({ phone, phoneType })));
}
