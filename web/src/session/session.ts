import { createContext, useContext } from 'react';
import type { PendingFavourite, StoredUser } from './store';

/**
 * What the header needs to know about the visitor's session, provided by SessionProvider;
 * without a provider the visitor is anonymous.
 */
export type Session =
  /** `leaving`: the user just logged out and the app is on its way home; signed-in pages render nothing meanwhile. */
  | { status: 'anonymous'; leaving?: boolean }
  /** The token was refused (error 0003 or a protected call without one): the menu asks to sign in again. */
  | { status: 'expired' }
  | { status: 'signedIn'; user: SessionUser; logout: () => void };

export interface SessionUser {
  fullName: string;
  /** An impersonator's menu holds only the name, Users maintenance and Logout. */
  impersonator: boolean;
}

/** What the account screens do to the session. */
export interface SessionActions {
  /** Keeps the token and user, switches to the user's language, goes to the remembered route or home. */
  signIn(session: { token: string; user: StoredUser }): void;
  /** After a profile edit: the names or language changed. */
  updateUser(changes: Partial<Pick<StoredUser, 'name' | 'lastName' | 'lastName2' | 'language'>>): void;
  /** A visitor opened a route that returns after sign-in (Publish ad, Buy plan). */
  rememberRoute(path: string): void;
  /** A visitor tapped an ad's favourite star on `returnTo`: after sign-in it is saved and the page reopened. */
  rememberFavourite(favourite: PendingFavourite): void;
}

export const SessionContext = createContext<Session>({ status: 'anonymous' });

export const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSession(): Session {
  return useContext(SessionContext);
}

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions needs a SessionProvider above it');
  return actions;
}
