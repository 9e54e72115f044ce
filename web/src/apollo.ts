import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { isSessionRefused } from './account/apiError';
import { getToken } from './auth/token';
import { i18n } from './i18n';
import { newCache } from './cache';
import { serverState } from './ssr/state';

/** The token, and the interface language so the server's messages come translated. */
const headers = new SetContextLink((previous) => {
  const token = getToken();
  return {
    headers: {
      ...previous.headers,
      'Accept-Language': i18n.language || 'es',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
});

type Listener = () => void;
const refusedListeners = new Set<Listener>();

/** Be told whenever a call answers 0003; the session provider forces the logout. */
export function onSessionRefused(listener: Listener): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

const sessionGuard = new ErrorLink(({ error }) => {
  if (isSessionRefused(error)) for (const listener of refusedListeners) listener();
});

export const apolloClient = new ApolloClient({
  link: ApolloLink.from([sessionGuard, headers, new HttpLink({ uri: '/graphql' })]),
  // A server-rendered page carries the answers it was rendered from: hydration starts from them.
  cache: newCache().restore(serverState()?.apollo ?? {}),
  // ...and the page's cache-and-network queries do not ask again while it hydrates.
  ssrForceFetchDelay: 100,
});
