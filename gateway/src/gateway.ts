import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import {
  executeInProcess,
  errorFormatter,
  translatedErrors,
  localeFrom,
  pickForwardedHeaders,
  observedOperations,
  traceHeaders,
  ConfigError,
  ByteBoundedCache,
  GRAPHQL_CACHE_BYTES,
  jsonBytes,
  boundedDocumentStore,
  boundedPersistedQueries,
  isRateLimitNote,
  tightestRateLimit,
  type RateLimitNote,
  type Locale,
  type Translator,
  type Logger,
  type RequestContext,
  type SubgraphDefinition,
} from '@ruedas/platform';
import { supergraphOf } from './compose';
import { DEFAULT_LIMITS, requestLimits, limitRefusal, type RequestLimits } from './limits';
import { cacheableReads } from './cacheable';
import { typedInputs } from './typed-inputs';

/** A query plan, as the gateway's plan cache keeps it. */
type QueryPlanCache = NonNullable<NonNullable<NonNullable<ConstructorParameters<typeof ApolloGateway>[0]>['queryPlannerConfig']>['cache']>;
type QueryPlan = Parameters<QueryPlanCache['set']>[1];

/** The gateway's request context: the headers it forwards to subgraphs, which verify them. */
export interface GatewayContext {
  headers: Record<string, string>;
  locale: Locale;
  /** The request limits the subgraphs counted this request against (their `extensions.rateLimit`), for the `RateLimit-*` headers. */
  rateLimits?: RateLimitNote[];
}

/**
 * The gateway context of an incoming request. Subgraphs read the client's address as the last
 * `x-forwarded-for` hop, so the gateway rewrites that header to the one address it can vouch for:
 * its peer's socket address or, behind `trustedProxyHops` reverse proxies of ours, the hop those
 * proxies recorded. Anything a client claims beyond that is dropped.
 */
export function gatewayContext(incoming: Record<string, string | string[] | undefined>, peerAddress?: string, trustedProxyHops = 0): GatewayContext {
  const headers = pickForwardedHeaders(incoming);
  const claimed = (headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  delete headers['x-forwarded-for'];
  if (peerAddress) {
    const hops = [...claimed, peerAddress];
    headers['x-forwarded-for'] = hops[Math.max(0, hops.length - 1 - trustedProxyHops)]!;
  }
  return { headers, locale: localeFrom(headers['accept-language']), rateLimits: [] };
}

/** Seconds to wait of a RATE_LIMITED error (its `params.retryAfter`), or null for any other error. */
export function retryAfterOf(error: { extensions?: Record<string, unknown> } | undefined): number | null {
  if (error?.extensions?.code !== 'RATE_LIMITED') return null;
  const seconds = Number((error.extensions.params as Record<string, unknown> | undefined)?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/**
 * The rate-limit headers of a RATE_LIMITED refusal (issue 32 item 8): `Retry-After`, and the
 * `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` fields of the IETF draft (the
 * window's allowance when the service names it, none left, seconds until it resets).
 */
export function rateLimitHeaders(error: { extensions?: Record<string, unknown> } | undefined): Record<string, string> | null {
  const seconds = retryAfterOf(error);
  if (seconds === null) return null;
  const limit = Number((error?.extensions?.params as Record<string, unknown> | undefined)?.limit);
  return {
    'retry-after': String(seconds),
    ...(Number.isInteger(limit) && limit > 0 ? { 'ratelimit-limit': String(limit) } : {}),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(seconds),
  };
}

/**
 * The `RateLimit-*` headers of an answer that counted against a request limit (issue 32 item 8):
 * the tightest limit the subgraphs noted, as the fields of a refusal (`rateLimitHeaders`) name them.
 */
export function rateLimitStateHeaders(context: Partial<GatewayContext> | undefined): Record<string, string> | null {
  const tightest = tightestRateLimit(context?.rateLimits);
  if (!tightest) return null;
  return {
    'ratelimit-limit': String(tightest.limit),
    'ratelimit-remaining': String(tightest.remaining),
    'ratelimit-reset': String(tightest.resetSeconds),
  };
}

/** Keeps a subgraph answer's `extensions.rateLimit` (the limit it counted the request against) on the gateway context. */
function keepRateLimit(context: unknown, extensions: Record<string, unknown> | undefined): void {
  const note = extensions?.rateLimit;
  const notes = (context as Partial<GatewayContext> | undefined)?.rateLimits;
  if (notes && isRateLimitNote(note)) notes.push(note);
}

/**
 * An operation refused for its rate (no data at all) answers HTTP 429 with `Retry-After`, as the
 * REST facade does; the body keeps the GraphQL errors with the translated message. Any other
 * answer that counted against a request limit carries where it stands (`RateLimit-*`).
 */
function rateLimitedStatus(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const refused = !data || Object.values(data).every((value) => value === null);
          const headers = refused ? errors?.map((error) => rateLimitHeaders(error)).find((value) => value !== null) : undefined;
          if (headers) response.http.status = 429;
          for (const [name, value] of Object.entries(headers ?? rateLimitStateHeaders(contextValue) ?? {})) response.http.headers.set(name, value);
        },
      };
    },
  };
}

