import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createLanguagePreference, DEFAULT_LANGUAGE, toLanguage, type Language } from './language';
import { loadTexts, type Texts } from './resources';

export { LANGUAGES, toLanguage, type Language } from './language';

// Only the browser has a preference; the server renders in the language it is asked for.
const noStorage = { getItem: () => null, setItem: () => undefined };
const preference = createLanguagePreference({
  storage: typeof localStorage === 'undefined' ? noStorage : localStorage,
  browserLanguages: () => (typeof navigator === 'undefined' ? [] : navigator.languages),
});

/** The cookie that tells the server which language to render a page in (the same rule's outcome). */
export const LANGUAGE_COOKIE = 'ruedas.language';

function rememberForServer(language: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

type ChoiceListener = (language: Language) => void;
const choiceListeners = new Set<ChoiceListener>();

/** The language last asked for: a slower load of an earlier choice does not undo a later one. */
let wanted: Language | undefined;

function show(language: Language): void {
  if (!i18n.isInitialized) return;
  wanted = language;
  if (i18n.language === language) return;
  void loadTexts(language).then((texts) => {
    if (wanted !== language) return;
    if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', texts);
    return i18n.changeLanguage(language);
  });
}

/**
 * i18next's options for a language, with the texts of the languages given: the same on the server
 * (one instance per request, both languages) and in the browser (the language shown; the other is
 * loaded when chosen).
 */
export function i18nOptions(language: Language, texts: Partial<Record<Language, Texts>>) {
  return {
    resources: Object.fromEntries(Object.entries(texts).map(([code, translation]) => [code, { translation }])),
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}

/**
 * Starts i18next: in `serverLanguage` when hydrating a page the server rendered (so the HTML
 * matches), else in the language the rule picks; the app renders after it.
 */
export async function initI18n(serverLanguage?: Language): Promise<void> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    rememberForServer(language);
  });
  const language = serverLanguage ?? preference.current();
  wanted = language;
  await i18n.use(initReactI18next).init(i18nOptions(language, { [language]: await loadTexts(language) }));
  rememberForServer(i18n.language);
}

/**
 * After the first render: a `?lang=` in the address is the visitor's choice (a link from a search
 * engine to the English page); otherwise the rule's language is shown (it may differ from the
 * server's when local storage holds a choice the server's cookie does not know yet).
 */
export function settleLanguage(): void {
  const asked = toLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (asked) chooseLanguage(asked);
  else show(preference.current());
}

/**
 * For the accounts work: the logged-in user's language, which takes precedence (call it at
 * login and when a stored session is restored; null at logout, which keeps the language shown).
 */
export function setUserLanguage(language: string | null): void {
  show(preference.setUserLanguage(language));
}

/** The visitor picked a language from the menu: switch at once and keep it. */
export function chooseLanguage(language: Language): void {
  show(preference.choose(language));
  for (const listener of choiceListeners) listener(language);
}

/**
 * For the accounts work: be told when the visitor picks a language (to save a logged-in
 * user's choice to the profile). Returns the function that stops listening.
 */
export function onLanguageChosen(listener: ChoiceListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The language shown now (re-renders on change) and the function that picks another. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n: instance } = useTranslation();
  return [toLanguage(instance.language) ?? DEFAULT_LANGUAGE, chooseLanguage];
}
