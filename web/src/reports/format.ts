import { formatMoney, formatNumber, type Locale } from '@ruedas/domain';

/** An amount in colones as DECISIONS.md writes it: ₡1.250.000 (es), ₡1,250,000 (en); cents only when there are some. */
export function colones(amount: number, locale: Locale): string {
  return formatMoney(amount, 'CRC', locale);
}

/** A count with thousands separators: 12.500 (es), 12,500 (en). */
export function count(value: number, locale: Locale): string {
  return formatNumber(value, locale);
}

/** A share of a whole as a whole percentage ("25 %"); 0 % of nothing. */
export function percent(part: number, whole: number, locale: Locale): string {
  const value = whole > 0 ? Math.round((part / whole) * 100) : 0;
  return locale === 'es' ? `${value} %` : `${value}%`;
}
