import { lazy, type ComponentType } from 'react';
import { loadClient } from '../data/lazy';
import { loadAllTexts } from '../i18n';

/**
 * A part of a page that only some people see or that waits for a click (the signed-in menus, the
 * admin menu, the phone's drawer, the report form): its code is a chunk loaded when it is first
 * shown, not with every public page. A chunk that fails to load (a new deployment, a dropped
 * connection) shows nothing rather than breaking the page.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    // With Mantine's whole stylesheet (a public page has only its own components' styles) and the
    // texts past the public pages' (decision 0110), and Apollo Client, whose hooks the parts use (0136).
    Promise.all([load(), import('../styles/all'), loadAllTexts(), import('../data/apolloHooks'), loadClient()]).then(
      ([component, , , data, client]) => ({ default: data.withApollo(client, component) }),
      (error: unknown) => {
        console.warn('part of the page not loaded', error);
        return { default: (() => null) as ComponentType<P> };
      },
    ),
  );
}
