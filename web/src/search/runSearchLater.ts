import { useCallback } from 'react';
import { useNavigate } from '../router';
import type { SearchFilter } from './filter';

/**
 * `useRunSearch` for a page that only has the search box (the home page): the address and the stored
 * query read filters with the domain's schema (zod), so they are loaded when a search is run rather
 * than with the page (decision 0050). The results page uses `useRunSearch` (navigation.ts), which
 * navigates at once: its live narrowing must not reorder.
 */
export function useRunSearchLater() {
  const navigate = useNavigate();
  return useCallback(
    (filter: SearchFilter) => {
      void Promise.all([import('./address'), import('./storedQuery')]).then(([{ searchHref }, { storedQuery }]) => {
        storedQuery.save(filter);
        return navigate(searchHref({ filter }));
      });
    },
    [navigate],
  );
}
