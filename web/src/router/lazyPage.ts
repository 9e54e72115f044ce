import { lazy, type ComponentType } from 'react';
import { loadChunk } from './chunks';

/** A route page loaded on first visit; a failed load surfaces as a ChunkLoadError to the route's error element. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load));
}
