import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { ApolloProvider, getApolloContext, useMutation as useApolloMutation, useQuery as useApolloQuery } from '@apollo/client/react';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { answerKey, hasGraphQLErrors, type Answers } from './answers';
import { DataHooksProvider, type DataHooks, type MutationOptions, type QueryOptions, type QueryResult } from './hooks';

function useQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options?: QueryOptions<TVariables>,
): QueryResult<TData> {
  const result = useApolloQuery(query, (options ?? {}) as never);
  return { data: result.data as TData | undefined, previousData: result.previousData as TData | undefined, error: result.error, loading: result.loading };
}

function useMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  options?: MutationOptions<TData, TVariables>,
) {
  const [mutate, state] = useApolloMutation(mutation, options as never);
  return [mutate as never, { data: state.data as TData | undefined, error: state.error, loading: state.loading, called: state.called }] as const;
}

/** Apollo Client's own hooks, as the data hooks (`hooks.ts`). */
export const apolloHooks: DataHooks = { useQuery, useMutation };

/**
 * Apollo Client's hooks that also keep each query's answer, for the browser to hydrate the page from
 * (the server's render, decision 0136). The last render of the page, made from the full cache, leaves
 * the answers it showed.
 */
export function recordingHooks(answers: Answers): DataHooks {
  return {
    useQuery<TData, TVariables extends OperationVariables>(query: TypedDocumentNode<TData, TVariables>, options?: QueryOptions<TVariables>) {
      const result = useQuery(query, options);
      if (!options?.skip && !result.loading) {
        // Data, errors or both (`errorPolicy: 'all'`): the browser hydrates from what the page showed.
        const errors = hasGraphQLErrors(result.error) ? result.error.errors : undefined;
        if (result.data !== undefined || errors)
          answers[answerKey(query, options?.variables)] = { ...(result.data !== undefined ? { data: result.data } : {}), ...(errors ? { errors } : {}) };
      }
      return result;
    },
    useMutation,
  };
}

/** The components below use `client` through Apollo Client's own hooks. */
export function ApolloData({ client, hooks = apolloHooks, children }: { client: ApolloClient; hooks?: DataHooks; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <DataHooksProvider value={hooks}>{children}</DataHooksProvider>
    </ApolloProvider>
  );
}

/**
 * A screen or part loaded on demand, with Apollo Client's hooks: the client of an `ApolloProvider`
 * above it (a test's mocks), else the browser's.
 */
export function withApollo<P extends object>(client: ApolloClient, Component: ComponentType<P>): ComponentType<P> {
  const WithApollo = (props: P) => (
    <ApolloData client={useContext(getApolloContext()).client ?? client}>
      <Component {...props} />
    </ApolloData>
  );
  WithApollo.displayName = `WithApollo(${Component.displayName ?? Component.name})`;
  return WithApollo;
}
