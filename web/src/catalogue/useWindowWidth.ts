import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The width the server renders for (and the browser hydrates with): a phone's, phones first. */
export const SERVER_WINDOW_WIDTH = 360;

/** The window's inner width, following resizes: the lists' sizing rules are stated on it. */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => SERVER_WINDOW_WIDTH,
  );
}
