import { useEffect } from 'react';
import { i18n, settleLanguage } from '../i18n';
import { Providers } from './Providers';
import { whenLive } from '../ssr/env';
import { serverState } from '../data/state';
import { NARROW_SCREEN_QUERY } from '../ssr/useNarrowScreen';
import { BrowserRouter } from '../router';
import { AppRoutes } from './routes';

// The layout the server rendered (its guess), or, for a page the browser renders itself, the screen's.
const state = serverState();
const phone = state ? state.phone === true : window.matchMedia(NARROW_SCREEN_QUERY).matches;

export function App({ origin }: { origin: string }) {
  // Rendered (or hydrated) in the server's language; then the visitor's own rule applies.
  useEffect(() => whenLive(settleLanguage), []);
  return (
    <Providers i18n={i18n} origin={origin} collector={null} phone={phone}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
