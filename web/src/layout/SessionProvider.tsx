import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../router';
import { CHANGE_LANGUAGE, LOGOUT } from '../account/operations';
import { ADD_TO_WISH_LIST } from '../catalogue/operations';
import { forgetAnswers, loadedClient, useMutation } from '../data';
import { onSessionRefused } from '../data/refused';
import { getToken, setToken } from '../auth/token';
import { onLanguageChosen, setUserLanguage } from '../i18n';
import { useHydrated } from '../ssr/env';
import { SessionActionsContext, SessionContext, type Session, type SessionActions } from '../session/session';
import { createSessionStore, fullNameOf, type PendingFavourite, type StoredUser } from '../session/store';
import { apiLanguage } from '../i18n/apiLanguage';

// The server renders public pages for a visitor: it has no local storage (and no session).
const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
const store = createSessionStore(typeof localStorage === 'undefined' ? noStorage : localStorage);

type State = { status: 'anonymous'; leaving?: boolean } | { status: 'expired' } | { status: 'signedIn'; user: StoredUser };

const VISITOR: State = { status: 'anonymous' };

function restored(): State {
  if (typeof localStorage === 'undefined') return VISITOR;
  const user = store.user();
  return user && getToken() ? { status: 'signedIn', user } : VISITOR;
}

function forgetSession(): void {
  setToken(null);
  store.saveUser(null);
  setUserLanguage(null);
  forgetAnswers();
  void loadedClient()?.clearStore();
}

/**
 * Holds the sign-in (token and user in local storage), switches the interface to the user's
 * language, saves a language choice to the account, and forces the logout on any 0003 answer.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [stored, setState] = useState<State>(restored);
  // The server's HTML is a visitor's page: it is hydrated as such, then the stored session shows.
  const hydrated = useHydrated();
  const state: State = hydrated ? stored : VISITOR;
  const [logoutMutation] = useMutation(LOGOUT);
  const [changeLanguage] = useMutation(CHANGE_LANGUAGE);
  const [addFavourite] = useMutation(ADD_TO_WISH_LIST, { update: (cache) => void cache.evict({ fieldName: 'myWishList' }) });
  const signedInUser = state.status === 'signedIn' ? state.user : null;

  useEffect(() => {
    if (signedInUser) setUserLanguage(signedInUser.language);
  }, [signedInUser]);

  useEffect(
    () =>
      onSessionRefused(() => {
        forgetSession();
        setState({ status: 'expired' });
        void navigate('/signin');
      }),
    [navigate],
  );

  useEffect(() => {
    if (!signedInUser) return;
    return onLanguageChosen((language) => {
      const user = { ...signedInUser, language };
      store.saveUser(user);
      setState({ status: 'signedIn', user });
      void changeLanguage({ variables: { language: apiLanguage(language) } }).catch(() => undefined);
    });
  }, [signedInUser, changeLanguage]);

  const signIn = useCallback<SessionActions['signIn']>(
    ({ token, user }) => {
      setToken(token);
      store.saveUser(user);
      setState({ status: 'signedIn', user });
      // A favourite star tapped before signing in: saved now, and back to the page it was tapped on.
      const favourite = store.takeFavourite();
      const route = store.takeRoute();
      if (favourite) {
        void addFavourite({ variables: { opportunityId: favourite.adId } }).catch(() => undefined);
        void navigate(favourite.returnTo);
      } else {
        void navigate(route);
      }
    },
    [navigate, addFavourite],
  );

  const logout = useCallback(() => {
    // The server ends the session everywhere; locally it ends even if that call fails.
    void logoutMutation()
      .catch(() => undefined)
      .finally(() => {
        forgetSession();
        // Home is a lazy page: while it loads, the signed-in page stays mounted and would send the
        // visitor to /signin. `leaving` tells it to render nothing until home is reached.
        setState({ status: 'anonymous', leaving: true });
        void navigate('/');
      });
  }, [logoutMutation, navigate]);

  const leaving = state.status === 'anonymous' && state.leaving === true;
  useEffect(() => {
    if (leaving && pathname === '/') setState({ status: 'anonymous' });
  }, [leaving, pathname]);

  const updateUser = useCallback<SessionActions['updateUser']>((changes) => {
    setState((current) => {
      if (current.status !== 'signedIn') return current;
      const user = { ...current.user, ...changes };
      store.saveUser(user);
      return { status: 'signedIn', user };
    });
  }, []);

  const rememberRoute = useCallback((path: string) => store.rememberRoute(path), []);
  const rememberFavourite = useCallback((favourite: PendingFavourite) => store.rememberFavourite(favourite), []);

  const session = useMemo<Session>(
    () =>
      state.status === 'signedIn'
        ? {
            status: 'signedIn',
            user: { fullName: fullNameOf(state.user), impersonator: state.user.isImpersonalizator },
            logout,
          }
        : state,
    [state, logout],
  );
  const actions = useMemo<SessionActions>(
    () => ({ signIn, updateUser, rememberRoute, rememberFavourite }),
    [signIn, updateUser, rememberRoute, rememberFavourite],
  );

  return (
    <SessionContext value={session}>
      <SessionActionsContext value={actions}>{children}</SessionActionsContext>
    </SessionContext>
  );
}
