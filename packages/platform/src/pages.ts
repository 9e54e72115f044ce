import { MAX_PAGE_SIZE, pageNumberOf, pageSizeOf, totalPagesOf, type Page } from '@ruedas/domain';
import { validationFailed } from './errors';

/**
 * The page number of a list operation by the domain's rule (`pageNumberOf`): the number, or a
 * VALIDATION refusal naming `field` with `invalidPageNumber`.
 */
export function pageNumber(asked: unknown, field = 'page'): number {
  const result = pageNumberOf(asked);
  if ('error' in result) throw validationFailed({ [field]: result.error });
  return result.page;
}

/** A page asked of a list: its number, its size (bounded, decision 0069) and how many items come before it. */
export interface PageRequest {
  page: number;
  pageSize: number;
  skip: number;
}

/**
 * The `page` and `pageSize` arguments of a list by the one page rule: page from 1 (`invalidPageNumber`
 * otherwise), size 1 to MAX_PAGE_SIZE (`invalidPageSize` otherwise), `fallback` when left out. Both
 * refused at once as a VALIDATION error naming the fields.
 */
export function pageRequest(args: { page?: unknown; pageSize?: unknown }, fallback: number): PageRequest {
  const number = pageNumberOf(args.page ?? 1);
  const size = pageSizeOf(args.pageSize, Math.min(MAX_PAGE_SIZE, Math.max(1, Math.round(fallback))));
  const errors = { ...('error' in number ? { page: number.error } : {}), ...('error' in size ? { pageSize: size.error } : {}) };
  if ('error' in number || 'error' in size) throw validationFailed(errors);
  return { page: number.page, pageSize: size.size, skip: (number.page - 1) * size.size };
}

/** The page answer (`items`, `page`, `pageSize`, `totalItems`, `totalPages`) of `items` read for `request`. */
export function pageAnswer<T>(items: T[], totalItems: number, request: PageRequest): Page<T> {
  return { items, page: request.page, pageSize: request.pageSize, totalItems, totalPages: totalPagesOf(totalItems, request.pageSize) };
}

/** One page of a list held whole in memory (a report computed from indexed reads). */
export function pageOfList<T>(all: readonly T[], request: PageRequest): Page<T> {
  return pageAnswer(all.slice(request.skip, request.skip + request.pageSize), all.length, request);
}
