import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_HEADER } from '@ruedas/domain';
import { appendVary } from './compress';

/** The paths other origins may call: GraphQL and the REST facade. Pages, photos and the rest stay same-origin. */
const API_PATH = /^\/(?:graphql|api\/v1)(?:[/?]|$)/;
/** Request headers a browser on an allowed origin may send. */
const ALLOWED_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'idempotency-key',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'x-request-id',
  // The device value the web sends at sign-in (decision 0147).
  DEVICE_HEADER,
];
const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
/** Response headers a script on an allowed origin may read. */
const EXPOSED_HEADERS = ['retry-after', 'x-request-id'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Parses RUEDAS_CORS_ORIGINS: a comma-separated list of origins (`https://partner.example`,
 * `http://localhost:5173`). Throws on anything that is not a bare origin, and on `*`: the APIs take
 * credentials (the Authorization header), which a wildcard must never be combined with.
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (item === '*' || item === 'null') throw new Error(`"${item}" is not accepted: list each origin that may call the APIs with credentials`);
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`"${item}" is not an origin (scheme://host[:port])`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) {
      throw new Error(`"${item}" is not an origin (scheme://host[:port], no path)`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/** What `@fastify/cors` writes on an API answer to an allowed origin. */
const apiCors = (origin: string): FastifyCorsOptions => ({
  origin,
  credentials: true,
  methods: ALLOWED_METHODS,
  allowedHeaders: ALLOWED_HEADERS,
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
});

const isPreflight = (request: FastifyRequest) => request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string';

/**
 * CORS for /graphql and /api/v1 (decisions 0068 and 0196): a request whose `Origin` is in the
 * allow-list gets that origin back in `Access-Control-Allow-Origin` with credentials allowed; any
 * other origin gets no CORS header at all, so its browser keeps the answer from the page. Preflights
 * are answered here: 204 for an allowed origin, method and headers, 403 otherwise. Without a list,
 * no other origin is allowed (the web app itself is same-origin and needs none).
 * `@fastify/cors` writes the headers and answers the allowed preflights; what it does not do is
 * ours: refuse (403) a preflight it would not allow, and keep pages, photos and the rest out of it.
 */
export async function allowCrossOrigin(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!API_PATH.test(request.url) || !isPreflight(request)) return;
    const origin = request.headers.origin;
    const method = String(request.headers['access-control-request-method']).toUpperCase();
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (origin && allowed.has(origin) && ALLOWED_METHODS.includes(method) && asked.every((name) => ALLOWED_HEADERS.includes(name))) return;
    reply.header('Vary', appendVary(reply.getHeader('vary'), 'Origin'));
    return reply.code(403).send();
  });
  // The routes of pages, files and photos are left out of CORS altogether (no `Vary: Origin` either).
  app.addHook('onRoute', (route) => {
    if (route.url !== '*' && !API_PATH.test(route.url)) route.config = { ...route.config, cors: false } as typeof route.config;
  });
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const api = API_PATH.test(request.url) && (request.method !== 'OPTIONS' || isPreflight(request));
      callback(null, api && origin && allowed.has(origin) ? apiCors(origin) : { origin: false });
    },
  });
}
