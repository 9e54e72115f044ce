import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { isMessageKey, translate } from '@ruedas/domain';
import { errorStatus, localeFrom, type ErrorCode, type Locale } from '@ruedas/platform';
import { gatewayContext, retryAfterOf, type GatewayContext } from '../gateway';
import { LIMIT_CODES } from '../limits';
import { registerDocs } from './docs';
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
export function restError(error: FormattedError, locale: Locale = 'es'): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  const code = String(error.extensions?.code ?? '');
  if (code in errorStatus) {
    const fields = error.extensions?.fields as Record<string, unknown> | undefined;
    const retryAfter = retryAfterOf(error);
    return {
      status: errorStatus[code as ErrorCode],
      body: { code, message: error.message, ...(fields ? { fields } : {}) },
      ...(retryAfter !== null ? { headers: { 'retry-after': String(retryAfter) } } : {}),
    };
  }
  if (
    code === 'GRAPHQL_VALIDATION_FAILED' ||
    code === 'BAD_USER_INPUT' ||
    code === 'GRAPHQL_PARSE_FAILED' ||
    (LIMIT_CODES as readonly string[]).includes(code)
  ) {
    // GraphQL's own refusal of a malformed input (a value of the wrong type, an unknown field) is in
    // English: the translated message, and GraphQL's words as the detail.
    return { status: 400, body: { code: 'VALIDATION', message: translate('validationFailed', locale), detail: error.message } };
  }
  return { status: errorStatus.UNAVAILABLE, body: { code: 'UNAVAILABLE', message: error.message } };
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
      api.get('/openapi.json', async () => openApiDocument(routes));
      registerDocs(api, REST_PREFIX);
      for (const route of routes) {
        api.route({
          method: route.method,
          url: route.path,
          handler: async (request, reply) => {
            // A protected path asked without a token is refused before its input is read: the caller
            // learns to sign in, not what a well-formed request looks like.
            if (route.protected && !request.headers.authorization) {
              return reply
                .code(errorStatus['0003'])
                .send({ code: '0003', message: translate('sessionInvalid', localeFrom(request.headers['accept-language'])) });
            }
            if (route.run) {
              const execute = async (operation: string, variables?: Record<string, unknown>) => {
                const response = await gateway.executeOperation(
                  { query: operation, ...(variables ? { variables } : {}) },
                  { contextValue: gatewayContext(request.headers, request.socket.remoteAddress, trustedProxyHops) },
                );
                if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
                const { data, errors } = response.body.singleResult;
                if (errors?.length) throw new RestFailure(errors[0] as FormattedError);
                return (data ?? {}) as Record<string, unknown>;
              };
              try {
                return await route.run(execute, {
                  params: request.params as Record<string, string>,
                  query: request.query as Record<string, string | undefined>,
                  body: request.body,
                  headers: request.headers,
                });
              } catch (error) {
                if (error instanceof InvalidFields) return reply.code(400).send(invalidFieldsBody(error, localeFrom(request.headers['accept-language'])));
                if (!(error instanceof RestFailure)) throw error;
                const { status, body, headers } = restError(error.error, localeFrom(request.headers['accept-language']));
                return reply
                  .code(status)
                  .headers(headers ?? {})
                  .send(body);
              }
            }
            let variables: Record<string, unknown> | undefined;
            try {
              variables = route.variables?.({
                params: request.params as Record<string, string>,
                query: request.query as Record<string, string | undefined>,
                body: request.body,
              });
            } catch (error) {
              if (error instanceof InvalidFields) return reply.code(400).send(invalidFieldsBody(error, localeFrom(request.headers['accept-language'])));
              throw error;
            }
            const response = await gateway.executeOperation(
              { query: route.operation, ...(variables ? { variables } : {}) },
              { contextValue: gatewayContext(request.headers, request.socket.remoteAddress, trustedProxyHops) },
            );
            if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
            const { data, errors } = response.body.singleResult;
            if (errors?.length) {
              const { status, body, headers } = restError(errors[0] as FormattedError, localeFrom(request.headers['accept-language']));
              return reply
                .code(status)
                .headers(headers ?? {})
                .send(body);
            }
            return route.respond((data ?? {}) as Record<string, unknown>);
          },
        });
      }
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${request.url}` }));
    },
    { prefix: REST_PREFIX },
  );
}
