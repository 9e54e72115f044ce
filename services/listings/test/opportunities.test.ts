import { createEvent, opportunityReviewed, topics } from '@ruedas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adInput,
  AVAILABLE,
  code,
  CREATE,
  createAd,
  DAY,
  eventually,
  fields,
  HISTORY,
  MINE,
  READ,
  SET_STATUS,
  SOLD,
  START,
  startListings,
  UPDATE,
  type Listings,
} from './harness';

let listings: Listings;
let admin: Awaited<ReturnType<Listings['user']>>;
let seller: Awaited<ReturnType<Listings['user']>>;
let other: Awaited<ReturnType<Listings['user']>>;

beforeAll(async () => {
  listings = await startListings();
  admin = await listings.user('ADMINISTRATOR', { fullName: 'Admin Ruedas' });
  seller = await listings.user('ADVERTISER', { fullName: 'Ana Mora Solís' });
  other = await listings.user('ADVERTISER');
});
afterAll(() => listings.stop());

describe('creating an ad', () => {
  it('waits in PENDING_APPROVAL, with the seller as owner and the first history entry', async () => {
    const created = await listings.call(CREATE, { input: adInput() }, seller.token);
    expect(created.errors).toBeUndefined();
    const ad = created.data!.createOpportunity;
    expect(ad).toMatchObject({
      status: 'PENDING_APPROVAL',
      level: 'FREE',
      carIdNumber: 'BXR123',
      isMine: true,
      publishedAt: null,
      expiresAt: null,
      user: { id: seller.id },
    });
    expect(ad.dateCreated).toBe(START.toISOString());
    const history = await listings.call(HISTORY, { id: ad.id }, seller.token);
    expect(history.data!.statusHistory).toEqual([
      { email: seller.email, fullName: 'Ana Mora Solís', status: 'PENDING_APPROVAL', statusDate: START.toISOString() },
    ]);
  });

  it('validates with the wizard rules on the server', async () => {
    const result = await listings.call(CREATE, { input: adInput({ year: 1800, model: '', exteriorColor: null }) }, seller.token);
    expect(code(result)).toBe('VALIDATION');
    expect(fields(result)).toMatchObject({ year: 'invalidYear', model: 'invalidModel', exteriorColor: 'invalidExteriorColor' });
  });

  it('needs a signed-in seller', async () => {
    expect(code(await listings.call(CREATE, { input: adInput() }))).toBe('0003');
    const impersonator = await listings.user('IMPERSONALIZATOR');
    expect(code(await listings.call(CREATE, { input: adInput() }, impersonator.token))).toBe('FORBIDDEN');
  });

  it('publishes a snapshot through the outbox, at the ad version, without the plate nor the creation date', async () => {
    const id = await createAd(listings, seller);
    const [event] = await listings.snapshots(id);
    expect(event).toMatchObject({
      aggregateId: id,
      aggregateVersion: 1,
      payload: { change: 'CREATED', opportunity: { id, status: 'PENDING_APPROVAL', seller: { id: seller.id, fullName: 'Ana Mora Solís', testUser: false } } },
    });
    expect(JSON.stringify(event)).not.toContain('BXR123');
    expect(event!.payload.opportunity).not.toHaveProperty('carIdNumber');
    expect(event!.payload.opportunity).not.toHaveProperty('dateCreated');
  });
});

