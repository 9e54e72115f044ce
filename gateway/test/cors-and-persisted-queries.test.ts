import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCorsOrigins } from '../src';
import { FIXTURE_ADS, FIXTURE_CRC_PER_USD, startLightStack, type LightStack } from './light-stack';
import type { Json } from './stack';

// CORS and automatic persisted queries over GET (issue 18), as another team's browser meets them:
// the gateway's own, so light subgraph fixtures answer behind it (light-stack.ts).

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';

let stack: LightStack;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const post = (payload: Json, headers: Record<string, string> = {}) =>
  stack.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  stack = await startLightStack({ corsOrigins: [PARTNER, 'http://localhost:5173'] });
}, 60_000);
afterAll(() => stack?.stop());

describe('CORS for other teams’ browsers', () => {
  it('reads RUEDAS_CORS_ORIGINS as bare origins and refuses a wildcard or a path', () => {
    expect(parseCorsOrigins(' https://a.example , http://localhost:5173 ')).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(() => parseCorsOrigins('*')).toThrow(/credentials/);
    expect(() => parseCorsOrigins('https://a.example/app')).toThrow(/not an origin/);
  });

  for (const [name, request] of [
    ['/graphql', { method: 'POST' as const, url: '/graphql', payload: { query: '{ crcPerUsd }' }, headers: { 'content-type': 'application/json' } }],
    ['/api/v1', { method: 'GET' as const, url: '/api/v1/globalParameter/systemsVersion' }],
  ] as const) {
    it(`allows an allowed origin with credentials on ${name}, and gives another origin no CORS header`, async () => {
      const allowed = await stack.inject({ ...request, headers: { ...('headers' in request ? request.headers : {}), origin: PARTNER } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      expect(String(allowed.headers.vary)).toMatch(/Origin/);
      const refused = await stack.inject({ ...request, headers: { ...('headers' in request ? request.headers : {}), origin: STRANGER } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it(`answers the preflight on ${name}: 204 for an allowed origin, 403 for another`, async () => {
      const preflight = (origin: string, headers = 'content-type, authorization') =>
        stack.inject({
          method: 'OPTIONS',
          url: request.url,
          headers: { origin, 'access-control-request-method': request.method, 'access-control-request-headers': headers },
        });
      const allowed = await preflight(PARTNER);
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/authorization/);
      expect((await preflight(STRANGER)).statusCode).toBe(403);
      expect((await preflight(STRANGER)).headers['access-control-allow-origin']).toBeUndefined();
      expect((await preflight(PARTNER, 'x-internal-secret')).statusCode).toBe(403);
    });
  }
});

describe('automatic persisted queries over GET', () => {
  const QUERY = 'query HomeCarouselIds { homeCarousel { id } crcPerUsd }';
  const hash = sha256(QUERY);
  const extensions = (sha: string) => JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha } });
  const get = (sha: string, headers: Record<string, string> = {}) =>
    stack.inject({
      method: 'GET',
      url: `/graphql?extensions=${encodeURIComponent(extensions(sha))}`,
      headers: { 'apollo-require-preflight': 'true', ...headers },
    });

  it('asks for the query once, then answers its hash alone over GET with public cache headers', async () => {
    const unknown = await get(hash);
    expect(unknown.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.headers['cache-control']).toBe('no-store');

    const registered = await post({ query: QUERY, extensions: JSON.parse(extensions(hash)) });
    expect(registered.json().errors).toBeUndefined();
    expect(registered.headers['cache-control']).toBe('no-store');

    const cached = await get(hash);
    expect(cached.statusCode).toBe(200);
    expect(cached.json()).toEqual({ data: { homeCarousel: FIXTURE_ADS.map(({ id }) => ({ id })), crcPerUsd: FIXTURE_CRC_PER_USD } });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
    expect(String(cached.headers.vary)).toMatch(/Accept-Language/);
  });

  it('keeps a signed-in caller’s GET private, refuses a query whose hash does not match, and a mutation over GET', async () => {
    await post({ query: QUERY, extensions: JSON.parse(extensions(hash)) });
    expect((await get(hash, { authorization: 'Bearer a-signed-in-caller' })).headers['cache-control']).toBe('private, no-store');
    const wrong = await post({ query: '{ crcPerUsd }', extensions: JSON.parse(extensions(hash)) });
    expect(wrong.statusCode).toBe(400);
    const mutation = await stack.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('mutation { logout }')}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(mutation.statusCode).toBe(405);
  });
});
