import type { FastifyInstance } from 'fastify';
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

/**
 * CORS for /graphql and /api/v1 (decision 0068): a request whose `Origin` is in the allow-list gets
 * that origin back in `Access-Control-Allow-Origin` with credentials allowed; any other origin gets
 * no CORS header at all, so its browser keeps the answer from the page. Preflights are answered
 * here: 204 for an allowed origin, method and headers, 403 otherwise. Without a list, no other
 * origin is allowed (the web app itself is same-origin and needs none).
 */
export function allowCrossOrigin(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!API_PATH.test(request.url)) return;
    const origin = request.headers.origin;
    reply.header('Vary', appendVary(reply.getHeader('vary'), 'Origin'));
    const preflight = request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string';
    if (!origin || !allowed.has(origin)) {
      if (preflight) return reply.code(403).send();
      return;
    }
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (!preflight) {
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
      return;
    }
    const method = String(request.headers['access-control-request-method']).toUpperCase();
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (!ALLOWED_METHODS.includes(method) || asked.some((name) => !ALLOWED_HEADERS.includes(name))) return reply.code(403).send();
    reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS.join(', '));
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
    reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.code(204).send();
  });
}
