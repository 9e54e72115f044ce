import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { theme } from '../../src/theme';

/** Renders a component as the app does: Mantine with the app's theme and i18next in the given language. */
export async function renderInApp(ui: ReactElement, language: 'es' | 'en' = 'es') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>{ui}</MantineProvider>
    </I18nextProvider>,
  );
  return { ...view, i18n };
}
