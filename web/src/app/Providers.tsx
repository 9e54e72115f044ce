import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/react';
import type { Translator } from '../i18n/translator';
import { RenderEnvProvider, type HeadCollector } from '../ssr/env';
import { ThemeProvider } from '../styles/ThemeProvider';

export interface ProvidersProps {
  i18n: Translator;
  origin: string;
  /** The server's head collector; null in the browser. */
  collector: HeadCollector | null;
  /** The layout is first rendered for a phone's screen (the server's guess; see useNarrowScreen). */
  phone?: boolean;
  children: ReactNode;
}

/**
 * Everything around the router, the same on the server and in the browser (so hydration matches). The
 * data hooks are not here: the server gives Apollo Client's, the browser defers it (decision 0136).
 */
export function Providers({ i18n, origin, collector, phone, children }: ProvidersProps) {
  return (
    <RenderEnvProvider origin={origin} collector={collector} phone={phone}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider>{children}</ThemeProvider>
      </I18nProvider>
    </RenderEnvProvider>
  );
}
