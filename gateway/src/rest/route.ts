/**
 * One documented legacy path of `/api/v1`, mapped onto a GraphQL operation of the supergraph. The
 * facade is thin by design: rules live in the services, so REST and GraphQL answer alike.
 */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  /** The request's headers (lower-case names), e.g. `idempotency-key`. */
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * A malformed path parameter or body. Its `statusCode` makes the process's error handler answer
 * 400 `VALIDATION` with the translated message (the English detail names the field), before any
 * operation runs.
 */
export class BadRequest extends Error {
  readonly statusCode = 400;
}

/**
 * Fields of a request body refused by the domain's rules before any operation runs (a composite
 * path checks everything it will need before its first write). Answered 400 `VALIDATION` with
 * `fields` of translated message keys, as a service's refusal is.
 */
export class InvalidFields extends Error {
  constructor(
    readonly fields: Record<string, string>,
    /** Values of the messages' placeholders. */
    readonly params: Record<string, string | number> = {},
    /** The message key of the answer's `message` (`validationFailed` by default). */
    readonly summary = 'validationFailed',
  ) {
    super(`invalid fields: ${Object.keys(fields).join(', ')}`);
  }
}

/** An operation error inside a composite path (`RestRoute.run`), answered as the REST error. */
export class RestFailure extends Error {
  constructor(
    readonly error: { message: string; extensions?: Record<string, unknown> },
    /** Every error of the operation's answer (the first is `error`). */
    readonly errors: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }> = [error],
  ) {
    super(error.message);
  }
}

/** Whether a composite path's operation was refused as FORBIDDEN (the caller may not do it). */
export const isForbidden = (error: unknown): boolean => error instanceof RestFailure && error.error.extensions?.code === 'FORBIDDEN';

/** Runs one GraphQL operation of a composite path; answers its data. */
export type RestExecute = (operation: string, variables?: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/v1, fastify syntax (`/opportunity/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** Whether the spec puts it behind a token (the `protected` segment). */
  protected: boolean;
  /** The GraphQL operation it runs (unless `run` is given). */
  operation: string;
  /**
   * A path that needs several operations in turn (e.g. create an ad, then check it out): runs them
   * with `execute`, which throws the first operation error (answered as the REST error).
   */
  run?: (execute: RestExecute, request: RestRequest) => Promise<unknown>;
  /** The operation's variables; may throw `BadRequest` or `InvalidFields` (answered 400, nothing run). */
  variables?: (request: RestRequest) => Record<string, unknown>;
  /** Extra OpenAPI description of path parameters (by name), e.g. a date's format. */
  parameters?: Record<string, Record<string, unknown>>;
  /** Shapes the answer from the operation's data. */
  respond: (data: Record<string, unknown>) => unknown;
  /** JSON schema of a successful answer, for the OpenAPI description. */
  responseSchema: Record<string, unknown>;
  requestSchema?: Record<string, unknown>;
  /** The body may also be plain text (`text/plain`, or a JSON string): what that text is. */
  requestText?: string;
  /** The error answers the path gives besides 400 and 503 (and 401/403 of a protected path), e.g. 404, 409, 429. */
  errors?: ReadonlyArray<401 | 403 | 404 | 409 | 423 | 429>;
  /** Query parameters it reads, with their JSON schema (and `description`). */
  query?: Record<string, { type: string; description: string; [key: string]: unknown }>;
}
