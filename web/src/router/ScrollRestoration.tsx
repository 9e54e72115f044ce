import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRouter } from './Router';

const STORAGE_KEY = 'ruedas-scroll-positions';
let positions: Record<string, number> | undefined;

/** Scroll positions by history entry, kept over a reload in the session's storage. */
function saved(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

/**
 * Scrolls to `position`, then loads followGrowth (in no first load) to follow the page while it is
 * still shorter than that (its list loading again). Returns what stops the following.
 */
function scrollBackTo(position: number): () => void {
  scrollTo(0, position);
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./followGrowth').then((module) => {
    if (!stopped) stop = module.followGrowth(position);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The entry the visit began on has no key of its own: its position is kept per path. */
const entryOf = (key: string, pathname: string) => (key === 'default' ? `default:${pathname}` : key);

/**
 * A new page starts at the top (or at its `#hash`); back and forward return to where the page was
 * left, also when the page has to load its list again first (issue 31); a reload keeps the position.
 * What React Router's ScrollRestoration did.
 */
export function ScrollRestoration() {
  const { location, type, listen } = useRouter();
  const shown = useRef(entryOf(location.key, location.pathname));
  const first = useRef(true);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    // Taken when the location is about to change: the page shown is still the one left.
    const remember = () => void (saved()[shown.current] = scrollY);
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // No storage (private mode, full): positions last until the page is left.
      }
    };
    // Hidden comes before a reload or a close, and is all a phone sends when it drops a tab in the
    // background (no pagehide): the last sure moment.
    const hidden = () => void (document.visibilityState === 'hidden' && persist());
    const stop = listen(remember);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', hidden);
      history.scrollRestoration = 'auto';
    };
  }, [listen]);

  const { key, pathname, hash } = location;
  useLayoutEffect(() => {
    const entry = entryOf(key, pathname);
    shown.current = entry;
    const position = saved()[entry];
    // The page as loaded: a reload returns to where it was; so do back and forward.
    const loaded = first.current;
    first.current = false;
    if ((loaded || type === 'POP') && position !== undefined) return scrollBackTo(position);
    if (loaded) return undefined;
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else scrollTo(0, 0);
    return undefined;
    // Only a new history entry moves the page, not a re-render (`type` and `hash` come with the entry).
  }, [key, pathname]);
  return null;
}