/** An error answer without the extension naming the subgraph that raised it. */
export function withoutServiceName<T extends { extensions?: Record<string, unknown> }>(formatted: T): T {
  if (!formatted.extensions || !('serviceName' in formatted.extensions)) return formatted;
  const { serviceName: _internal, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** Where a subgraph is served: in this process (all-in-one) or at a URL (distributed). */
export type SubgraphRoute = { name: string; local: ApolloServer<RequestContext> } | { name: string; url: string };

/** The caller's headers; health checks and schema loads have none. */
function forwardedFrom(options: GraphQLDataSourceProcessOptions<GatewayContext>): Record<string, string> {
  return (options.context as Partial<GatewayContext> | undefined)?.headers ?? {};
}

/** Executes a subgraph's part of a query plan in this process: no HTTP hop, same context rules. */
class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  constructor(private readonly server: ApolloServer<RequestContext>) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const headers = forwardedFrom(options);
    const { query, variables, operationName } = options.request;
    const result = await executeInProcess(
      this.server,
      { ...(query ? { query } : {}), ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
      headers,
    );
    keepRateLimit(options.context, result.extensions);
    return result;
  }
}

/**
 * Forwards the caller's headers (token, language, request id) to a remote subgraph, and the trace
 * context of the gateway's fetch span (when tracing is on), so the subgraph's work joins the trace.
 */
class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    for (const [name, value] of Object.entries(forwardedFrom(options))) options.request.http?.headers.set(name, value);
    for (const [name, value] of Object.entries(traceHeaders())) options.request.http?.headers.set(name, value);
  }

  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const result = await super.process(options);
    keepRateLimit(options.context, result.extensions);
    return result;
  }
}

export interface GatewayOptions {
  subgraphs: readonly SubgraphDefinition[];
  routes: readonly SubgraphRoute[];
  logger: Logger;
  translate: Translator;
  /** Introspection and the landing page; off in production. */
  development: boolean;
  /** Deepest query accepted. Default QUERY_LIMITS.maxDepth (12). */
  maxDepth?: number;
  /** Tokens, depth, aliases, directives and cost of one request; defaults QUERY_LIMITS of @ruedas/domain. */
  limits?: Partial<RequestLimits>;
}

/** The Apollo gateway over every subgraph, with depth limits and masked errors. */
export async function createGateway(options: GatewayOptions): Promise<ApolloServer<GatewayContext>> {
  const byName = new Map(options.routes.map((r) => [r.name, r]));
  for (const definition of options.subgraphs) {
    if (!byName.has(definition.name)) {
      throw new ConfigError(
        `RUEDAS_${definition.name.toUpperCase()}_URL`,
        `the gateway needs the URL of the ${definition.name} subgraph (it does not run in this process)`,
      );
    }
  }
  const supergraphSdl = supergraphOf(options.subgraphs);
  const gateway = new ApolloGateway({
    supergraphSdl,
    // Query plans bounded by bytes (issue 28), as the documents and persisted queries below.
    queryPlannerConfig: { cache: new ByteBoundedCache<QueryPlan>({ maxBytes: GRAPHQL_CACHE_BYTES.queryPlans, sizeOf: jsonBytes }) },
    buildService: ({ name }) => {
      const route = byName.get(name);
      if (!route) throw new Error(`no route for subgraph ${name}`);
      return 'local' in route ? new InProcessDataSource(route.local) : new ForwardingDataSource({ url: route.url });
    },
  });
  const mask = errorFormatter(options.logger);
  const limits: RequestLimits = { ...DEFAULT_LIMITS, ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}), ...options.limits };
  const guard = requestLimits(limits, options.development);
  const server = new ApolloServer<GatewayContext>({
    gateway,
    introspection: options.development,
    includeStacktraceInErrorResponses: false,
    // Automatic persisted queries (Apollo's APQ: a query sent once with its sha256, then by hash
    // alone, over GET for cacheable public reads), and the parsed documents, in caches per process
    // bounded by the bytes they keep alive, not by their count: many huge distinct documents from a
    // stranger evict each other instead of growing the process (issue 28).
    persistedQueries: { cache: boundedPersistedQueries() },
    documentStore: boundedDocumentStore(),
    // Each request is bounded before planning: a refusal costs milliseconds and answers 400.
    parseOptions: guard.parseOptions,
    validationRules: guard.validationRules,
    // Subgraph errors with a message key arrive formatted and translated; the rest is masked.
    // Which subgraph answered (`serviceName`, added by the gateway) is internal topology: dropped.
    formatError: (formatted, error) =>
      withoutServiceName(
        limitRefusal(formatted, limits.maxTokens) ?? (typeof formatted.extensions?.messageKey === 'string' ? formatted : mask(formatted, error)),
      ),
    plugins: [
      ...guard.plugins,
      typedInputs<GatewayContext>(),
      translatedErrors<GatewayContext>(options.translate),
      observedOperations<GatewayContext>('gateway'),
      rateLimitedStatus(),
      cacheableReads<GatewayContext>(),
      // No landing page: Apollo's loads its explorer from a CDN. The gateway serves its own at /explorer.
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await server.start();
  return server;
}
