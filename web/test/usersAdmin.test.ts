import { describe, expect, it } from 'vitest';
import { adminLinks, impersonatorAdminLinks } from '../src/admin/adminLinks';
import { DEFAULT_USER_SORT, nextSort, roleShort, statusShort, totalPages, userTypeShort, usersSearch, usersViewFromSearch } from '../src/admin/users/rules';

describe('users maintenance: short forms (spec 02 §3)', () => {
  it('shows roles by their first three letters, statuses as A, NC, B and types as I, C', () => {
    expect(['ADVERTISER', 'TESTUSER', 'ADMINISTRATOR', 'IMPERSONALIZATOR'].map((role) => roleShort(role as never))).toEqual(['ADV', 'TES', 'ADM', 'IMP']);
    expect(['ACTIVE', 'NOT_CONFIRMED', 'BLOCKED_BY_FAILS'].map((status) => statusShort(status as never))).toEqual(['A', 'NC', 'B']);
    expect(userTypeShort('PERSON')).toBe('I');
    expect(userTypeShort('CARS_SELLER_MERCHANT')).toBe('C');
  });
});

describe('users maintenance: the view in the address', () => {
  it('reads no filter, newest first, page 1 from an empty or unreadable address', () => {
    expect(usersViewFromSearch(new URLSearchParams())).toEqual({ filter: '', sort: DEFAULT_USER_SORT, page: 1 });
    expect(usersViewFromSearch(new URLSearchParams('sort=password&dir=UP&page=-2'))).toEqual({ filter: '', sort: DEFAULT_USER_SORT, page: 1 });
  });

  it('reads filter, sort and page, and writes them back leaving defaults out', () => {
    const view = usersViewFromSearch(new URLSearchParams('filter=ana&sort=email&dir=DESC&page=3'));
    expect(view).toEqual({ filter: 'ana', sort: { field: 'email', direction: 'DESC' }, page: 3 });
    expect(usersSearch(view).toString()).toBe('filter=ana&sort=email&dir=DESC&page=3');
    expect(usersSearch({ filter: '  ', sort: DEFAULT_USER_SORT, page: 1 }).toString()).toBe('');
    // A column without a direction: ascending, the creation date newest first.
    expect(usersViewFromSearch(new URLSearchParams('sort=lastName')).sort).toEqual({ field: 'lastName', direction: 'ASC' });
    expect(usersViewFromSearch(new URLSearchParams('sort=dateCreated')).sort).toEqual({ field: 'dateCreated', direction: 'DESC' });
  });

  it('turns the direction round on the same header and starts another column ascending', () => {
    expect(nextSort(DEFAULT_USER_SORT, 'dateCreated')).toEqual({ field: 'dateCreated', direction: 'ASC' });
    expect(nextSort({ field: 'email', direction: 'ASC' }, 'email')).toEqual({ field: 'email', direction: 'DESC' });
    expect(nextSort({ field: 'email', direction: 'DESC' }, 'name')).toEqual({ field: 'name', direction: 'ASC' });
  });

  it('counts the pages of a list', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});

describe('admin dropdowns (spec 02 §6)', () => {
  it('gives the administrator users maintenance and impersonal registration, and the impersonator only those two', () => {
    expect(adminLinks.map((link) => link.to)).toEqual(expect.arrayContaining(['/usersMaintenance', '/impersonalRegister']));
    expect(impersonatorAdminLinks.map((link) => link.to)).toEqual(['/usersMaintenance', '/impersonalRegister']);
  });
});
