/**
 * What a sign-in leaves in local storage (besides the token, see auth/token.ts): the session user
 * and the route to go back to after sign-in. Pure over a handed-in storage, so it is unit-tested.
 */
export interface StoredUser {
  id: string;
  name: string;
  lastName: string;
  lastName2: string;
  role: string;
  isAdmin: boolean;
  isImpersonalizator: boolean;
  language: string;
}

export const USER_KEY = 'ruedas.sessionUser';
export const POST_LOGIN_ROUTE_KEY = 'ruedas.postLoginRoute';

export const PENDING_FAVOURITE_KEY = 'ruedas.pendingFavourite';

/**
 * The routes that send a visitor to sign in and bring them back afterwards: spec 01 §2's Publish ad
 * and Buy plan, and the favourites (issue 13: a shared link to them returned home).
 */
export const RETURN_AFTER_LOGIN_ROUTES: readonly string[] = ['/opportunityRegister', '/buyPlan', '/myWhishList', '/myWishList'];

/** A favourite star tapped by a visitor stays pending this long (ms) for the sign-in to finish it. */
export const PENDING_FAVOURITE_TTL_MS = 60 * 60 * 1000;

/** A star tapped while signed out: the ad to save once signed in, and the page to return to. */
export interface PendingFavourite {
  adId: string;
  returnTo: string;
}

/** A path of this app (not another site's address, not `//host`). */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isStoredUser(value: unknown): value is StoredUser {
  if (value === null || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    ['id', 'name', 'lastName', 'lastName2', 'role', 'language'].every((key) => typeof user[key] === 'string') &&
    typeof user.isAdmin === 'boolean' &&
    typeof user.isImpersonalizator === 'boolean'
  );
}

export function createSessionStore(storage: KeyValueStorage) {
  return {
    /** The stored user, or null when none or unreadable (a corrupt entry is dropped). */
    user(): StoredUser | null {
      const text = storage.getItem(USER_KEY);
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isStoredUser(parsed)) return parsed;
      } catch {
        // fall through: unreadable
      }
      storage.removeItem(USER_KEY);
      return null;
    },
    saveUser(user: StoredUser | null): void {
      if (user) storage.setItem(USER_KEY, JSON.stringify(user));
      else storage.removeItem(USER_KEY);
    },
    /** Remembers where to go after sign-in; only the routes of the rule are kept. */
    rememberRoute(path: string): void {
      if (RETURN_AFTER_LOGIN_ROUTES.includes(path)) storage.setItem(POST_LOGIN_ROUTE_KEY, path);
    },
    /** A visitor's favourite star: kept until the next sign-in (within the hour). */
    rememberFavourite(favourite: PendingFavourite, now = Date.now()): void {
      if (!isAppPath(favourite.returnTo) || favourite.adId.trim() === '') return;
      storage.setItem(PENDING_FAVOURITE_KEY, JSON.stringify({ ...favourite, at: now }));
    },
    /** The pending favourite (once: it is forgotten), or null when none, stale or unreadable. */
    takeFavourite(now = Date.now()): PendingFavourite | null {
      const text = storage.getItem(PENDING_FAVOURITE_KEY);
      storage.removeItem(PENDING_FAVOURITE_KEY);
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as Record<string, unknown>;
        const fresh = typeof value.at === 'number' && now - value.at >= 0 && now - value.at <= PENDING_FAVOURITE_TTL_MS;
        if (fresh && typeof value.adId === 'string' && value.adId !== '' && isAppPath(value.returnTo)) return { adId: value.adId, returnTo: value.returnTo };
      } catch {
        // unreadable: none
      }
      return null;
    },
    /** The remembered route (once: it is forgotten), or home. */
    takeRoute(): string {
      const path = storage.getItem(POST_LOGIN_ROUTE_KEY);
      storage.removeItem(POST_LOGIN_ROUTE_KEY);
      return path !== null && RETURN_AFTER_LOGIN_ROUTES.includes(path) ? path : '/';
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** "Name LastName LastName2", skipping an empty second surname. */
export function fullNameOf(user: Pick<StoredUser, 'name' | 'lastName' | 'lastName2'>): string {
  return [user.name, user.lastName, user.lastName2].filter((part) => part.trim() !== '').join(' ');
}
