import { ApolloServer, type ApolloServerPlugin, type GraphQLRequest } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { GraphQLError, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import type { FastifyInstance } from 'fastify';
import fastifyApollo from '@as-integrations/fastify';
import { createRequestContext, tightestRateLimit, type Locale, type RequestContext } from './context';
import { isDomainError } from './errors';
import { boundedDocumentStore, boundedPersistedQueries } from './graphql-caches';
import type { Logger } from './logger';
import { observedOperations } from './observability/graphql';

export type Resolvers = GraphQLResolverMap<RequestContext>;

/** A subgraph as the Apollo federation test fixtures describe one: a name and its SDL. */
export interface SubgraphDefinition {
  name: string;
  typeDefs: DocumentNode;
}

/** Turns a message key into a sentence in the request's language. */
export type Translator = (key: string, locale: Locale, params?: Record<string, string | number>) => string;

/**
 * Expected failures keep their code, message key and fields; GraphQL's own errors (bad query, bad
 * variables) pass through; anything else is an internal fault, logged with its stack and answered
 * with the generic message. Messages are translated later, in `translatedErrors`, where the
 * request's locale is known.
 */
export function errorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrap(error);
    if (isDomainError(original)) {
      return {
        message: original.messageKey,
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: {
          code: original.code,
          messageKey: original.messageKey,
          ...(original.params ? { params: original.params } : {}),
          ...(original.fields ? { fields: original.fields } : {}),
        },
      };
    }
    if (original === undefined || isGraphQLError(original)) return formatted;
    logger.error({ err: original, path: formatted.path }, 'internal error in resolver');
    return {
      message: 'errorOccurred',
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR', messageKey: 'errorOccurred' },
    };
  };
}

type Params = Record<string, string | number>;

/**
 * graphql ships CommonJS and ESM builds, and federation packages load the CommonJS one, so an error
 * may be a GraphQLError of the other build: recognise it by shape, not by `instanceof`.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || (error instanceof Error && 'extensions' in error && 'locations' in error);
}

function unwrap(error: unknown): unknown {
  return isGraphQLError(error) ? error.originalError : error;
}

/** Translates every error that carries a message key into the request's language. */
export function translatedErrors<C extends { locale: Locale }>(translate: Translator): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
          const locale = contextValue.locale;
          response.body.singleResult.errors = response.body.singleResult.errors.map((error) => {
            const ext = error.extensions ?? {};
            if (typeof ext.messageKey !== 'string') return error;
            const fields = ext.fields as Record<string, string | { messageKey: string }> | undefined;
            return {
              ...error,
              message: translate(ext.messageKey, locale, ext.params as Params | undefined),
              extensions: {
                ...ext,
                ...(fields
                  ? {
                      fields: Object.fromEntries(
                        Object.entries(fields).map(([field, value]) => {
                          const key = typeof value === 'string' ? value : value.messageKey;
                          return [field, { messageKey: key, message: translate(key, locale, ext.params as Params | undefined) }];
                        }),
                      ),
                    }
                  : {}),
              },
            };
          });
        },
      };
    },
  };
}

/**
 * The tightest request limit the operation counted against (`RequestContext.rateLimits`), in the
 * response's `extensions.rateLimit`, where the gateway reads it for the `RateLimit-*` headers.
 */
export function rateLimitExtension(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          const tightest = tightestRateLimit(contextValue.rateLimits);
          if (!tightest || response.body.kind !== 'single') return;
          response.body.singleResult.extensions = { ...response.body.singleResult.extensions, rateLimit: tightest };
        },
      };
    },
  };
}

export interface SubgraphServerOptions {
  definition: SubgraphDefinition;
  resolvers: Resolvers;
  logger: Logger;
  translate: Translator;
  introspection?: boolean;
}

/** The Apollo server of one subgraph; served over HTTP (distributed) or executed in process (all-in-one). */
export async function createSubgraphServer(options: SubgraphServerOptions): Promise<ApolloServer<RequestContext>> {
  const server = new ApolloServer<RequestContext>({
    // The resolver map is typed with our context; Apollo's builder takes any context.
    schema: buildSubgraphSchema({ typeDefs: options.definition.typeDefs, resolvers: options.resolvers as GraphQLResolverMap<unknown> }),
    introspection: options.introspection ?? true,
    includeStacktraceInErrorResponses: false,
    // Parsed documents and persisted queries bounded by the bytes they keep alive (issue 28).
    documentStore: boundedDocumentStore(),
    persistedQueries: { cache: boundedPersistedQueries() },
    formatError: errorFormatter(options.logger),
    // No federated tracing: nothing reports to Apollo's studio, and it costs every request.
    plugins: [
      translatedErrors<RequestContext>(options.translate),
      observedOperations<RequestContext>(options.definition.name),
      rateLimitExtension(),
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
  await server.start();
  return server;
}

/** Mounts a subgraph at `/graphql` of a service's own server (distributed mode). */
export async function serveSubgraph(app: FastifyInstance, server: ApolloServer<RequestContext>): Promise<void> {
  await app.register(fastifyApollo(server), {
    path: '/graphql',
    context: async (request) => createRequestContext(request.headers),
  });
}

/** Executes an operation against a subgraph in process, building its context from headers. */
export async function executeInProcess(server: ApolloServer<RequestContext>, request: GraphQLRequest, headers: Record<string, string>) {
  const response = await server.executeOperation(request, { contextValue: createRequestContext(headers) });
  if (response.body.kind !== 'single') throw new Error('incremental delivery is not supported between gateway and subgraphs');
  return response.body.singleResult;
}
