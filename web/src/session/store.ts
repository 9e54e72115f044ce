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

/** The routes that send a visitor to sign in and bring them back afterwards (spec 01 §2). */
export const RETURN_AFTER_LOGIN_ROUTES: readonly string[] = ['/opportunityRegister', '/buyPlan'];

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
