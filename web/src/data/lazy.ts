import type { ApolloClient, ErrorLike, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverState } from './state';
import { AnswerError, answerKey, type Answer } from './answers';
import type { DataHooks, MutateFunction, MutationOptions, MutationState, QueryOptions, QueryResult } from './hooks';
import { sendOperation } from './send';

/*
 * The browser's data hooks on a public page (decision 0136). The page is hydrated from the answers
 * the server rendered it from (`ServerState.answers`), without Apollo Client: its code, about 50 KB
 * gzipped, is loaded when the page first needs it (a query whose answer the server did not send, new
 * variables, a mutation) and never before the page is live. Then the answers of the queries on screen
 * are written to its cache, and every query on screen follows the cache from there, like
 * Apollo's own `useQuery` (a favourite starred elsewhere shows here too).
 */

type Document = TypedDocumentNode<unknown, OperationVariables>;

const answers = new Map<string, Answer>(Object.entries(serverState()?.answers ?? {}));
/** The queries rendered from an answer, with what their cache write needs. */
const rendered = new Map<string, { query: Document; variables?: OperationVariables }>();

let client: ApolloClient | null = null;
let loading: Promise<ApolloClient> | null = null;
const waiting = new Set<(client: ApolloClient) => void>();

/** The answers already in Apollo Client's cache. */
const written = new Set<string>();

/** Writes a server's answer to Apollo Client's cache, once. */
function take(apollo: ApolloClient, key: string, query: Document, variables: OperationVariables | undefined): void {
  const answer = answers.get(key);
  if (written.has(key) || !answer?.data) return;
  written.add(key);
  apollo.writeQuery({ query, variables, data: answer.data });
}

/** The address the server rendered: its answers hold only there (a navigation forgets them). */
const firstAddress = typeof location === 'undefined' ? '' : location.pathname + location.search;