describe('statuses (DECISIONS.md)', () => {
  it('an admin approves: APPROVED then PUBLIC_ONLINE in the history, published with a free period of life', async () => {
    const id = await createAd(listings, seller);
    const approved = await listings.call(SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, admin.token);
    expect(approved.data!.updateOpportunityStatus).toMatchObject({
      status: 'PUBLIC_ONLINE',
      publishedAt: START.toISOString(),
      expiresAt: new Date(START.getTime() + 14 * DAY).toISOString(),
      isNew: true,
    });
    const history = (await listings.call(HISTORY, { id }, admin.token)).data!.statusHistory as Array<{ status: string; email: string }>;
    expect(history.map((entry) => entry.status)).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE']);
    expect(history[1]!.email).toBe(admin.email);
    const events = await listings.snapshots(id);
    expect(events.map((e) => [e.aggregateVersion, e.payload.opportunity.status, e.payload.previousStatus])).toEqual([
      [1, 'PENDING_APPROVAL', null],
      [2, 'PUBLIC_ONLINE', 'PENDING_APPROVAL'],
    ]);
  });

  it('a paid level lives PAID_AD_EXPIRY_DAYS', async () => {
    const id = await createAd(listings, seller, { level: 'GOLD' }, admin);
    const ad = (await listings.call(READ, { id }, seller.token)).data!.opportunity;
    expect(ad.expiresAt).toBe(new Date(START.getTime() + 30 * DAY).toISOString());
  });

  it('an owner edit of a public ad makes it MODIFIED (still public); the admin approves the edit back to PUBLIC_ONLINE', async () => {
    const id = await createAd(listings, seller, {}, admin);
    const edited = await listings.call(UPDATE, { id, input: { model: 'Corolla XLi', carIdNumber: null } }, seller.token);
    expect(edited.data!.updateOpportunity).toMatchObject({ status: 'MODIFIED', model: 'Corolla XLi', carIdNumber: 'BXR123', level: 'FREE' });
    expect((await listings.call(READ, { id })).data!.opportunity.status).toBe('MODIFIED');
    const back = await listings.call(SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, admin.token);
    expect(back.data!.updateOpportunityStatus.status).toBe('PUBLIC_ONLINE');
    const history = (await listings.call(HISTORY, { id }, seller.token)).data!.statusHistory as Array<{ status: string }>;
    expect(history.map((entry) => entry.status)).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE', 'MODIFIED', 'PUBLIC_ONLINE']);
    const [last] = (await listings.snapshots(id)).slice(-1);
    expect(last!.payload.opportunity.model).toBe('Corolla XLi');
  });

  it('an owner edit of a waiting ad keeps it waiting; the owner may not change the level of a published ad', async () => {
    const pending = await createAd(listings, seller);
    expect((await listings.call(UPDATE, { id: pending, input: { level: 'SILVER' } }, seller.token)).data!.updateOpportunity).toMatchObject({
      status: 'PENDING_APPROVAL',
      level: 'SILVER',
    });
    const live = await createAd(listings, seller, {}, admin);
    expect(fields(await listings.call(UPDATE, { id: live, input: { level: 'GOLD' } }, seller.token))).toEqual({ level: 'invalidLevel' });
    expect((await listings.call(UPDATE, { id: live, input: { level: 'GOLD' } }, admin.token)).data!.updateOpportunity).toMatchObject({
      status: 'PUBLIC_ONLINE',
      level: 'GOLD',
    });
  });

  it('a rejected ad that its owner corrects goes back to the review queue', async () => {
    const id = await createAd(listings, seller);
    await listings.call(SET_STATUS, { id, status: 'REJECTED' }, admin.token);
    expect((await listings.call(UPDATE, { id, input: { model: 'Yaris' } }, seller.token)).data!.updateOpportunity.status).toBe('PENDING_APPROVAL');
  });

  it('the owner marks a public ad SOLD once; not a waiting one; a sold ad is final for the owner', async () => {
    const waiting = await createAd(listings, seller);
    expect(code(await listings.call(SOLD, { id: waiting }, seller.token))).toBe('CONFLICT');
    const id = await createAd(listings, seller, {}, admin);
    expect((await listings.call(SOLD, { id }, seller.token)).data!.markOpportunitySold).toMatchObject({ status: 'SOLD', expiresAt: null });
    expect(code(await listings.call(SOLD, { id }, seller.token))).toBe('CONFLICT');
    expect(code(await listings.call(UPDATE, { id, input: { model: 'Yaris' } }, seller.token))).toBe('CONFLICT');
    const history = (await listings.call(HISTORY, { id }, seller.token)).data!.statusHistory as Array<{ status: string }>;
    expect(history.filter((entry) => entry.status === 'SOLD')).toHaveLength(1);
    expect(code(await listings.call(READ, { id }))).toBe('NOT_FOUND');
  });

  it('tells anybody why a once-public ad is gone and which car it was, and nothing of an ad never public or still public', async () => {
    const GONE = 'query G($id: ID!) { unavailableOpportunity(id: $id) { id reason brand model year style } }';
    const gone = async (id: string) => (await listings.call(GONE, { id })).data!.unavailableOpportunity;
    const waiting = await createAd(listings, seller);
    const sold = await createAd(listings, seller, {}, admin);
    const expired = await createAd(listings, seller, {}, admin);
    const live = await createAd(listings, seller, {}, admin);
    expect(await gone(waiting)).toBeNull();
    expect(await gone(live)).toBeNull();
    expect(await gone('no-such-ad')).toBeNull();
    await listings.call(SOLD, { id: sold }, seller.token);
    await listings.call(SET_STATUS, { id: expired, status: 'EXPIRED' }, admin.token);
    const input = adInput();
    expect(await gone(sold)).toEqual({ id: sold, reason: 'SOLD', brand: input.brand, model: input.model, year: input.year, style: input.style });
    expect(await gone(expired)).toMatchObject({ reason: 'EXPIRED' });
    await listings.call(SET_STATUS, { id: expired, status: 'REJECTED' }, admin.token);
    expect(await gone(expired)).toMatchObject({ reason: 'REMOVED' });
  });

  it('the owner may not set other statuses; an admin may set any, recorded in the history', async () => {
    const id = await createAd(listings, seller, {}, admin);
    expect(code(await listings.call(SET_STATUS, { id, status: 'EXPIRED' }, seller.token))).toBe('FORBIDDEN');
    for (const status of ['SOLD', 'EXPIRED', 'REJECTED', 'PENDING_APPROVAL']) {
      expect((await listings.call(SET_STATUS, { id, status }, admin.token)).data!.updateOpportunityStatus.status).toBe(status);
    }
    const renewed = await listings.call(SET_STATUS, { id, status: 'RENEWED' }, admin.token);
    expect(renewed.data!.updateOpportunityStatus.status).toBe('PUBLIC_ONLINE');
    const history = (await listings.call(HISTORY, { id }, admin.token)).data!.statusHistory as Array<{ status: string }>;
    expect(history.map((entry) => entry.status).slice(3)).toEqual(['SOLD', 'EXPIRED', 'REJECTED', 'PENDING_APPROVAL', 'RENEWED', 'PUBLIC_ONLINE']);
  });

  it('setting the status an ad already has changes nothing', async () => {
    const id = await createAd(listings, seller, {}, admin);
    await listings.call(SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, admin.token);
    expect((await listings.call(HISTORY, { id }, admin.token)).data!.statusHistory).toHaveLength(3);
  });
});

