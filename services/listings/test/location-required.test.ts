import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, code, createAd, fields, startListings, type Listings } from './harness';

/**
 * Issue 28 item 6: creating or editing an ad with canton or district missing, null or empty answered
 * INTERNAL_SERVER_ERROR (503 on REST): validation let through what the store refuses. Now it is a
 * translated VALIDATION naming the field, and nothing is written.
 */
const CREATE = 'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id } }';
const UPDATE = 'mutation U($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id canton district } }';
const MINE = '{ myOpportunities(status: PENDING_APPROVAL) { totalItems } }';

let listings: Listings;
let seller: Awaited<ReturnType<Listings['user']>>;

beforeAll(async () => {
  listings = await startListings();
  seller = await listings.user('ADVERTISER');
});
afterAll(() => listings.stop());

describe('an ad without canton or district', () => {
  it('is refused in words on create, missing, null or empty, and nothing is stored', async () => {
    const before = (await listings.call(MINE, {}, seller.token)).data!.myOpportunities.totalItems as number;
    for (const field of ['canton', 'district'] as const) {
      for (const value of [undefined, null, '', '   ']) {
        const input: Record<string, unknown> = adInput({ [field]: value });
        if (value === undefined) delete input[field];
        const result = await listings.call(CREATE, { input }, { token: seller.token, language: 'en' });
        expect([field, String(value), code(result), fields(result)?.[field]]).toEqual([
          field,
          String(value),
          'VALIDATION',
          field === 'canton' ? 'invalidCanton' : 'invalidDistrict',
        ]);
        expect(result.errors![0]!.message).not.toMatch(/internal/i);
      }
    }
    expect((await listings.call(MINE, {}, seller.token)).data!.myOpportunities.totalItems).toBe(before);
  });

  it('is refused in words on edit; leaving the fields out keeps the ad’s', async () => {
    const id = await createAd(listings, seller);
    for (const field of ['canton', 'district'] as const) {
      const result = await listings.call(UPDATE, { id, input: { [field]: '' } }, seller.token);
      expect([code(result), fields(result)?.[field]]).toEqual(['VALIDATION', field === 'canton' ? 'invalidCanton' : 'invalidDistrict']);
    }
    const kept = await listings.call(UPDATE, { id, input: { model: 'Yaris', canton: null, district: null } }, seller.token);
    expect(kept.errors).toBeUndefined();
    expect(kept.data!.updateOpportunity).toMatchObject({ canton: adInput().canton, district: adInput().district });
  });
});
