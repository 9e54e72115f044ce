import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { I18nProvider } from './i18n/react';
import type { Translator } from './i18n/translator';
import { RenderEnvProvider, type HeadCollector } from './ssr/env';
import { ThemeProvider } from './styles/ThemeProvider';

export interface ProvidersProps {
  client: ApolloClient;
  i18n: Translator;
  origin: string;
  /** The server's head collector; null in the browser. */
  collector: HeadCollector | null;
  /** The layout is first rendered for a phone's screen (the server's guess; see useNarrowScreen). */
  phone?: boolean;
  children: ReactNode;
}

/** Everything around the router, the same on the server and in the browser (so hydration matches). */
export function Providers({ client, i18n, origin, collector, phone, children }: ProvidersProps) {
  return (
    <RenderEnvProvider origin={origin} collector={collector} phone={phone}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider>
          <ApolloProvider client={client}>{children}</ApolloProvider>
        </ThemeProvider>
      </I18nProvider>
    </RenderEnvProvider>
  );
}
