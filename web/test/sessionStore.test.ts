import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { createSessionStore, fullNameOf, PENDING_FAVOURITE_TTL_MS, POST_LOGIN_ROUTE_KEY, USER_KEY, type StoredUser } from '../src/session/store';

const user: StoredUser = {
  id: 'u1',
  name: 'Ana',
  lastName: 'Mora',
  lastName2: '',
  role: 'ADVERTISER',
  isAdmin: false,
  isImpersonalizator: false,
  language: 'en',
};

describe('session store', () => {
  it('keeps the session user under the ruedas. prefix and forgets it', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.saveUser(user);
    expect(storage.items.has(USER_KEY)).toBe(true);
    expect(USER_KEY.startsWith('ruedas.')).toBe(true);
    expect(store.user()).toEqual(user);
    store.saveUser(null);
    expect(store.user()).toBeNull();
  });

  it('drops an unreadable or incomplete stored user', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    storage.setItem(USER_KEY, '{not json');
    expect(store.user()).toBeNull();
    storage.setItem(USER_KEY, JSON.stringify({ ...user, isAdmin: 'no' }));
    expect(store.user()).toBeNull();
    expect(storage.items.has(USER_KEY)).toBe(false);
  });

  it('returns after sign-in to Publish ad or Buy plan only, once', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.rememberRoute('/editprofile');
    expect(store.takeRoute()).toBe('/');
    store.rememberRoute('/buyPlan');
    expect(store.takeRoute()).toBe('/buyPlan');
    expect(store.takeRoute()).toBe('/');
    storage.setItem(POST_LOGIN_ROUTE_KEY, 'https://evil.example/');
    expect(store.takeRoute()).toBe('/');
  });

  it('names the user without an empty second surname', () => {
    expect(fullNameOf(user)).toBe('Ana Mora');
    expect(fullNameOf({ ...user, lastName2: 'Solís' })).toBe('Ana Mora Solís');
  });
});

describe('pending favourite (issue 13 item 7)', () => {
  it("keeps a visitor's favourite star until the next sign-in, once, within the hour, on a path of the app only", () => {
    const store = createSessionStore(memoryStorage());
    store.rememberFavourite({ adId: 'ad-1', returnTo: '/opportunity/ad-1?x=1' }, 1_000);
    expect(store.takeFavourite(2_000)).toEqual({ adId: 'ad-1', returnTo: '/opportunity/ad-1?x=1' });
    expect(store.takeFavourite(2_000)).toBeNull();
    store.rememberFavourite({ adId: 'ad-1', returnTo: '/' }, 1_000);
    expect(store.takeFavourite(1_000 + PENDING_FAVOURITE_TTL_MS + 1)).toBeNull();
    store.rememberFavourite({ adId: 'ad-1', returnTo: '//evil.example/' }, 1_000);
    store.rememberFavourite({ adId: 'ad-1', returnTo: 'https://evil.example/' }, 1_000);
    expect(store.takeFavourite(1_000)).toBeNull();
    store.rememberRoute('/myWhishList');
    expect(store.takeRoute()).toBe('/myWhishList');
  });
});
