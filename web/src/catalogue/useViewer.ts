import { useQuery } from '../data';
import { useSession } from '../session/session';
import { VIEWER } from './operations';

export interface Viewer {
  signedIn: boolean;
  /** Null for a visitor, and while the account is being read. */
  userId: string | null;
  isAdmin: boolean;
  /** An impersonator gets no favourite star and no edit button (spec 01 §6). */
  impersonator: boolean;
}

/**
 * Who is looking at the catalogue. The session knows whether someone is signed in; the account's
 * id and admin flag come from the server, which checks every action again anyway.
 */
export function useViewer(): Viewer {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const { data } = useQuery(VIEWER, { skip: !signedIn });
  const me = signedIn ? data?.me : undefined;
  return {
    signedIn,
    userId: me?.id ?? null,
    isAdmin: me?.isAdmin ?? false,
    impersonator: signedIn && (session.user.impersonator || (me?.isImpersonalizator ?? false)),
  };
}