describe('who sees what', () => {
  it('the plate, the creation date and the end of life reach only the owner and administrators', async () => {
    const id = await createAd(listings, seller, {}, admin);
    for (const token of [undefined, other.token]) {
      const ad = (await listings.call(READ, { id }, token)).data!.opportunity;
      expect(ad).toMatchObject({ carIdNumber: null, dateCreated: null, expiresAt: null, isMine: false });
      expect(ad.publishedAt).toBe(START.toISOString());
    }
    for (const token of [seller.token, admin.token]) {
      expect((await listings.call(READ, { id }, token)).data!.opportunity).toMatchObject({ carIdNumber: 'BXR123', dateCreated: START.toISOString() });
    }
  });

  it('an ad that is not public is NOT_FOUND for anybody but its owner and administrators', async () => {
    const id = await createAd(listings, seller);
    expect(code(await listings.call(READ, { id }))).toBe('NOT_FOUND');
    expect(code(await listings.call(READ, { id }, other.token))).toBe('NOT_FOUND');
    expect(code(await listings.call(READ, { id: 'no-such-ad' }, admin.token))).toBe('NOT_FOUND');
    expect((await listings.call(READ, { id }, seller.token)).data!.opportunity.status).toBe('PENDING_APPROVAL');
    expect((await listings.call(READ, { id }, admin.token)).data!.opportunity.status).toBe('PENDING_APPROVAL');
  });

  it("an owner may not edit or sell another owner's ad", async () => {
    const id = await createAd(listings, seller, {}, admin);
    expect(code(await listings.call(UPDATE, { id, input: { model: 'Yaris' } }, other.token))).toBe('FORBIDDEN');
    expect(code(await listings.call(SOLD, { id }, other.token))).toBe('FORBIDDEN');
    expect((await listings.call(READ, { id })).data!.opportunity.status).toBe('PUBLIC_ONLINE');
  });
});

