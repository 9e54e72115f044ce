// Full services, not light subgraph fixtures: ads created, changed and listed by listings with identity's accounts; the
// answers are the services'.
import { describe, expect, it } from 'vitest';
import { translate as translateMessage } from '@ruedas/domain';
import type { Json, Stack } from './stack';
import { approveAll, sampleAds, stackForFile } from './stack-for-file';

// The listings paths of /api/v1 over HTTP, with every real subgraph (identity and listings above
// all) in process behind the gateway, as the all-in-one launcher wires them.

const INVALID_ES = translateMessage('validationFailed', 'es');

let stack: Stack;

const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', other: 'ADVERTISER', buyer: 'ADVERTISER' } as const;
const ads = {} as { gold: string; silver: string; pending: string };

const { users, api } = stackForFile(people, async (started) => {
  stack = started;

  // Listings learns of the seller and the admin from identity's events.
  Object.assign(ads, await sampleAds(stack, users.seller.token));
  await approveAll(stack, users.admin.token, [ads.gold, ads.silver]);
});

describe('ad detail GET /opportunity/{id}', () => {
  it('answers a visitor the legacy ad object without the plate or the creation date', async () => {
    const { status, body } = await api('GET', `/opportunity/${ads.gold}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ads.gold,
      brand: 'TOYOTA',
      model: 'Corolla',
      year: 2018,
      status: 'PUBLIC_ONLINE',
      level: 4,
      message: 'Como nuevo',
      isNew: true,
      extraList: 'AIR_CONDITIONING,AIRBAGS',
      attachmentIds: '',
      user: { id: users.seller.id },
      price: 9_500_000,
      currency: 'CRC',
    });
    expect(JSON.parse(body.phoneList)).toEqual([
      { phone: '8888-1234', phoneType: 'WHATSAPP' },
      { phone: '2222-5678', phoneType: 'HOME' },
    ]);
    expect(body).not.toHaveProperty('carIdNumber');
    expect(body).not.toHaveProperty('dateCreated');
  });
  it('shows the owner and administrators the plate and the creation date', async () => {
    for (const who of ['seller', 'admin'] as const) {
      const { body } = await api('GET', `/opportunity/${ads.gold}`, { token: users[who].token });
      expect(body.carIdNumber, who).toBe('BCD123');
      expect(new Date(body.dateCreated).getTime(), who).toBeGreaterThan(0);
    }
    expect((await api('GET', `/opportunity/${ads.gold}`, { token: users.buyer.token })).body).not.toHaveProperty('carIdNumber');
  });
  it('answers NOT_FOUND for an ad that is not public, except to its owner', async () => {
    expect((await api('GET', `/opportunity/${ads.pending}`)).status).toBe(404);
    expect((await api('GET', '/opportunity/no-such-ad', { token: users.buyer.token })).body.code).toBe('NOT_FOUND');
    expect((await api('GET', `/opportunity/${ads.pending}`, { token: users.seller.token })).body.status).toBe('PENDING_APPROVAL');
  });
  it('gives the seller contact and counts views', async () => {
    expect((await api('GET', `/opportunity/${ads.gold}/contact`)).body).toEqual({
      fullName: 'Seller Mora',
      phones: [
        { phone: '8888-1234', phoneType: 'WHATSAPP' },
        { phone: '2222-5678', phoneType: 'HOME' },
      ],
    });
    // Each visitor counts once per ad and day (issue 28): a second view from the same address does not count.
    expect((await api('GET', `/tally/${ads.silver}/increment`, { remoteAddress: '10.30.0.1' })).body).toBe(1);
    expect((await api('GET', `/tally/${ads.silver}/increment`, { remoteAddress: '10.30.0.1' })).body).toBe(1);
    expect((await api('GET', `/tally/${ads.silver}/increment`, { remoteAddress: '10.30.0.2' })).body).toBe(2);
    expect((await api('GET', `/tally/${ads.silver}/count`)).body).toBe(2);
  });
});

describe('public lists', () => {
  it('the home carousel holds the gold ads', async () => {
    const { body } = await api('GET', '/opportunity/homeCarousel');
    expect(body.map((ad: Json) => [ad.id, ad.level])).toEqual([[ads.gold, 4]]);
  });
  it('the available list is the paginated result, gold before silver, without plates', async () => {
    const { status, body } = await api('GET', '/opportunity/available/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalItems: 2, pageNumber: 1, totalPages: 1, perPage: expect.any(Number) });
    expect(body.items.map((ad: Json) => ad.id)).toEqual([ads.gold, ads.silver]);
    expect(body.items[0]).not.toHaveProperty('carIdNumber');
    expect((await api('GET', `/opportunity/sellerAvailableOpportunities/${users.seller.id}/1`)).body.totalItems).toBe(2);
    expect((await api('GET', `/opportunity/sellerAvailableOpportunities/${users.buyer.id}/1`)).body).toMatchObject({ items: [], totalItems: 0 });
  });
  it('refuses bad page numbers with 400 and the translated validation message', async () => {
    for (const page of ['0', '-2', 'abc', '1.5']) {
      const res = await api('GET', `/opportunity/available/${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body, page).toMatchObject({ code: 'VALIDATION', message: INVALID_ES });
    }
    expect((await api('GET', '/users/protected/myWishList/x', { token: users.buyer.token, language: 'en' })).body.message).toBe(
      translateMessage('validationFailed', 'en'),
    );
  });
});

