import type { MessageKey } from './messages';

/**
 * One page vocabulary for the API's lists (decision 0069): `page` counts from 1, `pageSize` is
 * bounded by MAX_PAGE_SIZE and defaults to the ITEMS_PER_LIST global parameter; a page answers
 * `items`, `page`, `pageSize`, `totalItems` and `totalPages`.
 */
export const MAX_PAGE_SIZE = 50;

/** The page size asked (`undefined`/null: the default), or the message key of a size out of 1..MAX_PAGE_SIZE. */
export function pageSizeOf(asked: unknown, fallback: number): { size: number } | { error: MessageKey } {
  if (asked === undefined || asked === null) return { size: fallback };
  if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1 || asked > MAX_PAGE_SIZE) return { error: 'invalidPageSize' };
  return { size: asked };
}

/** How many pages `totalItems` fill at `pageSize` a page (0 for none). */
export const totalPagesOf = (totalItems: number, pageSize: number) => Math.ceil(totalItems / Math.max(1, pageSize));
