import type { TFunction } from '../i18n/translator';

/** The funnel's steps, in their order, and the translation key of each. */
export const STEPS = ['impressions', 'views', 'whatsappContacts', 'phoneContacts', 'favourites', 'shares'] as const;
export type Step = (typeof STEPS)[number];
export type Counts = Record<Step, number>;

export interface Hint {
  code: string;
  value?: number | null;
}

/** A hint in the seller's language (insights.hint.<CODE> with its figure). */
export function hintText(hint: Hint, t: TFunction): string {
  return t(`insights.hint.${hint.code}`, { value: hint.value ?? 0, defaultValue: hint.code });
}

const cell = (value: string | number): string => {
  const text = String(value);
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The dealer's export: one row per ad and day (the 30 days), headers in the seller's language,
 * RFC 4180 quoting, CRLF line ends (what spreadsheets open without asking).
 */
export function insightsCsv(rows: ReadonlyArray<{ id: string; title: string; days: ReadonlyArray<Counts & { day: string }> }>, t: TFunction): string {
  const header = [t('insights.csv.ad'), t('insights.csv.title'), t('insights.csv.day'), ...STEPS.map((step) => t(`insights.step.${step}`))];
  const lines = [header.map(cell).join(',')];
  for (const row of rows) for (const day of row.days) lines.push([row.id, row.title, day.day, ...STEPS.map((step) => day[step])].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
