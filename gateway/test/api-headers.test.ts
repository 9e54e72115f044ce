import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { parseCorsOrigins } from '../src';
import { DOCS_POLICY } from '../src/rest/docs';
import { FIXTURE_ADS, startLightStack, type LightStack } from './light-stack';
import type { Json } from './stack';

// Issue 32 items 8 and 9: the cache headers of every REST answer, and the language an API answer
// is in (`?lang`, then the weights of Accept-Language), as another team's client reads them; and
// issue 18's CORS and automatic persisted queries over GET; the reference page /api/v1/docs.
// Gateway: all of these are the gateway's and the REST facade's own (cachePolicy, localeFrom, cors,
// the persisted-query cache, the docs page and its compressed script), whatever the services answer;
// light subgraph fixtures answer behind it (light-stack.ts).

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const post = (payload: Json, headers: Record<string, string> = {}) =>
  stack.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...headers } });

let stack: LightStack;
const ad = FIXTURE_ADS[0]!.id;
/** Any bearer token: the gateway forwards it, and only its presence decides the cache policy. */
const token = 'a-session-token';

beforeAll(async () => {
  stack = await startLightStack({ corsOrigins: [PARTNER, 'http://localhost:5173'] });
}, 60_000);
afterAll(() => stack?.stop());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; headers?: Record<string, string>; body?: object } = {}) =>
  stack.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
  });

describe('Cache-Control of the REST facade', () => {
  it('the view tally, a GET that writes, is never stored', async () => {
    const answer = await call('GET', `/api/v1/tally/${ad}/increment`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("a visitor's public lists and ads are shared briefly, per language and caller", async () => {
    for (const url of ['/api/v1/opportunity/available/1', `/api/v1/opportunity/${ad}`, `/api/v1/tally/${ad}/count`, '/api/v1/opportunity/homeCarousel']) {
      const answer = await call('GET', url);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      expect(String(answer.headers.vary)).toMatch(/Accept-Language/);
      expect(String(answer.headers.vary)).toMatch(/Authorization/);
    }
  });

  it('a signed-in answer is private and not stored, reads and writes alike', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/opportunity/protected/myOpportunities/PUBLIC_ONLINE/1'],
      ['GET', `/api/v1/opportunity/${ad}`],
      ['PUT', '/api/v1/users/protected/newLanguage'],
    ] as const) {
      const answer = await call(method, url, { token, ...(method === 'PUT' ? { body: { language: 'es' } } : {}) });
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('writes and errors are not stored', async () => {
    expect((await call('POST', '/api/v1/users/login', { body: { email: 'nadie@example.com', password: 'x' } })).headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/v1/opportunity/no-such-ad')).headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/v1/opportunity/available/0')).headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/v1/no/such/path')).headers['cache-control']).toBe('no-store');
  });
});

describe('the language of an API answer', () => {
  const refusal = (headers: Record<string, string>, query = '') =>
    call('PUT', `/api/v1/users/protected/newLanguage${query}`, { token, headers, body: { language: 'fr' } });

  it('Accept-Language by its q weights, not its order', async () => {
    expect((await refusal({ 'accept-language': 'en;q=0.1, es;q=0.9' })).json().message).toBe(translate('validationFailed', 'es'));
    expect((await refusal({ 'accept-language': 'es;q=0.3, en-GB;q=0.8' })).json().message).toBe(translate('validationFailed', 'en'));
  });

  it('?lang wins over the header on REST, GraphQL and the not-found answer', async () => {
    expect((await refusal({ 'accept-language': 'es' }, '?lang=en')).json().message).toBe(translate('validationFailed', 'en'));
    expect((await call('GET', '/api/v1/opportunity/no-such-ad?lang=en', { headers: { 'accept-language': 'es' } })).json().message).toBe(
      translate('notFound', 'en'),
    );
    const graphql = await stack.inject({
      method: 'POST',
      url: '/graphql?lang=en',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-CR,es;q=0.9' },
      payload: { query: '{ opportunity(id: "no-such-ad") { id } }' },
    });
    expect(graphql.json().errors[0].message).toBe(translate('notFound', 'en'));
    const spanish = await stack.inject({
      method: 'POST',
      url: '/graphql?lang=es',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: { query: '{ opportunity(id: "no-such-ad") { id } }' },
    });
    expect(spanish.json().errors[0].message).toBe(translate('notFound', 'es'));
  });
});

describe('CORS for other teams’ browsers', () => {
  it('reads RUEDAS_CORS_ORIGINS as bare origins and refuses a wildcard or a path', () => {
    expect(parseCorsOrigins(' https://a.example , http://localhost:5173 ')).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(() => parseCorsOrigins('*')).toThrow(/credentials/);
    expect(() => parseCorsOrigins('https://a.example/app')).toThrow(/not an origin/);
  });

  for (const [name, request] of [
    ['/graphql', { method: 'POST' as const, url: '/graphql', payload: { query: '{ crcPerUsd }' }, headers: { 'content-type': 'application/json' } }],
    ['/api/v1', { method: 'GET' as const, url: '/api/v1/opportunity/homeCarousel' }],
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
    expect(cached.json()).toEqual({ data: { homeCarousel: expect.any(Array), crcPerUsd: expect.any(Number) } });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
    expect(String(cached.headers.vary)).toMatch(/Accept-Language/);
  });

  it('keeps a signed-in caller’s GET private, refuses a query whose hash does not match, and a mutation over GET', async () => {
    await post({ query: QUERY, extensions: JSON.parse(extensions(hash)) });
    expect((await get(hash, { authorization: `Bearer ${token}` })).headers['cache-control']).toBe('private, no-store');
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

describe('the reference page /api/v1/docs', () => {
  it('is served with its script from this site (no CDN) under a policy without inline scripts', async () => {
    const page = await stack.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(page.body).toContain('<redoc spec-url="/api/v1/openapi.json"');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    const script = await stack.inject({ method: 'GET', url: '/api/v1/docs/redoc.standalone.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.rawPayload.length).toBeLessThan(400_000);
    const plain = await stack.inject({ method: 'GET', url: '/api/v1/docs/redoc.standalone.js' });
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).not.toContain('cdn.redoc.ly');
  });
});
