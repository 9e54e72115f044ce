import type { Language } from './language';
import type { Texts } from './translator';

export type { Texts } from './translator';

/**
 * Each language's texts are two chunks, cut at build from src/i18n/{es,en}.json (scripts/textsPlugin.ts,
 * decision 0110): `public`, the keys the public pages use (the server preloads the chunk of the page's
 * language), and `rest`, every other key, loaded with a signed-in, seller or admin screen or an
 * on-demand part (`router/lazyPage.ts`, `parts/lazyPart.ts`). A page loads only the language it shows.
 */
export type TextsPart = 'public' | 'rest';

const loaders: Record<Language, Record<TextsPart, () => Promise<{ default: Texts }>>> = {
  es: { public: () => import('./es.public.texts'), rest: () => import('./es.rest.texts') },
  en: { public: () => import('./en.public.texts'), rest: () => import('./en.rest.texts') },
};

/** The module of a language's texts in the build's manifest (the server preloads the public part's chunk). */
export const textsModule = (language: Language, part: TextsPart = 'public') => `src/i18n/${language}.${part}.texts`;

const loaded = new Map<string, Promise<Texts>>();

/** A part of a language's texts, loaded once. */
export function loadTexts(language: Language, part: TextsPart = 'public'): Promise<Texts> {
  const name = `${language}.${part}`;
  let texts = loaded.get(name);
  if (!texts) {
    texts = loaders[language][part]().then((module) => module.default);
    // A failed load (a dropped connection) may be tried again.
    texts.catch(() => loaded.delete(name));
    loaded.set(name, texts);
  }
  return texts;
}
