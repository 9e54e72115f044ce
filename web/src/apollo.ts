import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { getToken } from './auth/token';

const bearer = new SetContextLink((previous) => {
  const token = getToken();
  return token ? { headers: { ...previous.headers, Authorization: `Bearer ${token}` } } : {};
});

export const apolloClient = new ApolloClient({
  link: ApolloLink.from([bearer, new HttpLink({ uri: '/graphql' })]),
  cache: new InMemoryCache(),
});
