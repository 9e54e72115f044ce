import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, startListings, type Listings } from './harness';

const PLACE = 'query P($id: ID!) { opportunity(id: $id) { province canton district place exteriorColor exteriorColorCode interiorColor interiorColorCode } }';

/** Issue 12 (decision 0114): the ad's place and colour names, worked out by the service for the ad's page. */
describe('the place and colour names of an ad', () => {
  let listings: Listings;
  let owner: { token: string };
  let admin: { token: string };

  beforeAll(async () => {
    listings = await startListings();
    owner = await listings.user('ADVERTISER');
    admin = await listings.user('ADMINISTRATOR');
  });
  afterAll(() => listings.stop());

  it('answers the district, canton and province names and the suggested colours the colour fields name', async () => {
    const id = await createAd(listings, owner, { province: '1', canton: '102', district: '10201', exteriorColor: 'negra', interiorColor: 'Beige' }, admin);
    const answer = await listings.call(PLACE, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.opportunity).toMatchObject({
      place: 'Escazú, Escazú, San José',
      exteriorColor: 'negra',
      exteriorColorCode: 'BLACK',
      interiorColorCode: 'BEIGE',
    });
  });

  it("answers null for a colour in the seller's own words, to a visitor too", async () => {
    const id = await createAd(listings, owner, { exteriorColor: 'Verde menta metálico', interiorColor: 'Gris claro' }, admin);
    const answer = await listings.call(PLACE, { id });
    expect(answer.data!.opportunity).toMatchObject({ place: 'Carmen, San José, San José', exteriorColorCode: null });
  });
});
