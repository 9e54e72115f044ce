import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { isSessionRefused } from './account/apiError';
import { getToken } from './auth/token';
import { i18n } from './i18n';
import { newCache } from './cache';
import { sessionRefused } from './session/refused';

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

const sessionGuard = new ErrorLink(({ error }) => {
  if (isSessionRefused(error)) sessionRefused();
});

/**
 * The browser's Apollo Client: loaded when a page first needs it (`data/lazy.ts`, decision 0136), which
 * writes the server's answers of the queries on screen to its cache.
 */
export const apolloClient = new ApolloClient({
  link: ApolloLink.from([sessionGuard, headers, new HttpLink({ uri: '/graphql' })]),
  cache: newCache(),
});
