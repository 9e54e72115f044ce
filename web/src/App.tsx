import i18n from 'i18next';
import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { apolloClient } from './apollo';
import { settleLanguage } from './i18n';
import { Providers } from './Providers';
import { whenLive } from './ssr/env';
import { routes } from './router/routes';

const router = createBrowserRouter(routes);

export function App({ origin }: { origin: string }) {
  // Rendered (or hydrated) in the server's language; then the visitor's own rule applies.
  useEffect(() => whenLive(settleLanguage), []);
  return (
    <Providers client={apolloClient} i18n={i18n} origin={origin} collector={null}>
      <RouterProvider router={router} />
    </Providers>
  );
}