describe('owner and admin paths', () => {
  it('need a token: 0003 without one', async () => {
    for (const path of [
      '/opportunity/protected/myOpportunities/PUBLIC_ONLINE/1',
      '/opportunity/protected/PUBLIC_ONLINE/1',
      `/opportunity/protected/statusHistory/${ads.gold}`,
      `/opportunity/protected/userActiveOpportunities/1/${users.seller.id}`,
      '/users/protected/myWishList/1',
    ]) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.code, path).toBe('0003');
    }
    expect((await api('PUT', '/opportunity/protected/myOpportunityStatusUpdate', { body: { id: ads.silver, newStatus: 'SOLD' } })).body.code).toBe('0003');
  });
  it('my ads by status, with the plate, and not the admin list of the same shape of path', async () => {
    const { status, body } = await api('GET', '/opportunity/protected/myOpportunities/PENDING_APPROVAL/1', { token: users.seller.token });
    expect(status).toBe(200);
    expect(body.items.map((ad: Json) => ad.id)).toEqual([ads.pending]);
    expect(body.items[0]).toMatchObject({ carIdNumber: 'BCD123', status: 'PENDING_APPROVAL', level: 1 });
    expect((await api('GET', '/opportunity/protected/myOpportunities/PUBLIC_ONLINE/1', { token: users.buyer.token })).body.totalItems).toBe(0);
  });
  it('refuses an unknown status with 400 and the translated validation message, never 500', async () => {
    for (const path of ['/opportunity/protected/myOpportunities/BOGUS/1', '/opportunity/protected/sold/1']) {
      const res = await api('GET', path, { token: users.admin.token });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'VALIDATION', message: INVALID_ES });
    }
    const put = await api('PUT', '/opportunity/protected/updateStatus', {
      token: users.admin.token,
      body: { id: ads.gold, newStatus: 'GONE' },
      language: 'en',
    });
    expect(put).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: translateMessage('validationFailed', 'en') } });
  });
  it('lists ads by status: every ad for administrators, their own for an owner (decision 0160)', async () => {
    const { body } = await api('GET', '/opportunity/protected/PENDING_APPROVAL/1', { token: users.admin.token });
    expect(body).toMatchObject({ totalItems: 1, items: [{ id: ads.pending, carIdNumber: 'BCD123' }] });
    const own = await api('GET', '/opportunity/protected/PENDING_APPROVAL/1', { token: users.seller.token });
    expect(own).toMatchObject({ status: 200, body: { totalItems: 1, items: [{ id: ads.pending }] } });
    const none = await api('GET', '/opportunity/protected/PENDING_APPROVAL/1', { token: users.other.token });
    expect(none).toMatchObject({ status: 200, body: { totalItems: 0, items: [] } });
    expect((await api('GET', `/opportunity/protected/userOpportunities/${users.seller.id}/1`, { token: users.admin.token })).body.totalItems).toBe(3);
    expect((await api('GET', `/opportunity/protected/userOpportunities/${users.seller.id}/1`, { token: users.other.token })).body.code).toBe('FORBIDDEN');
  });
  it("a user's active ads: that user or an administrator", async () => {
    for (const who of ['seller', 'admin'] as const) {
      expect((await api('GET', `/opportunity/protected/userActiveOpportunities/1/${users.seller.id}`, { token: users[who].token })).body.totalItems, who).toBe(
        2,
      );
    }
    expect((await api('GET', `/opportunity/protected/userActiveOpportunities/1/${users.seller.id}`, { token: users.other.token })).status).toBe(403);
  });
  it('the status history, for the owner and administrators', async () => {
    const { body } = await api('GET', `/opportunity/protected/statusHistory/${ads.gold}`, { token: users.admin.token });
    expect(body.map((entry: Json) => entry.status)).toContain('PUBLIC_ONLINE');
    expect(body.at(-1)).toMatchObject({
      email: 'admin@example.com',
      fullName: 'Admin Mora',
      status: 'PUBLIC_ONLINE',
      statusDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await api('GET', `/opportunity/protected/statusHistory/${ads.gold}`, { token: users.other.token })).body.code).toBe('FORBIDDEN');
  });
  it('only administrators set any status', async () => {
    const res = await api('PUT', '/opportunity/protected/updateStatus', { token: users.seller.token, body: { id: ads.pending, newStatus: 'PUBLIC_ONLINE' } });
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});

