import { pageNumberOf, USER_STATUS_SHORT, USER_TYPE_SHORT, type Role, type UserStatus, type UserType } from '@ruedas/domain';

/**
 * The users maintenance screen's rules (spec 02 §2, §3), pure so they are unit-tested: the short
 * forms of the table, and the filter, sort and page kept in the address
 * (`?filter=ana&sort=email&dir=ASC&page=2`), so back, forward and a shared link keep the view.
 */

/** The columns the server sorts by (identity's UserSortField). */
export const USER_SORT_FIELDS = ['name', 'lastName', 'email', 'role', 'status', 'dateCreated'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** The API's name of each column (UPPER_SNAKE_CASE; the lower-case names are deprecated). The address keeps the short ones. */
export const API_SORT_FIELDS = {
  name: 'NAME',
  lastName: 'LAST_NAME',
  email: 'EMAIL',
  role: 'ROLE',
  status: 'STATUS',
  dateCreated: 'DATE_CREATED',
} as const satisfies Record<UserSortField, string>;
export type SortDirection = 'ASC' | 'DESC';

export interface UserSort {
  field: UserSortField;
  direction: SortDirection;
}

/** The server's default order: newest accounts first. */
export const DEFAULT_USER_SORT: UserSort = { field: 'dateCreated', direction: 'DESC' };

/** A role by its first three letters: ADV, TES, ADM, IMP. */
export const roleShort = (role: Role): string => role.slice(0, 3);
/** A status as A, NC or B. */
export const statusShort = (status: UserStatus): string => USER_STATUS_SHORT[status];
/** A user type as I (individual) or C (commerce). */
export const userTypeShort = (type: UserType): string => USER_TYPE_SHORT[type];

const isSortField = (value: string): value is UserSortField => (USER_SORT_FIELDS as readonly string[]).includes(value);

export interface UsersView {
  filter: string;
  sort: UserSort;
  page: number;
}

/** The view of an address; anything unreadable falls back to no filter, newest first, page 1. */
export function usersViewFromSearch(search: URLSearchParams): UsersView {
  const field = search.get('sort') ?? '';
  const dir = search.get('dir');
  const sort: UserSort = isSortField(field)
    ? { field, direction: dir === 'DESC' ? 'DESC' : dir === 'ASC' ? 'ASC' : field === 'dateCreated' ? 'DESC' : 'ASC' }
    : DEFAULT_USER_SORT;
  const page = pageNumberOf(search.get('page') ?? '');
  return {
    filter: (search.get('filter') ?? '').slice(0, 100),
    sort,
    page: 'page' in page ? page.page : 1,
  };
}

/** The address of a view (default values left out). */
export function usersSearch(view: UsersView): URLSearchParams {
  const search = new URLSearchParams();
  const filter = view.filter.trim();
  if (filter) search.set('filter', filter);
  if (view.sort.field !== DEFAULT_USER_SORT.field || view.sort.direction !== DEFAULT_USER_SORT.direction) {
    search.set('sort', view.sort.field);
    search.set('dir', view.sort.direction);
  }
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

/**
 * A click on a column header: the same column turns its direction round; another column starts
 * ascending (the creation date newest first). The page goes back to 1 either way.
 */
export function nextSort(current: UserSort, field: UserSortField): UserSort {
  if (current.field === field) return { field, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { field, direction: field === 'dateCreated' ? 'DESC' : 'ASC' };
}

/** Pages of a list of `totalItems` at `perPage` each (at least 1). */
export const totalPages = (totalItems: number, perPage: number): number => Math.max(1, Math.ceil(totalItems / Math.max(1, perPage)));
