import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from './en.json';
import es from './es.json';
import { createLanguagePreference, DEFAULT_LANGUAGE, toLanguage, type Language } from './language';

export { LANGUAGES, toLanguage, type Language } from './language';

const preference = createLanguagePreference({
  storage: localStorage,
  browserLanguages: () => navigator.languages,
});

type ChoiceListener = (language: Language) => void;
const choiceListeners = new Set<ChoiceListener>();

function show(language: Language): void {
  if (i18n.isInitialized && i18n.language !== language) void i18n.changeLanguage(language);
}

/** Starts i18next in the language the rule picks; the app renders after it. */
export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: preference.current(),
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
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
