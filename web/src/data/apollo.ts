import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { isSessionRefused } from './apiError';
import { newCache } from './cache';
import { requestHeaders } from './request';
import { sessionRefused } from './refused';

/** The token, and the interface language so the server's messages come translated. */
const headers = new SetContextLink((previous) => ({ headers: { ...previous.headers, ...requestHeaders() } }));

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
