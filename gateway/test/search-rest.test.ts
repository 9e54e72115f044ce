// Full services, not light subgraph fixtures: ads created in listings reach search's index through events.
import { describe, expect, it } from 'vitest';
import { nextCalendarYear, translate as translateMessage } from '@ruedas/domain';
import { createAdAs, eventually, type Json, type Stack } from './stack';
import { approveAll, sampleAds, stackForFile } from './stack-for-file';

// POST /api/v1/search/advanceSearch over HTTP, with every real subgraph in process behind the
// gateway: ads created in listings reach the search index through the listings.opportunity events.

const INVALID_ES = translateMessage('validationFailed', 'es');

let stack: Stack;

const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', other: 'ADVERTISER', buyer: 'ADVERTISER' } as const;
const ads = {} as { gold: string; silver: string; pending: string; diesel: string };

const graphql = async (query: string, variables: Json, token: string) => (await stack.graphql(query, variables, { token })) as { data?: Json; errors?: Json[] };

const createAd = (overrides: Json = {}) => createAdAs(stack, users.seller.token, overrides);

const { users, api } = stackForFile(people, async (started) => {
  stack = started;

  // Listings learns of the seller and the admin from identity's events.
  Object.assign(ads, await sampleAds(stack, users.seller.token));
  ads.diesel = await createAd({
    model: 'Hilux',
    style: 'PICK_UP_4X4',
    fuelType: 'DIESEL',
    transmissionType: 'MANUAL',
    year: 2020,
    currency: 'USD',
    price: 30_000,
  });
  await approveAll(stack, users.admin.token, [ads.gold, ads.silver, ads.diesel]);
  // The search service has indexed the three public ads.
  await eventually(async () => {
    const res = await api('POST', '/search/advanceSearch', { body: {} });
    if (res.body.totalItems !== 3) throw new Error(JSON.stringify(res.body));
  });
});

const WEB_SEARCH =
  'query($filter: SearchFilterInput!, $pageNumber: Int) { searchOpportunities(filter: $filter, pageNumber: $pageNumber) { items { id } totalItems ' +
  'interpretation { brand model } } }';

describe('POST /search/advanceSearch', () => {
  it('answers the paginated result with legacy ad objects, public ads only, without plates', async () => {
    const { status, body } = await api('POST', '/search/advanceSearch', { body: { brand: 'TOYOTA', pageNumber: 1 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalItems: 2, perPage: 10, pageNumber: 1, totalPages: 1 });
    expect(body.items.map((ad: Json) => ad.id).sort()).toEqual([ads.gold, ads.diesel].sort());
    const gold = body.items.find((ad: Json) => ad.id === ads.gold);
    expect(gold).toMatchObject({ brand: 'TOYOTA', model: 'Corolla', level: 4, extraList: 'AIR_CONDITIONING,AIRBAGS', status: 'PUBLIC_ONLINE' });
    expect(JSON.stringify(body)).not.toContain('BCD123');
    // The ads are resolved by listings, whose plate rule holds: a signed-in buyer sees no plate either.
    const buyer = await api('POST', '/search/advanceSearch', { body: { brand: 'TOYOTA' }, token: users.buyer.token });
    expect(JSON.stringify(buyer.body)).not.toContain('BCD123');
  });

  it('reads the free text as the web does (issue 27): a filler word narrows nothing, a price in words is a price', async () => {
    const worded = await api('POST', '/search/advanceSearch', { body: { text: 'toyota hilux usada diésel hasta 40 mil dólares' } });
    expect(worded.status).toBe(200);
    expect(worded.body.items.map((ad: Json) => ad.id)).toEqual([ads.diesel]);
    const english = await api('POST', '/search/advanceSearch', { body: { text: 'used pickup 4x4 diesel under $40,000 for sale' } });
    expect(english.body.items.map((ad: Json) => ad.id)).toEqual([ads.diesel]);
  });

  it('gives a misspelled legacy brand and model the same results as the web app', async () => {
    const legacy = await api('POST', '/search/advanceSearch', { body: { brand: 'Toyta', model: 'corola', style: '', currency: null, pageNumber: '1' } });
    const web = await graphql(WEB_SEARCH, { filter: { text: 'toyta corola' } }, users.buyer.token);
    expect(legacy.status).toBe(200);
    expect(legacy.body.items.map((ad: Json) => ad.id)).toEqual([ads.gold]);
    expect(web.data!.searchOpportunities.items.map((ad: Json) => ad.id)).toEqual([ads.gold]);
    expect(web.data!.searchOpportunities.interpretation).toEqual({ brand: 'TOYOTA', model: 'Corolla' });
  });

  it('takes every filter of the legacy object, numbers as text included', async () => {
    const ids = async (body: Json) => (await api('POST', '/search/advanceSearch', { body })).body.items.map((ad: Json) => ad.id);
    expect(await ids({ fuelType: 'DIESEL', transmissionType: 'MANUAL', style: 'PICK_UP_4X4', yearFrom: '2019', yearTo: 2021 })).toEqual([ads.diesel]);
    // $30,000 at 510 colones per dollar is ₡15,300,000: found by a colones range and a dollar range.
    expect(await ids({ priceFrom: 15_000_000, priceTo: '16000000', currency: 'CRC' })).toEqual([ads.diesel]);
    expect(await ids({ priceFrom: 29_000, priceTo: 31_000, currency: 'USD' })).toEqual([ads.diesel]);
    expect(await ids({ exteriorColor: 'white', passengersNumber: 5, mileageMax: 100_000, year: 2018 })).toHaveLength(2);
    expect(await ids({ motorSizeCCFrom: 4000, motorSizeCCTo: 10_000 })).toEqual([]);
  });

  it('answers bad input 400 VALIDATION with the translated message', async () => {
    const range = await api('POST', '/search/advanceSearch', { body: { priceFrom: 10, priceTo: 5 } });
    expect(range).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: INVALID_ES } });
    expect(range.body.fields.priceTo).toEqual({ messageKey: 'invalidPriceRange', message: translateMessage('invalidPriceRange', 'es') });
    const style = await api('POST', '/search/advanceSearch', { body: { style: 'BUS' }, language: 'en' });
    expect(style).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: translateMessage('validationFailed', 'en') } });
    expect(style.body.fields.style).toEqual({ messageKey: 'invalidStyle', message: translateMessage('invalidStyle', 'en') });
    const year = await api('POST', '/search/advanceSearch', { body: { year: 3000 }, language: 'en' });
    expect(year.body.fields.year.message).toBe(`Enter a year from 1900 to ${nextCalendarYear()}.`);
    expect((await api('POST', '/search/advanceSearch', { body: { pageNumber: 0 } })).status).toBe(400);
    expect((await api('POST', '/search/advanceSearch', { body: [] })).status).toBe(400);
  });

  it('pages beyond the last page to an empty list', async () => {
    const { status, body } = await api('POST', '/search/advanceSearch', { body: { pageNumber: 2 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], totalItems: 3, pageNumber: 2, totalPages: 1 });
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await api('GET', '/openapi.json');
    expect(body.paths['/api/v1/search/advanceSearch'].post.security).toEqual([]);
    expect(body.paths['/api/v1/search/advanceSearch'].post.requestBody).toBeTruthy();
  });
});