describe('reads', () => {
  it('my ads: the owner statuses only, PUBLIC_ONLINE by default, newest first', async () => {
    const me = await listings.user();
    const first = await createAd(listings, me, {}, admin);
    listings.clock.advance(60_000);
    const second = await createAd(listings, me, {}, admin);
    await createAd(listings, me);
    const mine = (await listings.call(MINE, {}, me.token)).data!.myOpportunities;
    expect(mine.items.map((ad: { id: string }) => ad.id)).toEqual([second, first]);
    expect((await listings.call(MINE, { status: 'PENDING_APPROVAL' }, me.token)).data!.myOpportunities.totalItems).toBe(1);
    expect(fields(await listings.call(MINE, { status: 'APPROVED' }, me.token))).toEqual({ status: 'invalidStatus' });
  });

  it('my ad counts: how many ads in each owner status, so My ads opens on one with ads (issue 13)', async () => {
    const me = await listings.user();
    const COUNTS = 'query { myOpportunityCounts { status count } }';
    const unpaid = await createAd(listings, me, { level: 'GOLD' });
    const live = await createAd(listings, me, {}, admin);
    await listings.call(UPDATE, { id: live, input: { model: 'Yaris' } }, me.token);
    expect((await listings.call(COUNTS, {}, me.token)).data!.myOpportunityCounts).toEqual([
      { status: 'PUBLIC_ONLINE', count: 0 },
      { status: 'PENDING_APPROVAL', count: 1 },
      { status: 'MODIFIED', count: 1 },
      { status: 'REJECTED', count: 0 },
      { status: 'SOLD', count: 0 },
      { status: 'EXPIRED', count: 0 },
    ]);
    expect((await listings.call(READ.replace('isNew', 'isNew paymentPending'), { id: unpaid }, me.token)).data!.opportunity.paymentPending).toBe(true);
    expect(code(await listings.call(COUNTS))).toBe('0003');
  });

  it('the owner reads the reason of a rejection on the ad; it is gone once the ad moves on (issue 13)', async () => {
    const id = await createAd(listings, seller);
    const version = (await listings.collections.opportunities.findById(id))!.version;
    await listings.publish(
      topics.moderationReview,
      createEvent(opportunityReviewed, {
        aggregateId: id,
        aggregateVersion: 1,
        actor: { kind: 'user', id: admin.id },
        payload: {
          reviewId: 'r-1',
          opportunityId: id,
          opportunityVersion: version,
          decision: 'REJECTED',
          reason: 'Las fotos no son del carro.',
          reviewerId: admin.id,
        },
      }),
    );
    const REASON = 'query O($id: ID!) { opportunity(id: $id) { status rejectionReason } }';
    await eventually(async () => (await listings.call(REASON, { id }, seller.token)).data!.opportunity.status === 'REJECTED');
    expect((await listings.call(REASON, { id }, seller.token)).data!.opportunity).toEqual({
      status: 'REJECTED',
      rejectionReason: 'Las fotos no son del carro.',
    });
    expect((await listings.call(REASON, { id }, admin.token)).data!.opportunity.rejectionReason).toBe('Las fotos no son del carro.');
    expect(code(await listings.call(REASON, { id }, other.token))).toBe('NOT_FOUND');
    await listings.call(UPDATE, { id, input: { model: 'Yaris' } }, seller.token);
    expect((await listings.call(REASON, { id }, seller.token)).data!.opportunity).toEqual({ status: 'PENDING_APPROVAL', rejectionReason: null });
  });

  it("keeps the seller's description within the AD_DESCRIPTION_MAX_LENGTH global parameter (issue 13)", async () => {
    const DESCRIBED = 'query O($id: ID!) { opportunity(id: $id) { status description } }';
    const text = 'Precio negociable. Recibo carro de menor valor. Financiamiento con el banco.';
    const id = await createAd(listings, seller, { description: `  ${text} ` }, admin);
    expect((await listings.call(DESCRIBED, { id })).data!.opportunity).toEqual({ status: 'PUBLIC_ONLINE', description: text });
    expect((await listings.call('{ adDescriptionMaxLength }')).data!.adDescriptionMaxLength).toBe(1000);
    await listings.setParameter('AD_DESCRIPTION_MAX_LENGTH', 100);
    await eventually(async () => (await listings.call('{ adDescriptionMaxLength }')).data!.adDescriptionMaxLength === 100);
    const tooLong = await listings.call(UPDATE, { id, input: { description: 'x'.repeat(101) } }, seller.token);
    expect(fields(tooLong)).toEqual({ description: 'invalidDescription' });
    expect((await listings.call(DESCRIBED, { id })).data!.opportunity.description).toBe(text);
    // Edited by its owner, it goes back to review like the rest of the ad (MODIFIED, still public).
    const edited = await listings.call(UPDATE, { id, input: { description: 'Precio fijo.' } }, seller.token);
    expect(edited.data!.updateOpportunity.status).toBe('MODIFIED');
    expect((await listings.snapshots(id)).at(-1)!.payload.opportunity.description).toBe('Precio fijo.');
    await listings.setParameter('AD_DESCRIPTION_MAX_LENGTH', 1000);
  });

  it('the view tally counts atomically and publishes no snapshot', async () => {
    const id = await createAd(listings, seller, {}, admin);
    const before = (await listings.snapshots(id)).length;
    const counts = await Promise.all(Array.from({ length: 5 }, () => listings.call('mutation V($id: ID!) { incrementViewCount(opportunityId: $id) }', { id })));
    expect(counts.map((r) => r.data!.incrementViewCount).sort()).toEqual([1, 2, 3, 4, 5]);
    expect((await listings.call('query V($id: ID!) { viewCount(opportunityId: $id) }', { id })).data!.viewCount).toBe(5);
    expect(await listings.snapshots(id)).toHaveLength(before);
  });

  it("the contact of a public ad: the seller's name and the ad's phones", async () => {
    const id = await createAd(listings, seller, {}, admin);
    const contact = await listings.call('query C($id: ID!) { opportunityContact(id: $id) { fullName phones { phone phoneType } } }', { id });
    expect(contact.data!.opportunityContact).toEqual({ fullName: 'Ana Mora Solís', phones: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }] });
  });

  it('isNew for 4 days after publication; priceCrc at the exchange rate parameter', async () => {
    const id = await createAd(listings, seller, { price: 10_000, currency: 'USD' }, admin);
    await listings.setParameter('EXCHANGE_RATE_CRC_PER_USD', 500);
    await eventually(async () => (await listings.call(READ, { id })).data!.opportunity.priceCrc === 5_000_000);
    listings.clock.advance(4 * DAY - 1000);
    expect((await listings.call(READ, { id })).data!.opportunity.isNew).toBe(true);
    listings.clock.advance(2000);
    expect((await listings.call(READ, { id })).data!.opportunity.isNew).toBe(false);
    listings.clock.set(START);
  });

  it('pages count from 1', async () => {
    expect(fields(await listings.call(AVAILABLE, { page: 0 }))).toEqual({ page: 'invalidPageNumber' });
  });
});