/** Apollo Client, loaded once (`apollo.ts`), with the server's answers of the queries on screen in its cache. */
export function loadClient(): Promise<ApolloClient> {
  loading ??= import('./apollo').then(
    ({ apolloClient }) => {
      for (const [key, { query, variables }] of rendered) take(apolloClient, key, query, variables);
      rendered.clear();
      client = apolloClient;
      for (const resume of waiting) resume(apolloClient);
      waiting.clear();
      return apolloClient;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs `action` with Apollo Client once it is loaded (now if it is); nothing happens if it never is. */
function whenClientLoaded(action: (client: ApolloClient) => void): () => void {
  if (client) {
    action(client);
    return () => undefined;
  }
  waiting.add(action);
  return () => waiting.delete(action);
}

/**
 * The page has moved on: an answer holds no more, except one on screen waiting to be written to
 * Apollo Client's cache when it comes.
 */
function leftFirstAddress(): void {
  for (const key of answers.keys()) if (!rendered.has(key)) answers.delete(key);
}

/** Apollo Client if a page has loaded it, else null. */
export function loadedClient(): ApolloClient | null {
  return client;
}

/** Forgets every server answer (at sign-out: nothing a session saw may show to the next visitor). */
export function forgetAnswers(): void {
  answers.clear();
  rendered.clear();
  written.clear();
}

interface Snapshot {
  key: string | null;
  data: unknown;
  error: ErrorLike | undefined;
  loading: boolean;
  /** Rendered from the server's answer, not yet followed in Apollo Client's cache. */
  answered?: boolean;
}

/** What a query shows at its first render with these variables: the cache's, the server's answer, or loading. */
function firstSnapshot(key: string | null, query: Document, variables: OperationVariables | undefined): Snapshot {
  if (key === null) return { key, data: undefined, error: undefined, loading: false };
  if (answers.size > 0 && location.pathname + location.search !== firstAddress) leftFirstAddress();
  const answer = answers.get(key);
  if (answer && !client) rendered.set(key, { query, variables });
  // A part hydrated after Apollo Client came (a later part, a retried boundary) starts from the same data.
  if (answer && client) take(client, key, query, variables);
  const cached = client?.readQuery({ query, variables });
  if (cached) return { key, data: cached, error: undefined, loading: false, answered: answer !== undefined };
  if (answer) return { key, data: answer.data ?? undefined, error: answer.errors ? new AnswerError(answer.errors) : undefined, loading: false, answered: true };
  return { key, data: undefined, error: undefined, loading: true };
}

function useDeferredQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options: QueryOptions<TVariables> = {},
): QueryResult<TData> {
  const { variables, skip = false, fetchPolicy = 'cache-first', errorPolicy = 'none' } = options;
  const document = query as unknown as Document;
  const key = skip ? null : answerKey(document, variables);
  const [state, setState] = useState<Snapshot>(() => firstSnapshot(key, document, variables));
  const current = state.key === key ? state : firstSnapshot(key, document, variables);
  const answered = current.answered === true;

  // Apollo's previousData: the last data shown before the data changed.
  const shown = useRef<{ data: unknown; previous: unknown }>({ data: undefined, previous: undefined });
  if (current.data !== undefined && current.data !== shown.current.data) shown.current = { data: current.data, previous: shown.current.data };

  useEffect(() => {
    if (key === null) return;
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    const follow = (apollo: ApolloClient) => {
      if (!live) return;
      // An answer from the server is as fresh as it gets: it is read from the cache, not asked again.
      const observable = apollo.watchQuery({ query: document, variables, fetchPolicy: answered ? 'cache-first' : fetchPolicy, errorPolicy });
      subscription = observable.subscribe({
        next: (result) => live && setState({ key, data: result.data, error: result.error, loading: result.loading }),
        error: (error: ErrorLike) => live && setState({ key, data: undefined, error, loading: false }),
      });
    };
    const stop = answered ? whenClientLoaded(follow) : undefined;
    if (!answered)
      loadClient().then(follow, (error: unknown) => {
        if (live) setState({ key, data: undefined, error: error instanceof Error ? error : new Error(String(error)), loading: false });
      });
    return () => {
      live = false;
      stop?.();
      subscription?.unsubscribe();
    };
    // The variables are in the key; the document and the policies are fixed per call site.
  }, [key]);

  return {
    data: current.data as TData | undefined,
    previousData: (current.data === undefined ? shown.current.data : shown.current.previous) as TData | undefined,
    error: current.error,
    loading: current.loading,
  };
}

function useDeferredMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  options?: MutationOptions<TData, TVariables>,
): readonly [MutateFunction<TData, TVariables>, MutationState<TData>] {
  const [state, setState] = useState<MutationState<TData>>({ data: undefined, error: undefined, loading: false, called: false });
  const latest = useRef(options);
  latest.current = options;
  const mutate = useCallback<MutateFunction<TData, TVariables>>(
    async (call) => {
      setState({ data: undefined, error: undefined, loading: true, called: true });
      try {
        const options = { ...latest.current, ...call };
        // An answer for no cache (a view, a click) needs no Apollo Client: it is sent as it is.
        const result =
          options.fetchPolicy === 'no-cache' && !client && !options.update && !options.refetchQueries
            ? { data: await sendOperation(mutation, options.variables) }
            : await (await loadClient()).mutate({ ...options, mutation } as ApolloClient.MutateOptions<TData, TVariables>);
        setState({ data: result.data as TData | undefined, error: result.error, loading: false, called: true });
        return result;
      } catch (error) {
        setState({ data: undefined, error: error instanceof Error ? error : new Error(String(error)), loading: false, called: true });
        throw error;
      }
    },
    [mutation],
  );
  return [mutate, state] as const;
}

/** The browser's default data hooks (`hooks.ts`). */
export const lazyHooks: DataHooks = { useQuery: useDeferredQuery, useMutation: useDeferredMutation };
