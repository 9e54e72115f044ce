import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, useSessionActions } from '../session/session';

/**
 * A page for signed-in users: a visitor goes to /signin, and the route is remembered when it is
 * one that returns after sign-in (Publish ad, Buy plan).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { rememberRoute } = useSessionActions();
  const { pathname } = useLocation();
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) rememberRoute(pathname);
  }, [signedIn, rememberRoute, pathname]);

  return signedIn ? children : <Navigate to="/signin" replace />;
}
