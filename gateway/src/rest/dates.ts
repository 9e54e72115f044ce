import { InvalidFields } from './route';

/**
 * A date argument of a path (`userPurchases/{startDate}/{endDate}`, the dashboard): `yyyy-MM-dd`,
 * or the day-first form the legacy screens show (`dd-MM-yyyy`, or `dd/MM/yyyy` with the slashes
 * URL-encoded as %2F), decision 0072. Answers `yyyy-MM-dd`; anything else, or a day that does not
 * exist (2026-02-30), is refused naming the argument and the formats.
 */
export const DATE_FORMATS = 'yyyy-MM-dd (2026-03-31), or dd-MM-yyyy (31-03-2026) or dd/MM/yyyy (31%2F03%2F2026)';

export function legacyDate(name: string, value: string | undefined): string {
  const text = (value ?? '').trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dayFirst = /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[4], dayFirst[3], dayFirst[1]] : [];
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!year || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new InvalidFields({ [name]: 'invalidDateArgument' }, { name }, 'invalidDateArgument');
  }
  return date;
}

/** The OpenAPI parameter of such a date. */
export const dateParameterSchema = {
  type: 'string',
  pattern: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}-\\d{2}-\\d{4}|\\d{2}/\\d{2}/\\d{4})$',
  description: `A day: ${DATE_FORMATS}`,
};
