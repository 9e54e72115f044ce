import type { MessageKey } from './messages';

/**
 * One page vocabulary for the API's lists (decision 0069): `page` counts from 1, `pageSize` is
 * bounded by MAX_PAGE_SIZE and defaults to the ITEMS_PER_LIST global parameter; a page answers
 * `items`, `page`, `pageSize`, `totalItems` and `totalPages`.
 */
export const MAX_PAGE_SIZE = 50;

/** The highest page number a list answers; a larger one is refused like page 0 (decision 0090). */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The page number asked: a whole number from 1 to MAX_PAGE_NUMBER, as a number or as the text of a
 * path or body (`3`: digits only, no sign, no leading zero); anything else is `invalidPageNumber`.
 * The one rule of every list's page, in GraphQL and REST alike.
 */
export function pageNumberOf(asked: unknown): { page: number } | { error: 'invalidPageNumber' } {
  const text = typeof asked === 'string' ? asked.trim() : null;
  const page = text === null ? asked : /^[1-9]\d{0,6}$/.test(text) ? Number(text) : Number.NaN;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > MAX_PAGE_NUMBER) return { error: 'invalidPageNumber' };
  return { page };
}

/** The page size asked (`undefined`/null: the default), or the message key of a size out of 1..MAX_PAGE_SIZE. */
export function pageSizeOf(asked: unknown, fallback: number): { size: number } | { error: MessageKey } {
  if (asked === undefined || asked === null) return { size: fallback };
  if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1 || asked > MAX_PAGE_SIZE) return { error: 'invalidPageSize' };
  return { size: asked };
}

/** One page of a list, as every list operation answers it. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  /**
   * Lists that seek (issue 30): the cursor of the page after this one (`after`), read from the index
   * without the pages before it; null on the last page.
   */
  next?: string | null;
}

/** How many pages `totalItems` fill at `pageSize` a page (0 for none). */
export const totalPagesOf = (totalItems: number, pageSize: number) => Math.ceil(totalItems / Math.max(1, pageSize));
