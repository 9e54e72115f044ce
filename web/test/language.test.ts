import { describe, expect, it } from 'vitest';
import { createLanguagePreference, LANGUAGE_STORAGE_KEY, resolveLanguage, toLanguage } from '../src/i18n/language';

describe('toLanguage', () => {
  it.each([
    ['es', 'es'],
    ['en', 'en'],
    ['es-CR', 'es'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    [' es ', 'es'],
  ])('reads %j as %s', (tag, language) => {
    expect(toLanguage(tag)).toBe(language);
  });

  it.each([['fr'], ['de-DE'], [''], [null], [undefined], ['english']])('knows no language in %j', (tag) => {
    expect(toLanguage(tag)).toBeUndefined();
  });
});

describe('resolveLanguage: user, then storage, then browser, then es', () => {
  it("takes the logged-in user's language over everything else", () => {
    expect(resolveLanguage({ user: 'en', stored: 'es', browser: ['es-CR'] })).toBe('en');
  });

  it('takes the stored language when nobody is logged in', () => {
    expect(resolveLanguage({ user: null, stored: 'en', browser: ['es-CR'] })).toBe('en');
  });

  it("takes the browser's first supported language when nothing is stored", () => {
    expect(resolveLanguage({ browser: ['fr-FR', 'en-US', 'es'] })).toBe('en');
  });

  it('skips values that name no supported language', () => {
    expect(resolveLanguage({ user: 'pt', stored: 'xx', browser: ['en-GB'] })).toBe('en');
  });

  it('falls back to Spanish', () => {
    expect(resolveLanguage({ browser: ['fr-FR', 'de'] })).toBe('es');
    expect(resolveLanguage({})).toBe('es');
  });
});

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('createLanguagePreference', () => {
  it("starts from the browser's language and keeps a choice across sessions", () => {
    const storage = memoryStorage();
    const first = createLanguagePreference({ storage, browserLanguages: () => ['en-US'] });
    expect(first.current()).toBe('en');

    expect(first.choose('es')).toBe('es');
    expect(storage.values.get(LANGUAGE_STORAGE_KEY)).toBe('es');

    const afterReload = createLanguagePreference({ storage, browserLanguages: () => ['en-US'] });
    expect(afterReload.current()).toBe('es');
  });

  it("switches to the user's language at login and keeps it after logout", () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'es' });
    const preference = createLanguagePreference({ storage, browserLanguages: () => ['es'] });

    expect(preference.setUserLanguage('en')).toBe('en');
    expect(preference.current()).toBe('en');
    expect(preference.setUserLanguage(null)).toBe('en');
  });

  it("lets a logged-in user's menu choice win at once", () => {
    const storage = memoryStorage();
    const preference = createLanguagePreference({ storage, browserLanguages: () => [] });
    preference.setUserLanguage('en');

    preference.choose('es');
    expect(preference.current()).toBe('es');
  });

  it('refuses a user language it does not support', () => {
    const preference = createLanguagePreference({ storage: memoryStorage(), browserLanguages: () => [] });
    expect(() => preference.setUserLanguage('fr')).toThrow('Unsupported language "fr"');
  });
});
