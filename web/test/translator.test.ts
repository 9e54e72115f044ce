import { describe, expect, it, vi } from 'vitest';
import en from '../src/i18n/en.json';
import es from '../src/i18n/es.json';
import { createTranslator } from '../src/i18n/translator';

const texts = {
  es: {
    greeting: 'Hola, {{name}}',
    spaced: 'De {{ from }} a {{to}}',
    ads_one: '{{count}} anuncio',
    ads_other: '{{count}} anuncios',
    group: { nested: { deep: 'Profundo' } },
    list: ['uno', 'dos'],
    onlyEs: 'Solo en español',
  },
  en: {
    greeting: 'Hello, {{name}}',
    spaced: 'From {{ from }} to {{to}}',
    ads_one: '{{count}} ad',
    ads_other: '{{count}} ads',
    group: { nested: { deep: 'Deep' } },
    list: ['one', 'two'],
  },
};

describe('the translator', () => {
  it('finds a text by its dotted key, an array item by its index', () => {
    const { t } = createTranslator({ language: 'es', texts });
    expect(t('group.nested.deep')).toBe('Profundo');
    expect(t('list.1')).toBe('dos');
  });

  it('replaces {{placeholders}} (spaces allowed), without escaping, and keeps one without a value', () => {
    const { t } = createTranslator({ language: 'en', texts });
    expect(t('greeting', { name: '<Ana & Luis>' })).toBe('Hello, <Ana & Luis>');
    expect(t('spaced', { from: 2010, to: 2020 })).toBe('From 2010 to 2020');
    expect(t('spaced', { from: 0 })).toBe('From 0 to {{to}}');
  });

  it.each([
    ['es', 0, '0 anuncios'],
    ['es', 1, '1 anuncio'],
    ['es', 2, '2 anuncios'],
    ['es', 1_000_000, '1000000 anuncios'],
    ['en', 1, '1 ad'],
    ['en', 5, '5 ads'],
  ])('picks the plural form by count (%s, %d)', (language, count, text) => {
    expect(createTranslator({ language, texts }).t('ads', { count })).toBe(text);
  });

  it('gives the default value, then the key, for a key without a text, and tells onMissing only then', () => {
    const onMissing = vi.fn();
    const { t } = createTranslator({ language: 'en', texts, onMissing });
    expect(t('nowhere', { defaultValue: 'Plan {{name}}', name: 'B' })).toBe('Plan B');
    expect(onMissing).not.toHaveBeenCalled();
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('group.nested')).toBe('group.nested');
    expect(onMissing.mock.calls).toEqual([
      ['nowhere.at.all', 'en'],
      ['group.nested', 'en'],
    ]);
  });

  it("falls back to Spanish for a key English lacks, when Spanish's texts are there", () => {
    expect(createTranslator({ language: 'en', texts }).t('onlyEs')).toBe('Solo en español');
    expect(createTranslator({ language: 'en', texts: { en: texts.en } }).t('onlyEs')).toBe('onlyEs');
  });

  it('changes language with a new t and tells its listeners; the same language tells nobody', async () => {
    const i18n = createTranslator({ language: 'es', texts });
    const listener = vi.fn();
    const stop = i18n.subscribe(listener);
    const before = i18n.t;
    await i18n.changeLanguage('es');
    expect(listener).not.toHaveBeenCalled();
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('en');
    expect(i18n.t).not.toBe(before);
    expect(i18n.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
    stop();
    await i18n.changeLanguage('es');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges added texts: without overwrite the texts there win, with it the added ones', () => {
    const i18n = createTranslator({ language: 'es', texts: {} });
    expect(i18n.has('es', 'alerts.title')).toBe(false);
    i18n.addTexts('es', { alerts: { title: 'Mis alertas', keep: 'Propio' } }, false);
    i18n.addTexts('es', { alerts: { keep: 'Del catálogo', other: 'Otro' } }, false);
    expect(i18n.t('alerts.keep')).toBe('Propio');
    i18n.addTexts('es', { alerts: { keep: 'Del catálogo' } });
    expect([i18n.t('alerts.title'), i18n.t('alerts.keep'), i18n.t('alerts.other')]).toEqual(['Mis alertas', 'Del catálogo', 'Otro']);
    expect(i18n.has('es', 'alerts')).toBe(true);
  });

  it("translates the app's catalogues as i18next did: plurals and placeholders of a real key", () => {
    const i18n = createTranslator({ language: 'es', texts: { es, en } });
    expect(i18n.t('search.resultCount', { count: 1, formatted: '1' })).toBe('1 resultado');
    expect(i18n.t('search.resultCount', { count: 3, formatted: '3' })).toBe(es.search.resultCount_other.replace('{{formatted}}', '3'));
  });
});
