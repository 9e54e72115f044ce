import type { ApolloClient, ErrorLike, ErrorPolicy, OperationVariables, TypedDocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { createContext, useContext } from 'react';
import { lazyHooks } from './lazy';

/** What the pages ask of a query: the subset of Apollo Client's `useQuery` they use. */
export interface QueryOptions<TVariables> {
  variables?: TVariables;
  skip?: boolean;
  fetchPolicy?: WatchQueryFetchPolicy;
  errorPolicy?: ErrorPolicy;
}

export interface QueryResult<TData> {
  data: TData | undefined;
  /** The data before the variables last changed (kept on screen while the new answer loads). */
  previousData: TData | undefined;
  error: ErrorLike | undefined;
  loading: boolean;
}

export type MutationOptions<TData, TVariables extends OperationVariables> = Partial<Omit<ApolloClient.MutateOptions<TData, TVariables>, 'mutation'>>;

export interface MutationState<TData> {
  data: TData | undefined;
  error: ErrorLike | undefined;
  loading: boolean;
  called: boolean;
}

export type MutateFunction<TData, TVariables extends OperationVariables> = (
  options?: MutationOptions<TData, TVariables>,
) => Promise<ApolloClient.MutateResult<TData>>;

/** One implementation of the data hooks: Apollo Client's own, or the browser's deferred one (decision 0136). */
export interface DataHooks {
  useQuery<TData, TVariables extends OperationVariables>(query: TypedDocumentNode<TData, TVariables>, options?: QueryOptions<TVariables>): QueryResult<TData>;
  useMutation<TData, TVariables extends OperationVariables>(
    mutation: TypedDocumentNode<TData, TVariables>,
    options?: MutationOptions<TData, TVariables>,
  ): readonly [MutateFunction<TData, TVariables>, MutationState<TData>];
}

const DataHooksContext = createContext<DataHooks>(lazyHooks);

/**
 * Which implementation the components below use: the server (and each screen rendered in the browser
 * only) gives Apollo Client's; public pages in the browser use the deferred one by default.
 */
export const DataHooksProvider = DataHooksContext.Provider;

/** Apollo Client's `useQuery`, as far as the pages use it; in a hydrated public page, without Apollo Client loaded yet. */
export function useQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options?: QueryOptions<TVariables>,
): QueryResult<TData> {
  return useContext(DataHooksContext).useQuery(query, options);
}

/** Apollo Client's `useMutation`, as far as the pages use it; Apollo Client is loaded at the first call if it is not yet. */
export function useMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  options?: MutationOptions<TData, TVariables>,
): readonly [MutateFunction<TData, TVariables>, MutationState<TData>] {
  return useContext(DataHooksContext).useMutation(mutation, options);
}
