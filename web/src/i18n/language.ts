import { LANGUAGES, type Language } from '@ruedas/domain';

/**
 * The interface language rule (DECISIONS.md, "Language and formats"): the logged-in user's
 * language, then the one kept in local storage, then the browser's (es or en), then Spanish.
 * Pure logic: storage and the browser's languages are handed in, so it runs anywhere.
 */
export { LANGUAGES, type Language };
export const DEFAULT_LANGUAGE: Language = 'es';
export const LANGUAGE_STORAGE_KEY = 'ruedas.language';

/** The supported language a tag names ("en", "en-US", "ES_cr"), if any. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}

export interface LanguageSources {
  user?: string | null;
  stored?: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  browser?: readonly string[];
}

export function resolveLanguage({ user, stored, browser = [] }: LanguageSources): Language {
  return toLanguage(user) ?? toLanguage(stored) ?? browser.map(toLanguage).find((language) => language !== undefined) ?? DEFAULT_LANGUAGE;
}

export interface LanguagePreferenceDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  browserLanguages: () => readonly string[];
}

/** The language rule with its state: who is logged in, and what the visitor chose. */
export interface LanguagePreference {
  /** The language to show now. */
  current(): Language;
  /** The logged-in user's language (null when logged out). Returns the language to show. */
  setUserLanguage(language: string | null): Language;
  /** The visitor picked a language from the menu: it wins at once and is kept. Returns it. */
  choose(language: Language): Language;
}

export function createLanguagePreference({ storage, browserLanguages }: LanguagePreferenceDeps): LanguagePreference {
  let user: Language | null = null;

  const current = (): Language => resolveLanguage({ user, stored: storage.getItem(LANGUAGE_STORAGE_KEY), browser: browserLanguages() });

  return {
    current,
    setUserLanguage(language) {
      if (language === null) {
        user = null;
        return current();
      }
      const known = toLanguage(language);
      if (!known) throw new Error(`Unsupported language "${language}": expected one of ${LANGUAGES.join(', ')}`);
      user = known;
      // Kept too, so the interface does not change language when the user logs out.
      storage.setItem(LANGUAGE_STORAGE_KEY, known);
      return known;
    },
    choose(language) {
      storage.setItem(LANGUAGE_STORAGE_KEY, language);
      if (user) user = language;
      return language;
    },
  };
}
