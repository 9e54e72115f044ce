import './styles/public';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { preloadPage } from './app/routes';
import { markLive } from './ssr/env';
import { serverState } from './data/state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A public page arrives rendered by the server (with its state): it is hydrated. Other pages
// (signed-in, seller and admin screens) are rendered here.
const state = serverState();
// A server-rendered page's chunk is loaded before hydrating, so hydration never waits on it (a
// failed load is left to the page's error boundary).
const pageReady = state ? preloadPage(window.location.pathname).catch(() => undefined) : Promise.resolve();
void Promise.all([initI18n(state?.language), pageReady]).then(() => {
  const app = (
    <StrictMode>
      <App origin={state?.origin ?? window.location.origin} />
    </StrictMode>
  );
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of holding
  // it in one long task (decision 0103).
  if (state) startTransition(() => void hydrateRoot(root, app, { onRecoverableError: (error) => console.error('hydration', error) }));
  else {
    markLive();
    createRoot(root).render(app);
  }
});
