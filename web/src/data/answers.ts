import type { GraphQLFormattedError } from 'graphql';

/** A query's answer as the server rendered the page from it (decision 0136). */
export interface Answer {
  data?: unknown;
  /** The GraphQL errors of an answer that failed (a network failure is not kept: the browser asks again). */
  errors?: readonly GraphQLFormattedError[];
}

/** The server's answers of a page, by `answerKey`. */
export type Answers = Record<string, Answer>;

interface Named {
  definitions: ReadonlyArray<{ kind: string; name?: { value: string } }>;
}

/** Object keys sorted, `undefined` dropped: the same variables give the same text on the server and in the browser. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = canonical(item);
  }
  return sorted;
}

/** The key of one query with its variables: the operation's name and the variables' canonical JSON. */
export function answerKey(query: Named, variables?: object): string {
  const operation = query.definitions.find((definition) => definition.kind === 'OperationDefinition');
  return `${operation?.name?.value ?? '?'}:${JSON.stringify(canonical(variables ?? {}))}`;
}

/**
 * A failed answer as the page's code sees it: like Apollo Client's `CombinedGraphQLErrors`, an
 * `Error` with the GraphQL `errors` (`data/apiError.ts` reads either).
 */
export class AnswerError extends Error {
  readonly errors: readonly GraphQLFormattedError[];
  constructor(errors: readonly GraphQLFormattedError[]) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'CombinedGraphQLErrors';
    this.errors = errors;
  }
}

/** An error that carries GraphQL errors: Apollo Client's `CombinedGraphQLErrors` or an `AnswerError`. */
export function hasGraphQLErrors(error: unknown): error is Error & { errors: readonly GraphQLFormattedError[] } {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}
