import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { I18nProvider } from '../../src/i18n/react';
import { createTranslator } from '../../src/i18n/translator';
import { theme } from '../../src/theme';

/** Renders a component as the app does: Mantine with the app's theme and the translator in the given language. */
export async function renderInApp(ui: ReactElement, language: 'es' | 'en' = 'es') {
  const i18n = createTranslator({ language, texts: { es, en } });
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>{ui}</MantineProvider>
    </I18nProvider>,
  );
  return { ...view, i18n };
}
