import { MAX_PAGE_NUMBER, pageNumberOf, type Page } from '@ruedas/domain';
import { BadRequest } from './route';

/** A page number of a path or a body, by the domain's rule (`pageNumberOf`); a 400 naming the parameter otherwise. */
export function pageParameter(name: string, value: unknown): number {
  const result = pageNumberOf(value);
  if ('error' in result) throw new BadRequest(`${name}: ${result.error} (a whole number from 1 to ${MAX_PAGE_NUMBER}, got ${JSON.stringify(value ?? '')})`);
  return result.page;
}

/** A page as the legacy clients read it (spec 01 §3): items, totalItems, perPage, pageNumber, plus totalPages. */
export function restPageOf<T, R>(page: Page<T>, item: (value: T) => R) {
  return { items: page.items.map(item), totalItems: page.totalItems, perPage: page.pageSize, pageNumber: page.page, totalPages: page.totalPages };
}

/** The OpenAPI schema of such a page of `itemSchema`. */
export function restPageSchema(itemSchema: object) {
  return {
    type: 'object',
    required: ['items', 'totalItems', 'perPage', 'pageNumber', 'totalPages'],
    properties: {
      items: { type: 'array', items: itemSchema },
      totalItems: { type: 'integer' },
      perPage: { type: 'integer', description: 'The ITEMS_PER_LIST global parameter' },
      pageNumber: { type: 'integer', description: 'From 1' },
      totalPages: { type: 'integer' },
    },
  };
}
