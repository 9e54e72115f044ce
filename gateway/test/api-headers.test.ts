import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { FIXTURE_ADS, startLightStack, type LightStack } from './light-stack';

// Issue 32 items 8 and 9: the cache headers of every REST answer, and the language an API answer
// is in (`?lang`, then the weights of Accept-Language), as another team's client reads them.
// Gateway: both are the REST facade's and the gateway's own (cachePolicy, localeFrom), whatever the
// services answer; light subgraph fixtures answer behind it (light-stack.ts).

let stack: LightStack;
const ad = FIXTURE_ADS[0]!.id;
/** Any bearer token: the gateway forwards it, and only its presence decides the cache policy. */
const token = 'a-session-token';

beforeAll(async () => {
  stack = await startLightStack();
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
