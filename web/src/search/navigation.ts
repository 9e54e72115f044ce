import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSortName } from './address';
import type { SearchFilter } from './filter';

/**
 * The address and the stored query read filters with the domain's schema (zod): loaded when a search
 * is run, so a page with only the search box (the home page) does not bring them.
 */
const searchModules = () => Promise.all([import('./address'), import('./storedQuery')]);

/**
 * Runs a search: the filter becomes the stored query (spec 01 §2) and the results page opens on
 * an address that carries it, so it can be shared. A live narrowing replaces the history entry
 * rather than adding one per slider move.
 */
export function useRunSearch() {
  const navigate = useNavigate();
  return useCallback(
    (filter: SearchFilter, options: { sort?: SearchSortName; replace?: boolean } = {}) => {
      void searchModules().then(([{ searchHref }, { storedQuery }]) => {
        storedQuery.save(filter);
        return navigate(searchHref({ filter, sort: options.sort }), { replace: options.replace ?? false });
      });
    },
    [navigate],
  );
}
