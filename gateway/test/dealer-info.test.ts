// Full services, not light subgraph fixtures: identity decides who may set a dealer's info and validates it; listings'
// seller info shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { startStack, type Json, type Stack } from './stack';

// A dealer's address, opening hours and map place (issue 13) through the gateway: who may set them
// (GraphQL updateDealerInfo), what the seller's info shows (GraphQL sellerInfo and REST
// GET /users/sellerInfo/:id), and bad input refused in the caller's language with nothing changed.

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', dealer: 'ADVERTISER', rival: 'ADVERTISER', person: 'ADVERTISER', impersonator: 'IMPERSONALIZATOR' } as const;

const UPDATE = `mutation($userId: ID, $input: DealerInfoInput!) { updateDealerInfo(userId: $userId, input: $input) { id dealerInfo { directions } } }`;
const SELLER =
  `query($id: ID!) { sellerInfo(sellerId: $id) { fullName dealer { province canton district provinceName cantonName districtName directions ` +
  `hours { day ranges { opens closes } } latitude longitude googleMapsUrl wazeUrl } } }`;

const info = (overrides: Json = {}) => ({
  province: '2',
  canton: '201',
  district: '20101',
  directions: '100 m sur del parque central',
  hours: [
    {
      day: 'MONDAY',
      ranges: [
        { opens: '08:00', closes: '12:00' },
        { opens: '13:00', closes: '18:00' },
      ],
    },
    { day: 'SATURDAY', ranges: [{ opens: '09:00', closes: '13:00' }] },
  ],
  mapLink: 'https://www.google.com/maps/place/Lote/@10.0163,-84.2116,17z',
  ...overrides,
});

const update = (token: string, input: Json, userId?: string) => stack.graphql(UPDATE, { input, ...(userId ? { userId } : {}) }, { token });

const dealerOf = async (id: string) => ((await stack.data(SELLER, { id })).sellerInfo as Json).dealer as Json | null;

beforeAll(async () => {
  stack = await startStack(people);
  // The dealer's account is a merchant's (an administrator's edit, as the users maintenance does).
  const { id, email } = stack.accounts.dealer!;
  await stack.data(
    `mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id userType } }`,
    {
      input: {
        id,
        userType: 'CARS_SELLER_MERCHANT',
        merchantName: 'Autos del Valle',
        name: 'Dealer',
        lastName: 'Mora',
        email,
        phoneList: [{ phone: '88881234' }],
        province: '2',
        canton: '201',
        district: '20101',
        language: 'es',
        role: 'ADVERTISER',
      },
    },
    stack.accounts.admin!.token,
  );
}, 60_000);

afterAll(() => stack?.stop());

describe('updateDealerInfo', () => {
  it('lets a merchant set their own; sellerInfo shows it over GraphQL and REST, with map links', async () => {
    const dealer = stack.accounts.dealer!;
    const answer = await update(dealer.token, info());
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.updateDealerInfo.dealerInfo.directions).toBe('100 m sur del parque central');

    const shown = await dealerOf(dealer.id);
    expect(shown).toMatchObject({ province: '2', canton: '201', district: '20101', latitude: 10.0163, longitude: -84.2116 });
    // Issue 12: the place names, so the seller page does not load the districts' table.
    expect(shown).toMatchObject({ provinceName: 'Alajuela', cantonName: 'Alajuela', districtName: 'Alajuela' });
    expect((shown!.hours as Json[]).map((day) => day.day)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(shown!.hours[0].ranges).toEqual([
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '18:00' },
    ]);
    expect(shown!.hours[1].ranges).toEqual([]);
    expect(shown!.googleMapsUrl).toBe('https://www.google.com/maps/search/?api=1&query=10.0163%2C-84.2116');
    expect(shown!.wazeUrl).toBe('https://waze.com/ul?ll=10.0163%2C-84.2116&navigate=yes');

    const rest = await stack.api('GET', `/users/sellerInfo/${dealer.id}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      fullName: 'Autos del Valle',
      dealer: { directions: '100 m sur del parque central', latitude: 10.0163, googleMapsUrl: shown!.googleMapsUrl },
    });
    expect(rest.body.dealer.hours).toEqual(shown!.hours);
  });

  it("refuses another advertiser (and an anonymous caller) setting a merchant's info, and changes nothing", async () => {
    const dealer = stack.accounts.dealer!;
    const before = await dealerOf(dealer.id);
    const rival = await update(stack.accounts.rival!.token, info({ directions: 'Cerrado definitivamente' }), dealer.id);
    expect(rival.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(rival.errors?.[0]?.message).toBe(translate('forbidden', 'es'));
    const anonymous = await stack.graphql(UPDATE, { input: info({ directions: 'Cerrado' }), userId: dealer.id });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('0003');
    expect(await dealerOf(dealer.id)).toEqual(before);
  });

  it("lets an administrator and an impersonator set an advertiser's dealer info (recorded in the audit trail)", async () => {
    const dealer = stack.accounts.dealer!;
    const byAdmin = await update(stack.accounts.admin!.token, info({ directions: 'Frente a la escuela' }), dealer.id);
    expect(byAdmin.errors).toBeUndefined();
    expect((await dealerOf(dealer.id))!.directions).toBe('Frente a la escuela');
    const byImpersonator = await update(stack.accounts.impersonator!.token, info({ directions: 'Costado norte de la iglesia' }), dealer.id);
    expect(byImpersonator.errors).toBeUndefined();
    expect((await dealerOf(dealer.id))!.directions).toBe('Costado norte de la iglesia');
    // ...but not an administrator's own dealer info: the impersonator maintains advertisers only.
    const onAdmin = await update(stack.accounts.impersonator!.token, info(), stack.accounts.admin!.id);
    expect(onAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses bad input with translated field errors and changes nothing', async () => {
    const dealer = stack.accounts.dealer!;
    const before = await dealerOf(dealer.id);
    const cases: Array<[Json, string, string]> = [
      [info({ hours: [{ day: 'MONDAY', ranges: [{ opens: '17:00', closes: '08:00' }] }] }), 'hours.0.ranges.0.closes', 'closesBeforeOpens'],
      [info({ mapLink: null, latitude: 12.1364, longitude: -86.2514 }), 'latitude', 'coordinatesOutsideCostaRica'],
      [info({ mapLink: 'https://maps.app.goo.gl/xyz' }), 'mapLink', 'mapLinkWithoutCoordinates'],
      [info({ canton: '101' }), 'canton', 'invalidCanton'],
    ];
    for (const [input, field, key] of cases) {
      for (const language of ['es', 'en'] as const) {
        const response = await stack.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${dealer.token}`, 'accept-language': language },
          payload: { query: UPDATE, variables: { input } },
        });
        expect(response.statusCode).toBeLessThan(500);
        const error = (response.json() as Json).errors[0];
        expect(error.extensions.code, key).toBe('VALIDATION');
        expect(error.extensions.fields[field].key ?? error.extensions.fields[field], key).toBeTruthy();
        expect(JSON.stringify(error.extensions.fields[field])).toContain(translate(key as never, language));
      }
    }
    expect(await dealerOf(dealer.id)).toEqual(before);
  });

  it('has none for a private person: refused, and their seller info carries no dealer', async () => {
    const person = stack.accounts.person!;
    const refused = await update(person.token, info());
    expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect(await dealerOf(person.id)).toBeNull();
    expect((await stack.api('GET', `/users/sellerInfo/${person.id}`)).body.dealer).toBeNull();
  });
});
