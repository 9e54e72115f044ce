import { MAX_PAGE_SIZE, pageNumberOf, pageSizeOf, totalPagesOf, type Page } from '@ruedas/domain';
import { validationFailed } from './errors';
import type { Collection, Filter, SortSpec, StoredDocument } from './ports';

/**
 * The page number of a list operation by the domain's rule (`pageNumberOf`): the number, or a
 * VALIDATION refusal naming `field` with `invalidPageNumber`.
 */
export function pageNumber(asked: unknown, field = 'page'): number {
  const result = pageNumberOf(asked);
  if ('error' in result) throw validationFailed({ [field]: result.error });
  return result.page;
}

/**
 * Keyset (seek) pagination (issue 30): a page read after the last item of the page before it,
 * `{ sort keys after those values }`, instead of skipping the pages before it: the store reads the
 * page's items from the index and nothing before them, however deep the page. The cursor the answer
 * gives (`next`) names the page it leads to and the sort values of the last item; page numbers keep
 * working (they skip).
 */
export interface PageCursor {
  /** The number of the page the cursor leads to. */
  page: number;
  /** The sort values of the item before that page, in the sort's order. */
  after: unknown[];
}

const encodeValue = (value: unknown): unknown => (value instanceof Date ? { d: value.getTime() } : value);
const decodeValue = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && typeof (value as { d?: unknown }).d === 'number' ? new Date((value as { d: number }).d) : value;

/** The cursor of the page after `last` (page `page` + 1); null when a sort value is missing (seek cannot name the position). */
export function pageCursor(page: number, sort: SortSpec, last: Record<string, unknown> | undefined): string | null {
  if (!last) return null;
  const values = Object.keys(sort).map((key) => last[key]);
  if (values.some((value) => value === null || value === undefined)) return null;
  return Buffer.from(JSON.stringify({ p: page + 1, a: values.map(encodeValue) })).toString('base64url');
}

/** Reads a cursor `pageCursor` made for this sort; a VALIDATION refusal naming `field` (`invalidCursor`) otherwise. */
export function readPageCursor(text: unknown, sort: SortSpec, field = 'after'): PageCursor {
  const refuse = () => validationFailed({ [field]: 'invalidCursor' });
  if (typeof text !== 'string' || text.length === 0 || text.length > 1000) throw refuse();
  let parsed: { p?: unknown; a?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { p?: unknown; a?: unknown };
  } catch {
    throw refuse();
  }
  const keys = Object.keys(sort).length;
  const valid = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null && Number.isFinite((value as { d?: unknown }).d));
  if (!Number.isInteger(parsed.p) || (parsed.p as number) < 2 || !Array.isArray(parsed.a) || parsed.a.length !== keys || !parsed.a.every(valid)) throw refuse();
  return { page: parsed.p as number, after: parsed.a.map(decodeValue) };
}

/**
 * `filter` limited to the items after `after` in `sort`: for sort keys k1..kn, the items with
 * k1 past v1, or k1 = v1 and k2 past v2, ... (a `$or` of one branch per key, each served by the
 * list's index, which MongoDB merges in sort order). `filter` must hold no `$or` of its own.
 */
export function seekFilter(filter: Filter, sort: SortSpec, after: unknown[]): Filter {
  const keys = Object.entries(sort);
  const branches = keys.map(([key, direction], index) => {
    const branch: Record<string, unknown> = {};
    for (let before = 0; before < index; before += 1) branch[keys[before]![0]] = after[before];
    branch[key] = { [direction === -1 ? '$lt' : '$gt']: after[index] };
    return branch;
  });
  return { ...filter, $or: branches };
}

/**
 * One page of `collection`'s documents matching `filter` in `sort` (whose keys end in the `_id`
 * tie-breaker, so that the list's index gives the order): page `page` by number (skipping the pages
 * before it in the index), or, with `after` (the `next` of the page before), the page after that
 * page's last item by seeking (`seekFilter`: no page before it is read, however deep, and an item
 * added or removed meanwhile moves no other item across the page's edge). Both answer `next`, the
 * cursor of the page after; null on the last page. The one paging of every list that seeks (issue 30).
 */
export async function seekPage<T extends StoredDocument>(
  collection: Collection<T>,
  filter: Filter,
  sort: SortSpec,
  asked: { page?: unknown; after?: unknown; pageSize: number; projection?: Record<string, 0 | 1> },
): Promise<Page<T> & { next: string | null }> {
  const cursor = asked.after === undefined || asked.after === null ? null : readPageCursor(asked.after, sort);
  const number = cursor ? cursor.page : pageNumber(asked.page ?? 1);
  const { pageSize } = asked;
  const projection = asked.projection ? { projection: asked.projection } : {};
  const [totalItems, items] = await Promise.all([
    collection.count(filter),
    cursor
      ? collection.find(seekFilter(filter, sort, cursor.after), { sort, limit: pageSize, ...projection })
      : collection.find(filter, { sort, skip: (number - 1) * pageSize, limit: pageSize, ...projection }),
  ]);
  const totalPages = totalPagesOf(totalItems, pageSize);
  const next = number < totalPages && items.length === pageSize ? pageCursor(number, sort, items.at(-1) as unknown as Record<string, unknown>) : null;
  return { items, page: number, pageSize, totalItems, totalPages, next };
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
