import { useCallback, useEffect, useMemo } from 'react';
import { useParams as useWouterParams } from 'wouter';
import type { Location, NavigateOptions, To } from './history';
import { decodeParam } from './match';
import { useRouter } from './Router';

/** The shown location: pathname, search, hash, the state a navigation handed over, and the entry's key. */
export function useLocation(): Location {
  return useRouter().location;
}

/** Moves to a path (or its parts), or through the history by a number of entries (-1: back). */
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

/** A stable function that navigates; its promise resolves once the history has moved. */
export function useNavigate(): NavigateFunction {
  const { navigate } = useRouter();
  return useCallback(
    (to, options) => {
      navigate(to, options);
      return Promise.resolve();
    },
    [navigate],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string | string[]> | ((previous: URLSearchParams) => URLSearchParams);

function searchParams(init: Exclude<SearchInit, (previous: URLSearchParams) => URLSearchParams>): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  return params;
}

/**
 * The query of the shown location, and a setter that navigates to the same path with another query.
 * The setter does nothing once the history has left the shown path: a page stays shown while the
 * next page's chunk loads (a transition), and a query it sets then (a debounced filter firing after a
 * click on a link) would replace the entry being opened with the page being left.
 */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const text = searchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate({ pathname: location.pathname, search: text ? `?${text}` : '' }, { ...options, from: location.pathname });
    },
    [navigate, location.pathname, params],
  );
  return [params, set];
}

/** The named parameters of the matched route (`/opportunity/:id` gives `{ id }`), decoded. */
export function useParams(): Readonly<Partial<Record<string, string>>> {
  const params = useWouterParams();
  return useMemo(() => {
    const named: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) if (!/^\d+$/.test(key) && typeof value === 'string') named[key] = decodeParam(value);
    return named;
  }, [params]);
}

/** Navigates once rendered (a guard sending a visitor elsewhere). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
