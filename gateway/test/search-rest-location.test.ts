// Full services, not light subgraph fixtures: search interprets the location filter over ads indexed from listings' events;
// the facade's part is checked on what the index answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';

// POST /api/v1/search/advanceSearch by province and canton (issue 13): the REST facade honours the
// location filter as GraphQL's search does, and refuses a canton outside its province in the caller's language.

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER' } as const;
const ads = {} as { sanJose: string; escazu: string; alajuela: string; liberia: string };

async function publicAd(overrides: Json): Promise<string> {
  const created = await stack.graphql(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput(overrides) },
    { token: stack.accounts.seller!.token },
  );
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const id = created.data!.createOpportunity.id as string;
  const approved = await stack.api('PUT', '/opportunity/protected/updateStatus', {
    token: stack.accounts.admin!.token,
    body: { id, newStatus: 'PUBLIC_ONLINE' },
  });
  if (approved.status !== 200) throw new Error(JSON.stringify(approved.body));
  return id;
}

const ids = (body: Json): string[] => (body.items as Json[]).map((ad) => ad.id as string).sort();

beforeAll(async () => {
  stack = await startStack(people);
  // Listings learns of the seller from identity's events first.
  ads.sanJose = await eventually(() => publicAd({ province: '1', canton: '101', district: '10101' }));
  ads.escazu = await publicAd({ province: '1', canton: '102', district: '10201', model: 'Yaris' });
  ads.alajuela = await publicAd({ province: '2', canton: '201', district: '20101', model: 'RAV4', style: 'TODO_TERRENO_4X4' });
  ads.liberia = await publicAd({ province: '5', canton: '501', district: '50101', model: 'Hilux', style: 'PICK_UP_4X4' });
  await eventually(async () => {
    const res = await stack.api('POST', '/search/advanceSearch', { body: {} });
    if (res.body.totalItems !== 4) throw new Error(JSON.stringify(res.body));
  });
}, 60_000);

afterAll(() => stack?.stop());

describe('POST /search/advanceSearch by location', () => {
  it('keeps the ads of the province, and of the canton within it', async () => {
    const province = await stack.api('POST', '/search/advanceSearch', { body: { province: '1' } });
    expect(province.status).toBe(200);
    expect(ids(province.body)).toEqual([ads.sanJose, ads.escazu].sort());
    expect(province.body.totalItems).toBe(2);

    const canton = await stack.api('POST', '/search/advanceSearch', { body: { province: '1', canton: '102' } });
    expect(ids(canton.body)).toEqual([ads.escazu]);

    // With the other filters, and as legacy clients send the codes: numbers.
    const numeric = await stack.api('POST', '/search/advanceSearch', { body: { province: 2, canton: 201, brand: 'TOYOTA', pageNumber: 1 } });
    expect(numeric.status).toBe(200);
    expect(ids(numeric.body)).toEqual([ads.alajuela]);
    const none = await stack.api('POST', '/search/advanceSearch', { body: { province: '5', style: 'SEDAN' } });
    expect(none.body.totalItems).toBe(0);
    // Blank means any, as for every other field.
    expect((await stack.api('POST', '/search/advanceSearch', { body: { province: '', canton: null } })).body.totalItems).toBe(4);
  });

  it('answers the same ads as GraphQL for the same location', async () => {
    const graph = await stack.data('query($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { items { id } } }', {
      filter: { province: '1', canton: '101' },
    });
    const rest = await stack.api('POST', '/search/advanceSearch', { body: { province: '1', canton: '101' } });
    expect(ids(rest.body)).toEqual((graph.searchOpportunities.items as Json[]).map((ad) => ad.id).sort());
    expect(ids(rest.body)).toEqual([ads.sanJose]);
  });

  it('refuses an unknown province, a canton of another province or a canton without province, translated', async () => {
    for (const body of [{ province: '9' }, { province: '1', canton: '201' }, { canton: '101' }]) {
      const es = await stack.api('POST', '/search/advanceSearch', { body });
      expect(es.status, JSON.stringify(body)).toBe(400);
      expect(es.body.code).toBe('VALIDATION');
      const en = await stack.api('POST', '/search/advanceSearch', { body, language: 'en' });
      expect(en.status).toBe(400);
      expect(en.body.message).not.toBe(es.body.message);
    }
  });

  it('documents province and canton in the OpenAPI description', async () => {
    const { body } = await stack.api('GET', '/openapi.json');
    const schema = body.paths['/api/v1/search/advanceSearch'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.province.description).toMatch(/province/i);
    expect(schema.properties.canton.description).toMatch(/canton/i);
  });
});
