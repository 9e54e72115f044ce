import type { Locale } from './enums';
import type { Label } from './label';
import { ruleValues } from './message-values';
import { GENERAL_MESSAGES } from './messages/general';
import { ACCOUNT_MESSAGES } from './messages/accounts';
import { AD_MESSAGES } from './messages/ads';
import { SEARCH_MESSAGES } from './messages/search';
import { BILLING_MESSAGES } from './messages/billing';
import { MODERATION_MESSAGES } from './messages/moderation';
import { API_VALUE_MESSAGES } from './messages-api-values';

/**
 * Every message key of the product (validation messages, error-code messages, outcomes) in both
 * languages. Keys are what zod issues carry; `{name}` placeholders are filled by `translate`.
 * The keys live in topic files under `messages/` (one `... as const satisfies Record<string, Label>`
 * each), spread here; a key belongs to one file only (a test checks no spread hides another).
 */
const CATALOGUE = {
  ...GENERAL_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...AD_MESSAGES,
  ...SEARCH_MESSAGES,
  ...BILLING_MESSAGES,
  ...MODERATION_MESSAGES,
  ...API_VALUE_MESSAGES,
} as const satisfies Record<string, Label>;

export type MessageKey = keyof typeof CATALOGUE;

export const MESSAGE_KEYS = Object.keys(CATALOGUE) as MessageKey[];

function catalogueIn(locale: Locale): Readonly<Record<MessageKey, string>> {
  return Object.fromEntries(MESSAGE_KEYS.map((key) => [key, CATALOGUE[key][locale]])) as Record<MessageKey, string>;
}

/** The catalogue per language, ready for i18n libraries: `{ es: {...}, en: {...} }`. */
export const messages: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  es: catalogueIn('es'),
  en: catalogueIn('en'),
};

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUE, key);
}

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The message in the locale with `{name}` placeholders filled: from `params`, else from the values
 * the domain's rules fix (`ruleValues`: the highest year, a limit); a placeholder without a value is
 * left as is.
 */
export function translate(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const text = messages[locale][key];
  if (!text.includes('{')) return text;
  const values = { ...ruleValues(key), ...params };
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
