import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRouter } from './Router';

const STORAGE_KEY = 'ruedas-scroll-positions';
let positions: Record<string, number> | undefined;

/** Scroll positions by history entry, kept over a reload in the session's storage. */
function saved(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

/** The entry the visit began on has no key of its own: its position is kept per path. */
const entryOf = (key: string, pathname: string) => (key === 'default' ? `default:${pathname}` : key);

/**
 * A new page starts at the top (or at its `#hash`); back and forward return to where the page was
 * left; a reload keeps the position. What React Router's ScrollRestoration did.
 */
export function ScrollRestoration() {
  const { location, type, listen } = useRouter();
  const shown = useRef(entryOf(location.key, location.pathname));
  const first = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Taken when the location is about to change: the page shown is still the one left.
    const remember = () => void (saved()[shown.current] = window.scrollY);
    const persist = () => {
      remember();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // No storage (private mode, full): positions last until the page is left.
      }
    };
    const stop = listen(remember);
    window.addEventListener('pagehide', persist);
    return () => {
      stop();
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, [listen]);

  const { key, pathname, hash } = location;
  useLayoutEffect(() => {
    const entry = entryOf(key, pathname);
    shown.current = entry;
    const position = saved()[entry];
    if (first.current) {
      // The page as loaded: a reload returns to where it was.
      first.current = false;
      if (position !== undefined) window.scrollTo(0, position);
      return;
    }
    if (type === 'POP' && position !== undefined) window.scrollTo(0, position);
    else if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only a new history entry moves the page, not a re-render (`type` and `hash` come with the entry).
  }, [key, pathname]);
  return null;
}
