import { useSyncExternalStore } from 'react';

/** At most this many ads side by side (issue 19). */
export const COMPARE_MAX = 3;
const KEY = 'ruedas.compare';
const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE };

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return NONE;
  }
  if (raw === cached.raw) return cached.ids;
  let ids: readonly string[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      ids = [...new Set(parsed.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100))].slice(0, COMPARE_MAX);
  } catch {
    ids = NONE;
  }
  cached = { raw, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Private mode: the list lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The ads picked to compare (kept in this browser); empty on the server and until hydration. */
export function useCompareList(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}

export const compareList = {
  toggle(id: string): void {
    const ids = read();
    if (ids.includes(id)) write(ids.filter((other) => other !== id));
    else if (ids.length < COMPARE_MAX) write([...ids, id]);
  },
  clear(): void {
    write([]);
  },
};

/** The shareable address of a comparison. */
export const compareHref = (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;

/** The ids of a comparison's address: 1 to 3 different ids, or null when the address is not valid. */
export function readCompareIds(value: string | null): string[] | null {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length < 1 || ids.length > COMPARE_MAX || new Set(ids).size !== ids.length || ids.some((id) => id.length > 100)) return null;
  return ids;
}
