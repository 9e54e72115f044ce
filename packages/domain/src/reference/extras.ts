import { EXTRA_CATEGORIES, type ExtraCategory, type Locale } from '../enums';
import { compareSpanish, type Label } from '../label';
import extrasData from './extras.json' with { type: 'json' };

/** Equipment a seller can tick on step 2 of the ad wizard; `defaultChecked` pre-ticks the commonest. */
export interface Extra {
  readonly key: string;
  readonly category: ExtraCategory;
  readonly label: Label;
  readonly defaultChecked: boolean;
}

const isExtraCategory = (value: string): value is ExtraCategory => (EXTRA_CATEGORIES as readonly string[]).includes(value);

/**
 * The extras in the order step 2 offers them within a category: data, in extras.json (a label's two
 * languages side by side, `defaultChecked` only where true). An unknown category fails at load.
 */
export const EXTRAS: readonly Extra[] = extrasData.map(({ key, category, es, en, defaultChecked = false }) => {
  if (!isExtraCategory(category)) throw new Error(`extras.json: ${key} has no category ${category}`);
  return { key, category, label: { es, en }, defaultChecked };
});

export const EXTRA_KEYS = EXTRAS.map((e) => e.key) as [string, ...string[]];

const extraByKey = new Map(EXTRAS.map((e) => [e.key, e]));

export function findExtra(key: string): Extra | undefined {
  return extraByKey.get(key);
}

/** The extras of one category sorted by their label in the given language, as step 2 shows them. */
export function extrasByCategory(category: ExtraCategory, locale: Locale): Extra[] {
  const collator = locale === 'es' ? compareSpanish : (a: string, b: string) => a.localeCompare(b, 'en');
  return EXTRAS.filter((e) => e.category === category).sort((a, b) => collator(a.label[locale], b.label[locale]));
}

/** The keys ticked by default when a new ad is created. */
export const DEFAULT_EXTRA_KEYS: readonly string[] = EXTRAS.filter((e) => e.defaultChecked).map((e) => e.key);

/** `extraList` is stored as comma-separated keys; unknown keys are dropped. */
export function parseExtraList(extraList: string): string[] {
  return extraList
    .split(',')
    .map((key) => key.trim())
    .filter((key) => extraByKey.has(key));
}

export function formatExtraList(keys: readonly string[]): string {
  return keys.join(',');
}
