import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate as translateMessage } from '@ruedas/domain';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';

// The GraphQL API as another team's client sees it (issue 18): permission errors at one field,
// no internal topology in errors, the page vocabulary and the typed values.
// Full services: each case reads what the services answer (who may see a seller's private fields,
// their page shapes, money and instants); CORS and persisted queries, the gateway's own, are in
// api-headers.test.ts on light subgraph fixtures.

let stack: Stack;
let seller: { id: string; email: string; token: string };
let admin: { id: string; token: string };
let adId: string;

const post = (payload: Json, headers: Record<string, string> = {}) =>
  stack.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...headers } });

beforeAll(async () => {
  stack = await startStack({ seller: 'ADVERTISER', admin: 'ADMINISTRATOR' });
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
