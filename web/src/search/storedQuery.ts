import { compactFilter, isEmptyFilter, type SearchFilter } from './filter';
import { readFilter } from './readFilter';

/**
 * The stored query of spec 01 §2: the last search the simple or advanced search sent, kept in
 * local storage so the results page finds it even without a `filters` parameter (a plain link to
 * /searchingOpportunities, a reload). The results page removes it when it is left. Pure over a
 * handed-in storage, so it is unit-tested.
 */
export const STORED_QUERY_KEY = 'ruedas.searchQuery';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createStoredQuery(storage: KeyValueStorage) {
  return {
    save(filter: SearchFilter): void {
      if (isEmptyFilter(filter)) storage.removeItem(STORED_QUERY_KEY);
      else storage.setItem(STORED_QUERY_KEY, JSON.stringify(compactFilter(filter)));
    },
    /** The stored filter (only its valid fields), or undefined when none or unreadable (then it is removed). */
    read(): SearchFilter | undefined {
      const text = storage.getItem(STORED_QUERY_KEY);
      if (text === null) return undefined;
      try {
        const { filter } = readFilter(JSON.parse(text));
        if (!isEmptyFilter(filter)) return filter;
      } catch {
        // unreadable: dropped below
      }
      storage.removeItem(STORED_QUERY_KEY);
      return undefined;
    },
    clear(): void {
      storage.removeItem(STORED_QUERY_KEY);
    },
  };
}

/** Local storage, or nothing when the browser refuses it (private modes, tests without a DOM). */
function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // fall through
  }
  return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
}

export const storedQuery = createStoredQuery({
  getItem: (key) => browserStorage().getItem(key),
  setItem: (key, value) => {
    try {
      browserStorage().setItem(key, value);
    } catch {
      // full or refused: the address still carries the search
    }
  },
  removeItem: (key) => browserStorage().removeItem(key),
});

/**
 * Which filter the results page shows: the address's when it has one (a shared address reopens the
 * same results), else the stored query, else none (every public ad).
 */
export function resolveSearchFilter(
  address: { filter: SearchFilter; hasFilter: boolean },
  stored: SearchFilter | undefined,
): { filter: SearchFilter; fromStorage: boolean } {
  if (address.hasFilter || !stored) return { filter: address.filter, fromStorage: false };
  return { filter: stored, fromStorage: true };
}
