import { lazy, type ComponentType } from 'react';

/**
 * A server-rendered part of a public page below its first screen (the footer, the results' search
 * panel; the ad page's lower parts are `seenPart`s, below): its code is a chunk of its own, not in the
 * page's first load. Rendered inside a `<Suspense>` boundary, the server's HTML of it stays as it is
 * until the chunk arrives and is then hydrated on its own, after the rest of the page (React's
 * selective hydration): the first hydration is shorter. Unlike `lazyPart`, it brings no stylesheet:
 * its Mantine components' styles are in `styles/public.ts`. A chunk that fails to load shows
 * nothing. Decision 0103.
 */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn('part of the page not loaded', error);
        return { default: (() => null) as ComponentType<P> };
      },
    ));
  // `preload` starts the chunk as the page's module runs (in the browser), so the chunk is there when
  // hydration reaches the boundary: a boundary still waiting for its code when the page goes live (a
  // router or context update reaches it) would be rendered afresh, its server HTML dropped meanwhile.
  return Object.assign(lazy(get), { preload: () => void get() });
}

/**
 * A later part whose code is fetched only once `SeenSlot` opens it: when its place on the page comes
 * near the screen, the visitor touches or types, or the page changes under it. Until then its
 * boundary keeps the server's HTML (React leaves a boundary whose code has not come as the server
 * rendered it), so a page's first load neither fetches nor runs the parts below its first screen
 * (the blocking time of the ad page, issue 31 item 10, decision 0209). On the server it renders at once.
 */
export function seenPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let open = () => undefined as void;
  const opened = typeof window === 'undefined' ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve));
  const part = laterPart(() => opened.then(load));
  const start = part.preload;
  return Object.assign(part, {
    preload: () => {
      open();
      start();
    },
  });
}
