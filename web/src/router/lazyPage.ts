import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';
import { loadClient } from '../data/lazy';
import { loadAllTexts } from '../i18n';
import { loadChunk } from './chunks';

/**
 * A route page loaded on first visit, with Mantine's whole stylesheet (a signed-in, seller or admin
 * screen: decision 0050), the texts past the public pages' (decision 0110) and Apollo Client (decision
 * 0136); a failed load surfaces as a ChunkLoadError to the route's error boundary.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    loadChunk(() =>
      // With Apollo Client, whose hooks these screens use (decision 0136).
      Promise.all([load(), import('../styles/all'), loadAllTexts(), import('../data/apolloHooks'), loadClient()]).then(([page, , , data, client]) => ({
        default: data.withApollo(client, page.default),
      })),
    ),
  );
}

/** A page whose chunk can be loaded ahead of its first render. */
export type PreloadablePage = FunctionComponent & { preload(): Promise<unknown> };

/**
 * A public page (`app/publicRoutes.ts`): rendered by the server, its chunk preloaded, and styled by
 * the public pages' own Mantine styles (`styles/public.ts`), without the whole stylesheet. Once
 * `preload()` has finished (the browser does it before hydrating), it renders without suspending.
 */
export function publicPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= loadChunk(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
