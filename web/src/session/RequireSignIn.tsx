import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '../router/index';
import { useSession, useSessionActions } from './session';

/**
 * A page for signed-in users: a visitor goes to /signin, and the route is remembered when it is
 * one that returns after sign-in (Publish ad, Buy plan).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { rememberRoute } = useSessionActions();
  const { pathname } = useLocation();
  const signedIn = session.status === 'signedIn';

  const leaving = session.status === 'anonymous' && session.leaving === true;

  useEffect(() => {
    if (!signedIn && !leaving) rememberRoute(pathname);
  }, [signedIn, leaving, rememberRoute, pathname]);

  if (signedIn) return children;
  // Just logged out: the app is going home, not to the sign-in page.
  return leaving ? null : <Navigate to="/signin" replace />;
}
