import type { Language } from './language';

/** One language's interface texts (src/i18n/{es,en}.json). */
export type Texts = Record<string, unknown>;

/**
 * Each language's texts are a chunk of their own: a page loads only the language it shows (the
 * server preloads that chunk from the page's head), and the other one when the visitor switches.
 */
const loaders: Record<Language, () => Promise<{ default: Texts }>> = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/** The module of a language's texts in the build's manifest (the server preloads its chunk). */
export const textsModule = (language: Language) => `src/i18n/${language}.json`;

const loaded = new Map<Language, Promise<Texts>>();

/** A language's texts, loaded once. */
export function loadTexts(language: Language): Promise<Texts> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = loaders[language]().then((module) => module.default);
    // A failed load (a dropped connection) may be tried again.
    texts.catch(() => loaded.delete(language));
    loaded.set(language, texts);
  }
  return texts;
}
