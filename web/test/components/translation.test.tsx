import { act, render, screen } from '@testing-library/react';
import { memo, useMemo } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useTranslation } from '../../src/i18n/react';
import { createTranslator } from '../../src/i18n/translator';

const texts = {
  es: { hello: 'Hola, {{name}}', ads_one: '{{count}} anuncio', ads_other: '{{count}} anuncios' },
  en: { hello: 'Hello, {{name}}', ads_one: '{{count}} ad', ads_other: '{{count}} ads' },
};

function Greeting({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  // Memoised on t, as components do: a new language gives a new t.
  const line = useMemo(() => `${t('hello', { name: 'Ana' })} · ${t('ads', { count })}`, [t, count]);
  return <p lang={i18n.language}>{line}</p>;
}
const Memoised = memo(Greeting);

describe('I18nProvider and useTranslation', () => {
  it('render in the language shown and again, memoised parts too, when the translator changes language', async () => {
    const i18n = createTranslator({ language: 'es', texts });
    render(
      <I18nProvider i18n={i18n}>
        <Memoised count={1} />
        <Greeting count={3} />
      </I18nProvider>,
    );
    expect(screen.getByText('Hola, Ana · 1 anuncio')).toBeTruthy();
    expect(screen.getByText('Hola, Ana · 3 anuncios')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Hello, Ana · 1 ad').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Hello, Ana · 3 ads')).toBeTruthy();
  });

  it('keep two trees with their own translators apart (one per server request)', () => {
    const spanish = createTranslator({ language: 'es', texts });
    const english = createTranslator({ language: 'en', texts });
    render(
      <>
        <I18nProvider i18n={spanish}>
          <Greeting count={2} />
        </I18nProvider>
        <I18nProvider i18n={english}>
          <Greeting count={2} />
        </I18nProvider>
      </>,
    );
    expect(screen.getByText('Hola, Ana · 2 anuncios')).toBeTruthy();
    expect(screen.getByText('Hello, Ana · 2 ads')).toBeTruthy();
  });

  it('tell a component used outside the provider', () => {
    expect(() => render(<Greeting count={1} />)).toThrow(/outside I18nProvider/);
  });
});
