import { isGlobalParameterKey, parameterRuleMessageKey, parameterValueSchema, translate, type Locale } from '@ruedas/domain';

/** What the screen knows of a parameter: the server's answer (its rule comes with it). */
export interface ParameterRow {
  id: string;
  quantity: number;
  min: number;
  max: number;
  integer: boolean;
}

/**
 * The message for a value typed for a parameter, or undefined when it is valid: the domain's rule
 * (1 to 100 for counts, days and minutes; amounts of 0 or more with 2 decimals; the exchange rate's
 * range), or, for a parameter this build does not know, the range the server sent.
 */
export function parameterInputError(row: ParameterRow, value: number | string, locale: Locale): string | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (isGlobalParameterKey(row.id)) {
    return parameterValueSchema(row.id).safeParse(number).success ? undefined : translate(parameterRuleMessageKey(row.id), locale);
  }
  const valid = Number.isFinite(number) && number >= row.min && number <= row.max && (!row.integer || Number.isInteger(number));
  return valid ? undefined : translate('invalidParameterValue', locale, { min: row.min, max: row.max });
}

/** The changes to send: the parameters whose typed value differs from the one in force. */
export function changedParameters(rows: readonly ParameterRow[], values: Readonly<Record<string, number | string>>) {
  return rows.flatMap((row) => {
    const value = values[row.id];
    if (value === undefined) return [];
    const number = typeof value === 'number' ? value : Number(value);
    return number === row.quantity ? [] : [{ id: row.id, quantity: number }];
  });
}
