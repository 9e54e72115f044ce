import { lazy, type ComponentType } from 'react';
import { loadClient } from '../data/lazy';
import { loadAllTexts } from '../i18n';

/** Apollo Client and its provider around a part, loaded with it. */
const withApolloClient = <P extends object>(component: ComponentType<P>) =>
  Promise.all([import('../data/apolloHooks'), loadClient()]).then(([data, client]) => data.withApollo(client, component));

/**
 * A part of a page that only some people see or that waits for a click (the signed-in menus, the
 * admin menu, the phone's drawer, the report form): its code is a chunk loaded when it is first
 * shown, not with every public page. A chunk that fails to load (a new deployment, a dropped
 * connection) shows nothing rather than breaking the page.
 *
 * It comes with Apollo Client, whose hooks the parts use (decision 0136), unless `apollo: false`: a
 * part that uses no Apollo hook (the photo lightbox, the filters drawer) does not load its 50 KB;
 * `test/lazyParts.test.ts` holds those parts to it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, { apollo = true }: { apollo?: boolean } = {}) {
  return lazy(() =>
    // With Mantine's whole stylesheet (a public page has only its own components' styles) and the
    // texts past the public pages' (decision 0110).
    Promise.all([load().then((component) => (apollo ? withApolloClient(component) : component)), import('../styles/all'), loadAllTexts()]).then(
      ([component]) => ({ default: component }),
      (error: unknown) => {
        console.warn('part of the page not loaded', error);
        return { default: (() => null) as ComponentType<P> };
      },
    ),
  );
}
