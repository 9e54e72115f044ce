import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate as translateMessage } from '@ruedas/domain';
import { parseCorsOrigins } from '../src';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';

// The GraphQL API as another team's client sees it (issue 18): permission errors at one field,
// no internal topology in errors, the page vocabulary, the typed values, CORS and persisted
// queries over GET. Every real subgraph runs in process behind the gateway.

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';

let stack: Stack;
let seller: { id: string; email: string; token: string };
let admin: { id: string; token: string };
let adId: string;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const post = (payload: Json, headers: Record<string, string> = {}) =>
  stack.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  stack = await startStack({ seller: 'ADVERTISER', admin: 'ADMINISTRATOR' }, { corsOrigins: [PARTNER, 'http://localhost:5173'] });
  seller = stack.accounts.seller!;
  admin = stack.accounts.admin!;
  adId = (
    await eventually(() =>
      stack.data(
        'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
        { input: adInput({ price: 12_345_678.9, transferPrice: 250_000 }) },
        seller.token,
      ),
    )
  ).createOpportunity.id;
  await eventually(() => stack.data('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: adId }, admin.token));
}, 60_000);
afterAll(() => stack?.stop());

describe('private fields answer FORBIDDEN at their own path', () => {
  const QUERY = 'query($id: ID!) { opportunity(id: $id) { id brand user { id fullName email phoneList { phone } } } }';

  it('gives a visitor the ad, with null private fields and one FORBIDDEN error each (not 0003)', async () => {
    const answer = await stack.graphql(QUERY, { id: adId });
    expect(answer.data?.opportunity).toEqual({ id: adId, brand: 'TOYOTA', user: { id: seller.id, fullName: 'Seller Mora', email: null, phoneList: null } });
    expect(answer.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([
      [['opportunity', 'user', 'email'], 'FORBIDDEN'],
      [['opportunity', 'user', 'phoneList'], 'FORBIDDEN'],
    ]);
  });

  it('gives the seller their own private fields', async () => {
    const answer = await stack.graphql(QUERY, { id: adId }, { token: seller.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.opportunity.user.email).toBe(seller.email);
  });

  it('carries no serviceName (internal topology) in any error', async () => {
    const answer = await stack.graphql(QUERY, { id: adId });
    expect(answer.errors?.length).toBeGreaterThan(0);
    for (const error of answer.errors ?? []) expect(Object.keys(error.extensions ?? {})).not.toContain('serviceName');
  });
});

describe('one page vocabulary, bounded page sizes', () => {
  it('answers UserPage with page, pageSize and totalPages, and refuses a page size beyond 50 in both languages', async () => {
    const data = await stack.data(
      '{ users(pageSize: 1, sort: { field: DATE_CREATED, direction: ASC }) { items { id } page pageSize totalItems totalPages } }',
      {},
      admin.token,
    );
    expect(data.users).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, totalPages: 2, items: [{ id: seller.id }] });
    for (const language of ['es', 'en'] as const) {
      const res = await post({ query: '{ users(pageSize: 51) { totalItems } }' }, { authorization: `Bearer ${admin.token}`, 'accept-language': language });
      const error = res.json().errors[0];
      expect(error.extensions).toMatchObject({ code: 'VALIDATION' });
      expect(error.extensions.fields.pageSize.message).toBe(translateMessage('invalidPageSize', language));
    }
  });

  it('pages the search with page and pageSize, and keeps the deprecated pageNumber working', async () => {
    const data = await stack.data('{ searchOpportunities(filter: {}, page: 1, pageSize: 5) { page pageSize pageNumber perPage totalItems } }');
    expect(data.searchOpportunities).toMatchObject({ page: 1, pageSize: 5, pageNumber: 1, perPage: 5 });
    const old = await stack.data('{ searchOpportunities(filter: {}, pageNumber: 1) { page pageSize } }');
    expect(old.searchOpportunities.page).toBe(1);
  });
});

describe('types that say what they hold', () => {
  it('answers money as a decimal string with its currency, instants as ISO 8601 DateTime, photo URLs absolute', async () => {
    const data = await stack.data(
      'query($id: ID!) { opportunity(id: $id) { askingPrice { amount currency } transferCost { amount currency } priceInColones { amount currency } ' +
        'createdAt lastPublishedAt } }',
      { id: adId },
      seller.token,
    );
    expect(data.opportunity.askingPrice).toEqual({ amount: '12345678.90', currency: 'CRC' });
    expect(data.opportunity.transferCost).toEqual({ amount: '250000.00', currency: 'CRC' });
    expect(data.opportunity.priceInColones).toEqual({ amount: '12345678.90', currency: 'CRC' });
    expect(data.opportunity.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(data.opportunity.lastPublishedAt)).toBeGreaterThanOrEqual(Date.parse(data.opportunity.createdAt));
  });

  it('names facet fields with an enum and gives numeric facet values as numbers', async () => {
    const data = await eventually(async () => {
      const found = await stack.data('{ searchOpportunities(filter: {}) { totalItems facets { key field values { value number count } } } }');
      if (found.searchOpportunities.totalItems < 1) throw new Error('not indexed yet');
      return found;
    });
    const facets = data.searchOpportunities.facets as Array<{ key: string; field: string; values: Json[] }>;
    expect(facets.find((facet) => facet.key === 'YEAR')?.values).toContainEqual({ value: '2018', number: 2018, count: 1 });
    expect(facets.find((facet) => facet.key === 'BRAND')?.values).toContainEqual({ value: 'TOYOTA', number: null, count: 1 });
    expect(facets.find((facet) => facet.key === 'MOTOR_SIZE_CC_TO')?.field).toBe('motorSizeCCTo');
  });

  it('takes the UPPER_SNAKE_CASE languages, and still the deprecated lower-case ones', async () => {
    expect((await stack.data('mutation { changeLanguage(language: EN) }', {}, seller.token)).changeLanguage).toBe('en');
    expect((await stack.data('{ me { language } }', {}, seller.token)).me.language).toBe('en');
    expect((await stack.data('mutation { changeLanguage(language: es) }', {}, seller.token)).changeLanguage).toBe('es');
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
    expect((await get(hash, { authorization: `Bearer ${seller.token}` })).headers['cache-control']).toBe('private, no-store');
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
