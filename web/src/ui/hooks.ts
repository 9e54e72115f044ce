import { useCallback, useEffect, useState } from 'react';

/**
 * Small own versions of three `@mantine/hooks` (decision 0133), with the same behaviour for the way
 * the app uses them: the public first load has no `@mantine/hooks`, and every screen uses these.
 */

/** Open or closed, with `open`, `close` and `toggle`. */
export function useDisclosure(initial = false) {
  const [opened, setOpened] = useState(initial);
  const open = useCallback(() => setOpened(true), []);
  const close = useCallback(() => setOpened(false), []);
  const toggle = useCallback(() => setOpened((now) => !now), []);
  return [opened, { open, close, toggle }] as const;
}

/** `value` once it has not changed for `wait` ms (the first value at once). */
export function useDebouncedValue<T>(value: T, wait: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), wait);
    return () => window.clearTimeout(timer);
  }, [value, wait]);
  return [debounced] as const;
}

/**
 * Whether the media query matches: `initial` on the first render (the server's and the hydration's),
 * the screen's answer from the first effect on.
 */
export function useMediaQuery(query: string, initial?: boolean): boolean | undefined {
  const [matches, setMatches] = useState(initial);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const change = (event: MediaQueryListEvent) => setMatches(event.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}
