import { useCallback } from 'react';
import { useNavigate } from '../router';
import { searchHref, type SearchSortName } from './address';
import type { SearchFilter } from './filter';
import { storedQuery } from './storedQuery';

/**
 * Runs a search: the filter becomes the stored query (spec 01 §2) and the results page opens on
 * an address that carries it, so it can be shared. A live narrowing replaces the history entry
 * rather than adding one per slider move.
 */
export function useRunSearch() {
  const navigate = useNavigate();
  return useCallback(
    (filter: SearchFilter, options: { sort?: SearchSortName; replace?: boolean } = {}) => {
      storedQuery.save(filter);
      void navigate(searchHref({ filter, sort: options.sort }), { replace: options.replace ?? false });
    },
    [navigate],
  );
}
