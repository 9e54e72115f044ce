import { createLanguagePreference, DEFAULT_LANGUAGE, toLanguage, type Language } from './language';
import { useTranslation } from './react';
import { loadTexts, type Texts } from './resources';
import { createTranslator, type Translator } from './translator';

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

/** The browser's translator (the server makes one per request: `createTranslator`). */
export const i18n: Translator = createTranslator({
  language: DEFAULT_LANGUAGE,
  texts: {},
  // A key with no text shows as the key: said in the console, where the browser tests look.
  onMissing: (key, language) => console.warn(`no ${language} text for "${key}"`),
});

/** The language last asked for: a slower load of an earlier choice does not undo a later one. */
let wanted: Language | undefined;
/** Whether the rest of the texts (past the public pages') is needed: then every language shown gets it. */
let restNeeded = false;
const loadedParts = { public: new Set<Language>(), rest: new Set<Language>() };
let started = false;

/** The texts a language needs now: the public ones, and the rest once a screen or part asked for it. */
async function loadNeeded(language: Language): Promise<void> {
  const add = (texts: Texts) => i18n.addTexts(language, texts);
  if (!loadedParts.public.has(language)) {
    add(await loadTexts(language));
    loadedParts.public.add(language);
  }
  // Asked again after each load: a screen may have asked for the rest meanwhile.
  while (restNeeded && !loadedParts.rest.has(language)) {
    add(await loadTexts(language, 'rest'));
    loadedParts.rest.add(language);
  }
}

/**
 * The rest of the texts of the language shown (and of any shown later): loaded with a signed-in,
 * seller or admin screen and with an on-demand part, before it renders (decision 0110). Nothing to
 * load on the server, whose translator has every text.
 */
export function loadAllTexts(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  restNeeded = true;
  return loadNeeded(toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
}

function show(language: Language): void {
  if (!started) return;
  wanted = language;
  if (i18n.language === language) return;
  void loadNeeded(language).then(() => {
    if (wanted === language) return i18n.changeLanguage(language);
  });
}

/**
 * Starts the translator: in `serverLanguage` when hydrating a page the server rendered (so the HTML
 * matches), else in the language the rule picks; the app renders after it.
 */
export async function initI18n(serverLanguage?: Language): Promise<void> {
  i18n.subscribe(() => {
    document.documentElement.lang = i18n.language;
    rememberForServer(i18n.language);
  });
  const language = serverLanguage ?? preference.current();
  wanted = language;
  started = true;
  await loadNeeded(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  rememberForServer(language);
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
