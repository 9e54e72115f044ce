import { lazy, type ComponentType } from 'react';
import { loadAllTexts } from '../i18n';
import { loadChunk } from './chunks';

/**
 * A route page loaded on first visit, with Mantine's whole stylesheet (a signed-in, seller or admin
 * screen: decision 0050) and the texts past the public pages' (decision 0110); a failed load surfaces as a ChunkLoadError to the route's error element.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(() => Promise.all([load(), import('../styles/all'), loadAllTexts()]).then(([page]) => page)));
}

/**
 * A public page (`ssr/publicRoutes.ts`): rendered by the server, its chunk preloaded, and styled by
 * the public pages' own Mantine styles (`styles/public.ts`), without the whole stylesheet.
 */
export function publicPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load));
}
