import { lazy, type ComponentType } from 'react';

/**
 * A part of the header that only some people see (the signed-in menus, the admin menu, the phone's
 * drawer): its code is a chunk loaded when it is first shown, not on every public page. A chunk that
 * fails to load (a new deployment, a dropped connection) shows nothing rather than breaking the page.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn('header part not loaded', error);
        return { default: (() => null) as ComponentType<P> };
      },
    ),
  );
}
