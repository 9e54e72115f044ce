import type { RestRoute } from './route';

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: '0001 to 0005 as documented, or VALIDATION, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, UNAVAILABLE' },
    message: { type: 'string', description: "Translated to the request's Accept-Language (es by default)" },
    fields: { type: 'object', additionalProperties: { type: 'object' } },
  },
};

/** The OpenAPI 3.1 description of the facade, generated from the route table. */
export function openApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      ...(params.length ? { parameters: params } : {}),
      ...(route.protected ? { security: [{ bearer: [] }] } : {}),
      ...(route.requestSchema ? { requestBody: { required: true, content: { 'application/json': { schema: route.requestSchema } } } } : {}),
      responses: {
        200: { description: 'Success', content: { 'application/json': { schema: route.responseSchema } } },
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Ruedas REST API (legacy clients)', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
