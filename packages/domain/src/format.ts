import { CURRENCY_SYMBOLS, type Currency, type Locale } from './enums';
import { findBrand } from './reference/brands';
import { isPhone, MAX_AMOUNT, normalizePhone } from './validation/predicates';
import { roundAmount } from './billing';
import { COSTA_RICA_OFFSET_MS } from './costa-rica-day';

export const COSTA_RICA_TIME_ZONE = 'America/Costa_Rica';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The calendar and clock in Costa Rica at that instant, from its fixed offset (UTC-6 all year, as
 * `costa-rica-day.ts` counts days), not from Intl: a DateTimeFormat with a time zone is the slowest
 * thing a public page's scripts did at start (the ICU time-zone data, tens of milliseconds on a phone;
 * issue 31 item 10), and server and browser agree by construction.
 */
function partsInCostaRica(value: DateInput): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const local = new Date(toDate(value).getTime() - COSTA_RICA_OFFSET_MS);
  return {
    year: String(local.getUTCFullYear()),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hour: pad(local.getUTCHours()),
    minute: pad(local.getUTCMinutes()),
    second: pad(local.getUTCSeconds()),
  };
}

/** `dd-MM-yyyy HH:mm:ss` in Costa Rica time, whatever the machine's time zone. */
export function formatDateTime(value: DateInput): string {
  const p = partsInCostaRica(value);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** `dd-MM-yyyy` in Costa Rica time. */
export function formatDate(value: DateInput): string {
  const p = partsInCostaRica(value);
  return `${p.day}-${p.month}-${p.year}`;
}

/** The calendar year in Costa Rica at that instant. */
export function yearInCostaRica(value: DateInput = new Date()): number {
  return new Date(toDate(value).getTime() - COSTA_RICA_OFFSET_MS).getUTCFullYear();
}

/** The highest year an ad may give: next calendar year in Costa Rica. */
export function nextCalendarYear(now: DateInput = new Date()): number {
  return yearInCostaRica(now) + 1;
}

/**
 * Separators per interface language, fixed here rather than taken from Intl so that server and
 * browser agree and 4-digit amounts are grouped too: Spanish writes ₡12.500.000,50 (dot for
 * thousands, comma for decimals, as in Costa Rican prices); English writes $12,500.50.
 */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  es: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** A number with thousands separators and, only when it has cents, 2 decimals: 50.000 / 50,000. */
export function formatNumber(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const { group, decimal } = SEPARATORS[locale];
  const cents = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = cents % 100;
  const sign = value < 0 && cents > 0 ? '-' : '';
  return sign + whole + (fraction ? decimal + fraction.toString().padStart(2, '0') : '');
}

/** ₡12.500.000 (es) / ₡12,500,000 (en) for CRC; $12.500 (es) / $12,500 (en) for USD. */
export function formatMoney(amount: number, currency: Currency, locale: Locale): string {
  const text = formatNumber(amount, locale);
  const symbol = CURRENCY_SYMBOLS[currency];
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/**
 * Reads an amount typed by a person. Only digits, commas, dots, spaces, $ and ₡ are accepted; anything
 * else (or nothing) gives 0. When both commas and dots appear, the last one is the decimal separator;
 * a lone separator followed by 1 or 2 digits is decimal (12,5 or 12.50), otherwise it groups thousands
 * (12.500 or 1,000,000). The result is rounded to 2 decimals and clamped to 0..1,000,000,000.
 */
export function parseCurrencyInput(text: string): number {
  if (!/^[\d,. $₡]*$/.test(text)) return 0;
  const compact = text.replace(/[ $₡]/g, '');
  if (!/\d/.test(compact)) return 0;
  const lastSeparator = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  let decimalAt = -1;
  if (lastSeparator >= 0) {
    const separator = compact[lastSeparator] as string;
    const mixed = compact.includes(',') && compact.includes('.');
    const digitsAfter = compact.length - lastSeparator - 1;
    const lone = compact.indexOf(separator) === lastSeparator;
    if (mixed || (lone && digitsAfter >= 1 && digitsAfter <= 2)) decimalAt = lastSeparator;
  }
  const whole = (decimalAt >= 0 ? compact.slice(0, decimalAt) : compact).replace(/[,.]/g, '');
  const fraction = decimalAt >= 0 ? compact.slice(decimalAt + 1).replace(/[,.]/g, '') : '';
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_AMOUNT, Math.max(0, roundAmount(value)));
}

function checkRate(crcPerUsd: number): void {
  if (!(crcPerUsd > 0) || !Number.isFinite(crcPerUsd)) {
    throw new RangeError(`The exchange rate must be a positive number of colones per dollar, got ${crcPerUsd}`);
  }
}

/** An amount in CRC: prices are stored in their own currency and also normalised to CRC for filtering. */
export function toCrc(amount: number, currency: Currency, crcPerUsd: number): number {
  checkRate(crcPerUsd);
  return currency === 'CRC' ? roundAmount(amount) : roundAmount(amount * crcPerUsd);
}

/** A CRC amount expressed in `currency`, e.g. to turn a CRC filter bound into dollars. */
export function fromCrc(amountCrc: number, currency: Currency, crcPerUsd: number): number {
  checkRate(crcPerUsd);
  return currency === 'CRC' ? roundAmount(amountCrc) : roundAmount(amountCrc / crcPerUsd);
}

export const WHATSAPP_COUNTRY_CODE = '506';

export interface WhatsappAd {
  /** A brand code (TOYOTA) or a brand name. */
  readonly brand: string;
  readonly model: string;
  readonly year: number;
}

/**
 * `https://wa.me/506XXXXXXXX?text=...` with a greeting naming brand, model and year. The phone may be
 * written 8888-8888 or 8888 8888; anything but 8 digits throws.
 */
export function whatsappLink(phone: string, ad: WhatsappAd, locale: Locale = 'es'): string {
  if (!isPhone(phone)) {
    throw new RangeError(`A WhatsApp link needs an 8-digit Costa Rican phone, got "${phone}"`);
  }
  const car = `${findBrand(ad.brand)?.label[locale] ?? ad.brand} ${ad.model} ${ad.year}`;
  const text = locale === 'es' ? `Hola, me interesa su ${car} publicado en Ruedas.` : `Hello, I am interested in your ${car} listed on Ruedas.`;
  return `https://wa.me/${WHATSAPP_COUNTRY_CODE}${normalizePhone(phone)}?text=${encodeURIComponent(text)}`;
}

/** Words that multiply a typed amount ("6,5 millones", "850 mil", "12k"), folded, in both languages. */
const AMOUNT_MULTIPLIERS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(millones|millon|millions|million|mill|mm|m)$/, 1_000_000],
  [/^(mil|miles|thousand|thousands|k)$/, 1_000],
];

