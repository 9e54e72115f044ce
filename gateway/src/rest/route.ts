/**
 * One documented legacy path of `/api/v1`, mapped onto a GraphQL operation of the supergraph. The
 * facade is thin by design: rules live in the services, so REST and GraphQL answer alike.
 */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/v1, fastify syntax (`/opportunity/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** Whether the spec puts it behind a token (the `protected` segment). */
  protected: boolean;
  /** The GraphQL operation it runs. */
  operation: string;
  variables?: (request: RestRequest) => Record<string, unknown>;
  /** Shapes the answer from the operation's data. */
  respond: (data: Record<string, unknown>) => unknown;
  /** JSON schema of a successful answer, for the OpenAPI description. */
  responseSchema: Record<string, unknown>;
  requestSchema?: Record<string, unknown>;
}