describe('favourites', () => {
  it('add the ad object, list, remove', async () => {
    const ad = (await api('GET', `/opportunity/${ads.silver}`)).body;
    const added = await api('POST', '/users/protected/myWishList', { token: users.buyer.token, body: ad });
    expect(added).toMatchObject({ status: 200, body: { id: ads.silver, extraList: 'AIR_CONDITIONING,AIRBAGS' } });
    expect((await api('GET', '/users/protected/myWishList/1', { token: users.buyer.token })).body).toMatchObject({
      totalItems: 1,
      items: [{ id: ads.silver }],
    });
    expect((await api('DELETE', '/users/protected/myWishList', { token: users.buyer.token, body: ad })).body).toBe(true);
    expect((await api('GET', '/users/protected/myWishList/1', { token: users.buyer.token })).body.totalItems).toBe(0);
  });
  it('refuse a body without the ad id, and visitors', async () => {
    expect((await api('POST', '/users/protected/myWishList', { token: users.buyer.token, body: { brand: 'TOYOTA' } })).status).toBe(400);
    expect((await api('POST', '/users/protected/myWishList', { body: { id: ads.gold } })).body.code).toBe('0003');
  });
});

describe('the owner marks an ad sold', () => {
  it('only SOLD, only the owner, and the ad leaves the public list', async () => {
    expect(
      (await api('PUT', '/opportunity/protected/myOpportunityStatusUpdate', { token: users.seller.token, body: { id: ads.silver, newStatus: 'EXPIRED' } }))
        .status,
    ).toBe(400);
    expect(
      (await api('PUT', '/opportunity/protected/myOpportunityStatusUpdate', { token: users.other.token, body: { id: ads.silver, newStatus: 'SOLD' } })).body
        .code,
    ).toBe('FORBIDDEN');
    const sold = await api('PUT', '/opportunity/protected/myOpportunityStatusUpdate', {
      token: users.seller.token,
      body: { id: ads.silver, newStatus: 'SOLD' },
    });
    expect(sold).toMatchObject({ status: 200, body: { id: ads.silver, status: 'SOLD', carIdNumber: 'BCD123' } });
    expect((await api('GET', '/opportunity/available/1')).body.items.map((ad: Json) => ad.id)).toEqual([ads.gold]);
    expect((await api('GET', '/opportunity/protected/myOpportunities/SOLD/1', { token: users.seller.token })).body.totalItems).toBe(1);
    expect(
      (await api('PUT', '/opportunity/protected/myOpportunityStatusUpdate', { token: users.seller.token, body: { id: ads.silver, newStatus: 'SOLD' } })).status,
    ).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('describes every listings path with its security', async () => {
    const { paths } = (await api('GET', '/openapi.json')).body;
    expect(paths['/api/v1/opportunity/protected/myOpportunities/{status}/{page}'].get.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/v1/tally/{id}/count'].get.security).toEqual([]);
    expect(paths['/api/v1/users/protected/myWishList']).toHaveProperty('post');
  });
});