/** What `readPriceText` made of a typed price: the amount, or the message key of why it was refused. */
export type PriceReading = { ok: true; amount: number } | { ok: false; error: 'ambiguousPrice' | 'invalidPriceText' };

/**
 * Reads a price as a person types it (issue 13): digits with thousands separators ("6.500.000",
 * "6,500,000"), a symbol or currency word ("₡", "$", "colones", "dólares"), and amounts in words
 * ("6,5 millones", "6.5 M", "850 mil", "12k", "6 millones 500 mil"). A price in colones has no cents,
 * so "6.5" or "6,50" with no word is refused as ambiguous (did the seller mean 6,5 millones?) rather
 * than read as ₡6,50; dollars may carry cents. Anything else is refused. The amount is rounded to 2
 * decimals (colones to whole colones) and must be within 0..1,000,000,000.
 */
export function readPriceText(text: string, currency: Currency): PriceReading {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[₡$]|\b(colones|colon|crc|usd|dolares|dolar|dollars|dollar|de)\b/g, ' ')
    .trim();
  if (folded === '') return { ok: true, amount: 0 };
  // Numbers (digits with separators; "6 500 000" is one number) and words.
  const tokens = folded.replace(/(\d)\s+(?=\d{3}(?!\d))/g, '$1').match(/\d[\d.,]*|[a-z]+|\S/g) ?? [];
  const invalid: PriceReading = { ok: false, error: 'invalidPriceText' };
  if (tokens.length === 1) {
    const number = tokens[0] as string;
    if (!/^\d[\d.,]*$/.test(number)) return invalid;
    // In colones "6.5" or "6,50" is no price: the seller may mean 6,5 millones.
    if (currency === 'CRC' && /^\d+[.,]\d{1,2}$/.test(number)) return { ok: false, error: 'ambiguousPrice' };
    const value = parseCurrencyInput(number);
    return value > 0 || !/[1-9]/.test(number) ? { ok: true, amount: currency === 'CRC' ? Math.round(value) : value } : invalid;
  }
  // Number-word pairs, largest first: "6 millones 500 mil", "6,5 millones", "850 mil".
  let amount = 0;
  let last = Infinity;
  for (let i = 0; i < tokens.length; i += 2) {
    const number = tokens[i] as string;
    const word = tokens[i + 1];
    const multiplier = word === undefined ? undefined : AMOUNT_MULTIPLIERS.find(([pattern]) => pattern.test(word))?.[1];
    if (multiplier === undefined || multiplier >= last || !/^\d+([.,]\d+)?$/.test(number)) return invalid;
    amount += Number(number.replace(',', '.')) * multiplier;
    last = multiplier;
  }
  const rounded = currency === 'CRC' ? Math.round(amount) : roundAmount(amount);
  if (!Number.isFinite(rounded) || rounded > MAX_AMOUNT) return { ok: false, error: 'invalidPriceText' };
  return { ok: true, amount: rounded };
}
