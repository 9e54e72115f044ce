/**
 * The app's own translator (decision 0110): what the app used of i18next, and nothing more. Keys
 * are dotted paths into a language's texts (`search.sorts.newest`, `safety.tips.0`); `{{name}}` is
 * replaced by the option of that name (not escaped: React escapes); a `count` option picks the
 * key's plural form (`_one`, `_other`...) by the language's Intl.PluralRules; a missing text gives
 * the `defaultValue` option, else the key itself. The default language's texts, when loaded, stand
 * in for a key another language lacks. Pure: no React, no globals (one translator per server
 * request; one in the browser).
 */

/** One language's texts: nested objects (and arrays) whose leaves are strings. */
export interface Texts {
  [key: string]: unknown;
}

export interface TOptions {
  /** Picks the plural form `<key>_<category>` (then `<key>_other`, then `<key>`); also `{{count}}`. */
  count?: number;
  /** The text when the key has none. */
  defaultValue?: string;
  /** The `{{name}}` values. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  /** The language shown. */
  readonly language: string;
  /** Translates in the language shown (a new function each time the language changes). */
  readonly t: TFunction;
  /** Shows another language (its texts must have been added; else keys fall back). Tells the listeners. */
  changeLanguage(language: string): Promise<void>;
  /** Merges texts into a language's: `overwrite` false keeps the texts already there. Tells nobody. */
  addTexts(language: string, texts: Texts, overwrite?: boolean): void;
  /** Whether a language holds a text (or a group of texts) at the key. */
  has(language: string, key: string): boolean;
  /** Be told after each change of language; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

const isObject = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

function lookup(texts: Texts | undefined, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

function merge(into: Texts, from: Texts, overwrite: boolean): Texts {
  const result: Texts = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    if (isObject(existing) && isObject(value) && !Array.isArray(value)) result[key] = merge(existing, value, overwrite);
    else if (overwrite || existing === undefined) result[key] = value;
  }
  return result;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** `{{name}}` replaced by the option; a placeholder without a value stays as it is. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])));
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

export interface TranslatorOptions {
  /** The language shown first. */
  language: string;
  /** The texts at hand, per language (more may be added). */
  texts: Partial<Record<string, Texts>>;
  /** Whose texts stand in for a missing one (Spanish). */
  fallbackLanguage?: string;
  /** Told of a key with no text in the language shown (nor in the fallback) and no `defaultValue`. */
  onMissing?: (key: string, language: string) => void;
}

export function createTranslator({ language, texts, fallbackLanguage = 'es', onMissing }: TranslatorOptions): Translator {
  const catalogues = new Map<string, Texts>(Object.entries(texts).filter((entry): entry is [string, Texts] => entry[1] !== undefined));
  const listeners = new Set<() => void>();
  let current = language;

  const textIn = (lang: string, key: string): string | undefined => {
    const text = lookup(catalogues.get(lang), key);
    return typeof text === 'string' ? text : undefined;
  };
  const find = (lang: string, key: string, count: number | undefined): string | undefined => {
    if (count !== undefined) {
      const plural = textIn(lang, `${key}_${pluralCategory(lang, count)}`) ?? textIn(lang, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return textIn(lang, key);
  };
  const translateIn =
    (lang: string): TFunction =>
    (key, options) => {
      const count = typeof options?.count === 'number' ? options.count : undefined;
      const text = find(lang, key, count) ?? (lang === fallbackLanguage ? undefined : find(fallbackLanguage, key, count));
      if (text === undefined && options?.defaultValue === undefined) onMissing?.(key, lang);
      return interpolate(text ?? options?.defaultValue ?? key, options);
    };

  let t = translateIn(current);
  return {
    get language() {
      return current;
    },
    get t() {
      return t;
    },
    changeLanguage(next) {
      if (next !== current) {
        current = next;
        t = translateIn(next);
        for (const listener of listeners) listener();
      }
      return Promise.resolve();
    },
    addTexts(lang, more, overwrite = true) {
      catalogues.set(lang, merge(catalogues.get(lang) ?? {}, more, overwrite));
    },
    has: (lang, key) => lookup(catalogues.get(lang), key) !== undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
