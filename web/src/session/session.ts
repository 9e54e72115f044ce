import { createContext, useContext } from 'react';

/**
 * What the header needs to know about the visitor's session. The accounts work provides it
 * with <SessionContext value={...}>; without a provider the visitor is anonymous.
 */
export type Session =
  | { status: 'anonymous' }
  /** The token was refused (error 0003 or a protected call without one): the menu asks to sign in again. */
  | { status: 'expired' }
  | { status: 'signedIn'; user: SessionUser; logout: () => void };

export interface SessionUser {
  fullName: string;
  /** An impersonator's menu holds only the name and Logout. */
  impersonator: boolean;
}

export const SessionContext = createContext<Session>({ status: 'anonymous' });

export function useSession(): Session {
  return useContext(SessionContext);
}
