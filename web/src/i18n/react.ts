import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator';

export type { TFunction, TOptions, Translator } from './translator';

interface Translation {
  t: TFunction;
  i18n: Translator;
}

const TranslationContext = createContext<Translation | null>(null);

/**
 * Gives the tree its translator (on the server one per request, in the browser the app's); the
 * tree re-renders with the new language when the translator changes language.
 */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // A new value (and a new `t`) per language: memoised texts are computed again.
  const value = useMemo(() => ({ t: i18n.t, i18n }), [i18n, language]);
  return createElement(TranslationContext.Provider, { value }, children);
}

/** `t` in the language shown, and the translator (`i18n.language`); the same call shapes as react-i18next's. */
export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error('useTranslation outside I18nProvider');
  return translation;
}
