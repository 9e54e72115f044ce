import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line of one piece of work carries (decision 0165): the request it serves (a
 * client's HTTP request, or the request whose event a consumer handles) and, once a service has
 * verified the caller's session, who asked. Held in an AsyncLocalStorage, so code far from the
 * request (a resolver, the store, a mail) logs it without passing it along.
 */
export interface WorkScope {
  requestId?: string;
  userId?: string;
  /** The GraphQL operation served, as its client named it (the first named: the gateway's). */
  operation?: string;
}

const storage = new AsyncLocalStorage<WorkScope>();

/** The scope of the work running now, if any. */
export function currentScope(): WorkScope | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) in `scope`. */
export function runInScope<T>(scope: WorkScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The header that carries the request id: from the client, to the subgraphs, in the answer, in events. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A client's request id is taken when it is a plain token a log can hold (UUIDs, ULIDs, proxies' ids). */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+/=-]{0,127}$/;

/** The client's `X-Request-Id` when it is one we can log safely, else a fresh one. */
export function acceptRequestId(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && REQUEST_ID.test(text) ? text : randomUUID();
}

/** A GraphQL server resolved the operation of the request being served. */
export function noteOperation(name: string): void {
  const scope = storage.getStore();
  if (scope && scope.operation === undefined) scope.operation = name;
}

/** A service verified the session of the request being served: its lines name the user from now on. */
export function noteUser(userId: string): void {
  const scope = storage.getStore();
  if (scope && scope.userId === undefined) scope.userId = userId;
}
