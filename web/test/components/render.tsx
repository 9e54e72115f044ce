import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { apolloHooks } from '../../src/data/apolloHooks';
import { DataHooksProvider } from '../../src/data/hooks';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { I18nProvider } from '../../src/i18n/react';
import { createTranslator } from '../../src/i18n/translator';
import { theme } from '../../src/styles/theme';

/**
 * Renders a component as the app does: Mantine with the app's theme and the translator in the given
 * language (a wrapper, so `rerender` keeps them).
 */
export async function renderInApp(ui: ReactElement, language: 'es' | 'en' = 'es') {
  const i18n = createTranslator({ language, texts: { es, en } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </I18nProvider>
  );
  const view = render(ui, { wrapper });
  return { ...view, i18n };
}

/**
 * Apollo Client's `MockedProvider`, with the data hooks (`src/data`) set to Apollo Client's own, so
 * its mocks answer the components' queries (in the browser, public pages defer Apollo Client: decision 0136).
 */
export function MockedApollo({ children, ...props }: MockedProviderProps) {
  return (
    <MockedProvider {...props}>
      <DataHooksProvider value={apolloHooks}>{children}</DataHooksProvider>
    </MockedProvider>
  );
}
