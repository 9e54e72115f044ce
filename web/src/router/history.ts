/**
 * Where the app is and how it moves: the browser's history (with the state and a key per entry, as
 * React Router kept them in `history.state`), or an in-memory one (component tests).
 */

/** The current address, with the state a navigation handed over and the history entry's key. */
export interface Location {
  pathname: string;
  /** `?a=1`, or '' */
  search: string;
  /** `#part`, or '' */
  hash: string;
  state: unknown;
  /** 'default' for the entry the visit began on; otherwise unique to the history entry. */
  key: string;
}

/** A target: a path (with its query and hash), or its parts (a missing pathname keeps the current one). */
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Moves only if the history is still at this pathname (a page being left sets no query on the next one). */
  from?: string;
}

/** How the location last changed: a new entry, a replaced one, or a move through the history (back, forward). */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

export interface History {
  location(): Location;
  push(path: string, options: NavigateOptions): void;
  go(delta: number): void;
  /** Called after every change of location; returns the unsubscribe function. */
  listen(listener: (type: NavigationType) => void): () => void;
}

/** The path, query and hash of a location or target, as an address of this site. */
export function createPath(to: To, current?: Pick<Location, 'pathname'>): string {
  if (typeof to === 'string') return to;
  const pathname = to.pathname ?? current?.pathname ?? '/';
  const search = to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return `${pathname}${search}${hash}`;
}

/** A path split into its parts (a relative query such as `?a=1` keeps `base`'s pathname). */
export function parsePath(path: string, base = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  // Joined, not resolved, when absolute: `//elsewhere.example/` stays a path of this site.
  const url = path.startsWith('/') ? new URL(`http://site${path}`) : new URL(path, `http://site${base}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr: unknown;
  key: string;
}

function entryState(value: unknown): EntryState | null {
  return typeof value === 'object' && value !== null && typeof (value as EntryState).key === 'string' ? (value as EntryState) : null;
}

/** The browser's history: each entry carries `{ usr: state, key }` in `history.state`. */
export function browserHistory(): History {
  const listeners = new Set<(type: NavigationType) => void>();
  const emit = (type: NavigationType) => listeners.forEach((listener) => listener(type));
  return {
    location() {
      const { pathname, search, hash } = window.location;
      const entry = entryState(window.history.state);
      return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
    },
    push(path, { replace = false, state = null }) {
      const entry: EntryState = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(entry, '', path);
      else window.history.pushState(entry, '', path);
      emit(replace ? 'REPLACE' : 'PUSH');
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      const onPop = () => listener('POP');
      window.addEventListener('popstate', onPop);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** A history kept in memory, starting at `entries` (the last one current). */
export function memoryHistory(entries: string[] = ['/']): History {
  const stack: Location[] = (entries.length > 0 ? entries : ['/']).map((path, index) => ({
    ...parsePath(path),
    state: null,
    key: index === 0 ? 'default' : newKey(),
  }));
  let index = stack.length - 1;
  const listeners = new Set<(type: NavigationType) => void>();
  const emit = (type: NavigationType) => listeners.forEach((listener) => listener(type));
  return {
    location: () => stack[index] as Location,
    push(path, { replace = false, state = null }) {
      const next: Location = { ...parsePath(path, stack[index]?.pathname), state, key: newKey() };
      if (replace) stack[index] = next;
      else stack.splice(++index, stack.length, next);
      emit(replace ? 'REPLACE' : 'PUSH');
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1);
      if (next === index) return;
      index = next;
      emit('POP');
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
