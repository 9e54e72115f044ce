import type { ApolloClient, ErrorLike, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation as useApolloMutation } from '@apollo/client/react';
import { use } from 'react';
import { answerKey, hasGraphQLErrors, type Answers } from './answers';
import type { DataHooks, MutationOptions, QueryOptions, QueryResult } from './hooks';

/** A query's answer as the server's render shows it. */
interface Settled {
  data: unknown;
  error: ErrorLike | undefined;
  /** The page gave up waiting (the render's signal): the query shows as loading, and the browser asks again. */
  loading: boolean;
}

const NOTHING: QueryResult<never> = { data: undefined, previousData: undefined, error: undefined, loading: false };

/**
 * The server's data hooks (decisions 0136, 0228): a query suspends the part of the page that asks it
 * (React's `use`) until its answer comes, and React renders that part again then, the rest of the page
 * staying rendered. So a page is rendered once, not once per level of its query waterfall, and each
 * query is sent as soon as the part that needs it is reached (the footer's and the page's in parallel).
 * Every answer the page showed is kept in `answers` for the browser to hydrate from, as the browser's
 * hooks (`lazy.ts`) read them: data, GraphQL errors or both. A query asked with the same variables by
 * two parts is sent once. When `signal` aborts, what has not come shows as loading.
 */
export function suspenseHooks(client: ApolloClient, answers: Answers, signal?: AbortSignal): DataHooks {
  /** Each query's answer, as a promise React's `use` reads without waiting once it has settled. */
  const asked = new Map<string, Promise<Settled> & { status?: 'fulfilled'; value?: Settled }>();

  function ask(key: string, query: TypedDocumentNode<unknown, OperationVariables>, options: QueryOptions<OperationVariables>): Promise<Settled> {
    let answer = asked.get(key);
    if (answer) return answer;
    const fetched = client
      .query({ query, ...(options.variables ? { variables: options.variables } : {}), errorPolicy: options.errorPolicy ?? 'none', fetchPolicy: 'cache-first' })
      .then(
        (result): Settled => ({ data: result.data, error: result.error, loading: false }),
        (error: unknown): Settled => ({ data: undefined, error: error instanceof Error ? error : new Error(String(error)), loading: false }),
      );
    const gaveUp = new Promise<Settled>((resolve) => {
      const stop = () => resolve({ data: undefined, error: undefined, loading: true });
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
    });
    const settling: Promise<Settled> & { status?: 'fulfilled'; value?: Settled } = Promise.race([fetched, gaveUp]).then((settled) => {
      settling.status = 'fulfilled';
      settling.value = settled;
      return settled;
    });
    answer = settling;
    asked.set(key, answer);
    return answer;
  }

  return {
    useQuery<TData, TVariables extends OperationVariables>(
      query: TypedDocumentNode<TData, TVariables>,
      options: QueryOptions<TVariables> = {},
    ): QueryResult<TData> {
      if (options.skip) return NOTHING;
      const key = answerKey(query, options.variables);
      // Every query through `use`, in the same order at each render of the part: React matches a
      // render's `use` calls to the previous render's by their order.
      const settled = use(ask(key, query as never, options as QueryOptions<OperationVariables>));
      if (!settled.loading) {
        // Data, errors or both (`errorPolicy: 'all'`); a failure without GraphQL errors is not kept (the browser asks again).
        const errors = hasGraphQLErrors(settled.error) ? settled.error.errors : undefined;
        if (settled.data !== undefined || errors)
          answers[key] = { ...(settled.data !== undefined ? { data: settled.data } : {}), ...(errors ? { errors } : {}) };
      }
      return { data: settled.data as TData | undefined, previousData: undefined, error: settled.error, loading: settled.loading };
    },
    useMutation<TData, TVariables extends OperationVariables>(mutation: TypedDocumentNode<TData, TVariables>, options?: MutationOptions<TData, TVariables>) {
      const [mutate, state] = useApolloMutation(mutation, options as never);
      return [mutate as never, { data: state.data as TData | undefined, error: state.error, loading: state.loading, called: state.called }] as const;
    },
  };
}
