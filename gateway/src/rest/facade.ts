import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { isMessageKey, translate } from '@ruedas/domain';
import { errorStatus, localeFrom, type ErrorCode, type Locale } from '@ruedas/platform';
import { gatewayContext, rateLimitHeaders, rateLimitStateHeaders, type GatewayContext } from '../gateway';
import { appendVary } from '../compress';
import { LIMIT_CODES } from '../limits';
import { registerDocs } from './docs';
import { inputProblemFields } from './input-errors';
import { openApiDocument } from './openapi';
import { InvalidFields, RestFailure, type RestRoute } from './route';

export const REST_PREFIX = '/api/v1';

interface FormattedError {
  message: string;
  extensions?: Record<string, unknown>;
}

/**
 * Maps a GraphQL error onto the documented REST error answer `{ code, message, fields? }` (and the
 * `Retry-After` header of a 429).
 */
export function restError(
  error: FormattedError,
  locale: Locale = 'es',
  all: readonly FormattedError[] = [error],
): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  const code = String(error.extensions?.code ?? '');
  if (code in errorStatus) {
    const fields = error.extensions?.fields as Record<string, unknown> | undefined;
    const limited = rateLimitHeaders(error);
    return {
      status: errorStatus[code as ErrorCode],
      body: { code, message: error.message, ...(fields ? { fields } : {}) },
      ...(limited ? { headers: limited } : {}),
    };
  }
  if (
    code === 'GRAPHQL_VALIDATION_FAILED' ||
    code === 'BAD_USER_INPUT' ||
    code === 'GRAPHQL_PARSE_FAILED' ||
    (LIMIT_CODES as readonly string[]).includes(code)
  ) {
    // GraphQL's own refusal of a malformed input (a value of the wrong type, an unknown field) is in
    // English and speaks of its variables: answered as a service's refusal, each field named with
    // the rule it broke in the caller's language (issue 32 item 7). A limit's refusal is translated already.
    const fields = inputProblemFields(
      all.filter((each) => each.extensions?.code === 'BAD_USER_INPUT' || each.extensions?.code === 'GRAPHQL_VALIDATION_FAILED').map((each) => each.message),
      locale,
    );
    const message = typeof error.extensions?.messageKey === 'string' ? error.message : translate('validationFailed', locale);
    return { status: 400, body: { code: 'VALIDATION', message, ...(fields ? { fields } : {}) } };
  }
  return { status: errorStatus.UNAVAILABLE, body: { code: 'UNAVAILABLE', message: error.message } };
}

/** How long a shared cache may keep a visitor's successful read of the facade (seconds): public lists and ads change often. */
export const REST_PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * The `Cache-Control` of a facade answer (issue 32 item 8): a signed-in caller's answer is theirs
 * (`private, no-store`); a visitor's successful GET that only reads is shared briefly
 * (`public, max-age=60`, varying by language); everything else (writes, a GET that writes such as
 * the view tally, errors) `no-store`.
 */
export function cachePolicy(method: string, status: number, signedIn: boolean, config: unknown): string {
  if (signedIn) return 'private, no-store';
  const writes = Boolean((config as { writes?: boolean } | undefined)?.writes);
  if ((method !== 'GET' && method !== 'HEAD') || status >= 300 || writes) return 'no-store';
  return `public, max-age=${REST_PUBLIC_MAX_AGE_SECONDS}`;
}

/** Adds `cachePolicy`'s `Cache-Control` to every answer of `api` that has none of its own. */
function setCacheHeaders(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) {
      const policy = cachePolicy(request.method, reply.statusCode, Boolean(request.headers.authorization), request.routeOptions.config);
      reply.header('cache-control', policy);
      if (policy.startsWith('public')) reply.header('vary', appendVary(appendVary(reply.getHeader('vary'), 'Accept-Language'), 'Authorization'));
    }
    return payload;
  });
}

/** The answer to fields refused before any operation ran: the shape of a service's VALIDATION refusal. */
export function invalidFieldsBody(error: InvalidFields, locale: ReturnType<typeof localeFrom>) {
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, key]) => [
      field,
      { messageKey: key, message: translate(isMessageKey(key) ? key : 'errorOccurred', locale, error.params) },
    ]),
  );
  return { code: 'VALIDATION', message: translate(isMessageKey(error.summary) ? error.summary : 'validationFailed', locale, error.params), fields };
}

/** Serves every route under /api/v1 by running its operation through the gateway. */
export async function registerRestFacade(app: FastifyInstance, gateway: ApolloServer<GatewayContext>, routes: readonly RestRoute[], trustedProxyHops = 0) {
  await app.register(
    async (api) => {
      setCacheHeaders(api);
      api.get('/openapi.json', async () => openApiDocument(routes));
      registerDocs(api, REST_PREFIX);
      for (const route of routes) {
        api.route({
          method: route.method,
          url: route.path,
          // A GET that writes (the view tally) is never kept by a cache.
          config: { writes: /^\s*mutation\b/.test(route.operation) },
          handler: async (request, reply) => {
            // A protected path asked without a token is refused before its input is read: the caller
            // learns to sign in, not what a well-formed request looks like.
            if (route.protected && !request.headers.authorization) {
              return reply
                .code(errorStatus['0003'])
                .send({ code: '0003', message: translate('sessionInvalid', localeFrom(request.headers['accept-language'])) });
            }
            // One context for every operation of the path, so the request limits they counted against are all known.
            const context = gatewayContext(request.headers, request.socket.remoteAddress, trustedProxyHops);
            const execute = async (operation: string, variables?: Record<string, unknown>) => {
              const response = await gateway.executeOperation(
                { query: operation, ...(variables ? { variables } : {}) },
                { contextValue: { ...context, headers: { ...context.headers } } },
              );
              if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
              const { data, errors } = response.body.singleResult;
              if (errors?.length) throw new RestFailure(errors[0] as FormattedError, errors as FormattedError[]);
              return (data ?? {}) as Record<string, unknown>;
            };
            const input = {
              params: request.params as Record<string, string>,
              query: request.query as Record<string, string | undefined>,
              body: request.body,
              headers: request.headers,
            };
            try {
              // A composite path runs its operations in turn; any other its one operation with its variables.
              const answer = route.run ? await route.run(execute, input) : route.respond(await execute(route.operation, route.variables?.(input)));
              // Where the caller stands in the request limit the path counted against (issue 32 item 8).
              return reply.headers(rateLimitStateHeaders(context) ?? {}).send(answer);
            } catch (error) {
              const locale = localeFrom(request.headers['accept-language']);
              if (error instanceof InvalidFields) return reply.code(400).send(invalidFieldsBody(error, locale));
              if (!(error instanceof RestFailure)) throw error;
              const { status, body, headers } = restError(error.error, locale, error.errors);
              return reply
                .code(status)
                .headers({ ...rateLimitStateHeaders(context), ...headers })
                .send(body);
            }
          },
        });
      }
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${request.url}` }));
    },
    { prefix: REST_PREFIX },
  );
}
