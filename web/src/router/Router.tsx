import { createContext, startTransition, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Router as Wouter } from 'wouter';
import {
  browserHistory,
  createPath,
  memoryHistory,
  parsePath,
  type History,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type To,
} from './history';

/** What the app's routing hooks read: the shown location, how it was reached, and how to move. */
export interface RouterValue {
  location: Location;
  type: NavigationType;
  navigate(to: To | number, options?: NavigateOptions): void;
  /** Called when the location is about to change (before the next page renders); returns the unsubscribe function. */
  listen(listener: (type: NavigationType) => void): () => void;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The router the component is in (BrowserRouter, StaticRouter or MemoryRouter). */
export function useRouter(): RouterValue {
  const value = use(RouterContext);
  if (!value) throw new Error('A routing hook was used outside a router');
  return value;
}

// wouter's Switch and Route match against this router's location (pathname and query).
function useWouterLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  return [location.pathname, navigate];
}
const useWouterSearch = (): string => useRouter().location.search;

function Provide({ value, children }: { value: RouterValue; children: ReactNode }) {
  return (
    <RouterContext value={value}>
      <Wouter hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Wouter>
    </RouterContext>
  );
}

/**
 * Routes over a history. A change of location is rendered as a transition (as React Router's data
 * router did): the shown page stays until the next one is ready (its chunk loaded), without a fallback.
 */
function HistoryRouter({ history, children }: { history: History; children: ReactNode }) {
  const [shown, setShown] = useState<{ location: Location; type: NavigationType }>(() => ({ location: history.location(), type: 'POP' }));
  useEffect(() => {
    const stop = history.listen((type) => {
      const location = history.location();
      startTransition(() => setShown({ location, type }));
    });
    // A navigation made before this subscription (a child's effect, such as a guard's <Navigate>, runs
    // first) is caught up with.
    const now = history.location();
    setShown((previous) =>
      previous.location.key === now.key && createPath(previous.location) === createPath(now) ? previous : { location: now, type: 'REPLACE' },
    );
    return stop;
  }, [history]);
  // Stable, as React Router's were: an effect that depends on them does not run again after each navigation.
  const moves = useMemo<Pick<RouterValue, 'navigate' | 'listen'>>(
    () => ({
      navigate(to, options = {}) {
        if (typeof to === 'number') return history.go(to);
        const current = history.location();
        if (options.from && options.from !== current.pathname) return;
        const path = createPath(to, current);
        // Going where one already is replaces the entry (no duplicate for back to walk through).
        const same = createPath(parsePath(path, current.pathname)) === createPath(current);
        history.push(path, { replace: options.replace ?? same, state: options.state });
      },
      listen: (listener) => history.listen(listener),
    }),
    [history],
  );
  const value = useMemo<RouterValue>(() => ({ ...shown, ...moves }), [shown, moves]);
  return <Provide value={value}>{children}</Provide>;
}

let browser: History | undefined;

/** The app in the browser, on the window's history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  browser ??= browserHistory();
  return <HistoryRouter history={browser}>{children}</HistoryRouter>;
}

/** A history in memory (component tests), starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

const unlisten = () => undefined;

/** The server's rendering of one address: nothing moves (a public page does not redirect while rendering). */
export function StaticRouter({ pathname, search, children }: { pathname: string; search: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({ location: { pathname, search, hash: '', state: null, key: 'default' }, type: 'POP', navigate: () => undefined, listen: () => unlisten }),
    [pathname, search],
  );
  return <Provide value={value}>{children}</Provide>;
}
