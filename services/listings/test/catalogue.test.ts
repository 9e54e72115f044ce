import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, photoDeleted, topics, userRoleChanged, userUpdated } from '@ruedas/events';
import { userSnapshot } from '@ruedas/testing/services';
import { importOpportunities, type OpportunitySeed } from '../src';
import {
  adInput,
  AVAILABLE,
  code,
  CREATE,
  createAd,
  DAY,
  eventually,
  fields,
  READ,
  SET_STATUS,
  SOLD,
  START,
  startListings,
  UPDATE,
  WISH_LIST,
  type Listings,
} from './harness';

/** Public lists are tested on their own store: other tests' ads would mix in. */
describe('public lists', () => {
  let listings: Listings;
  const ids: Record<string, string> = {};
  let sellerId = '';

  beforeAll(async () => {
    listings = await startListings();
    const seller = await listings.user('ADVERTISER', { fullName: 'Autos del Valle', userType: 'CARS_SELLER_MERCHANT' });
    sellerId = seller.id;
    const at = (days: number) => new Date(START.getTime() - days * DAY);
    const seed = (
      name: string,
      level: OpportunitySeed['level'],
      status: OpportunitySeed['status'],
      publishedDaysAgo: number,
      owner = sellerId,
    ): OpportunitySeed & { id: string } => ({
      ...(adInput({ level }) as unknown as OpportunitySeed),
      id: `ad-${name}`,
      sellerId: owner,
      status,
      dateCreated: at(publishedDaysAgo + 1),
      publishedAt: at(publishedDaysAgo),
      expiresAt: at(publishedDaysAgo - 30),
    });
    const seeds = [
      seed('free-new', 'FREE', 'PUBLIC_ONLINE', 1),
      seed('gold-old', 'GOLD', 'PUBLIC_ONLINE', 5),
      seed('bronze', 'BRONZE', 'MODIFIED', 2),
      seed('gold-new', 'GOLD', 'PUBLIC_ONLINE', 1),
      seed('silver', 'SILVER', 'PUBLIC_ONLINE', 3, 'another-seller'),
      seed('free-old', 'FREE', 'PUBLIC_ONLINE', 9),
      seed('gold-sold', 'GOLD', 'SOLD', 0),
      seed('gold-pending', 'GOLD', 'PENDING_APPROVAL', 0),
    ];
    for (const [index, id] of (await importOpportunities(listings.store, seeds, { clock: listings.clock })).entries()) ids[seeds[index]!.id.slice(3)] = id;
  });
  afterAll(() => listings.stop());

  const idsOf = (items: Array<{ id: string }>) => items.map((item) => item.id.slice(3));

  it('available ads: GOLD, SILVER, BRONZE, FREE, newest publication first within a level; public statuses only', async () => {
    const page = (await listings.call(AVAILABLE)).data!.availableOpportunities;
    expect(idsOf(page.items)).toEqual(['gold-new', 'gold-old', 'silver', 'bronze', 'free-new', 'free-old']);
    expect(page).toMatchObject({ page: 1, pageSize: 10, totalItems: 6, totalPages: 1 });
  });

  it('pages have ITEMS_PER_LIST ads', async () => {
    await listings.setParameter('ITEMS_PER_LIST', 4);
    await eventually(async () => (await listings.call(AVAILABLE)).data!.availableOpportunities.pageSize === 4);
    const second = (await listings.call(AVAILABLE, { page: 2 })).data!.availableOpportunities;
    expect(idsOf(second.items)).toEqual(['free-new', 'free-old']);
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalItems: 6 });
    await listings.setParameter('ITEMS_PER_LIST', 10);
    await eventually(async () => (await listings.call(AVAILABLE)).data!.availableOpportunities.pageSize === 10);
  });

  it('pages by cursor (issue 30): each page read after the last ad of the one before, no page before it skipped; page numbers still work', async () => {
    await listings.setParameter('ITEMS_PER_LIST', 2);
    await eventually(async () => (await listings.call(AVAILABLE)).data!.availableOpportunities.pageSize === 2);
    const LIST = `query A($page: Int, $after: String) { availableOpportunities(page: $page, after: $after) { items { id } page totalPages next } }`;
    const byNumber = [];
    for (const page of [1, 2, 3]) byNumber.push((await listings.call(LIST, { page })).data!.availableOpportunities);
    expect(byNumber.map((page) => idsOf(page.items))).toEqual([
      ['gold-new', 'gold-old'],
      ['silver', 'bronze'],
      ['free-new', 'free-old'],
    ]);

    const finds = vi.spyOn(listings.collections.opportunities, 'find');
    try {
      const walked = [byNumber[0]];
      while (walked.at(-1)!.next) walked.push((await listings.call(LIST, { after: walked.at(-1)!.next })).data!.availableOpportunities);
      expect(walked.map((page) => [page.page, idsOf(page.items)])).toEqual(byNumber.map((page) => [page.page, idsOf(page.items)]));
      expect(walked.at(-1)!.next).toBeNull();
      // The pages after the first were sought, not skipped to.
      const reads = finds.mock.calls.filter(([, options]) => options?.limit === 2);
      expect(reads).toHaveLength(2);
      expect(reads.every(([, options]) => options?.skip === undefined)).toBe(true);
    } finally {
      finds.mockRestore();
    }
    // A cursor that is not one is refused in words; the page number is the way then.
    const refused = await listings.call(LIST, { after: 'not-a-cursor' });
    expect(fields(refused)).toEqual({ after: 'invalidCursor' });

    await listings.setParameter('ITEMS_PER_LIST', 10);
    await eventually(async () => (await listings.call(AVAILABLE)).data!.availableOpportunities.pageSize === 10);
  });

  it('home carousel: public GOLD ads, newest first, GOLD_CAROUSEL_COUNT of them', async () => {
    const carousel = (await listings.call('{ homeCarousel { id } }')).data!.homeCarousel;
    expect(idsOf(carousel)).toEqual(['gold-new', 'gold-old']);
    await listings.setParameter('GOLD_CAROUSEL_COUNT', 1);
    await eventually(async () => (await listings.call('{ homeCarousel { id } }')).data!.homeCarousel.length === 1);
  });

  it("a seller page: that seller's public ads in the same order", async () => {
    const page = (await listings.call('query S($id: ID!) { sellerOpportunities(sellerId: $id) { items { id } totalItems } }', { id: sellerId })).data!
      .sellerOpportunities;
    expect(idsOf(page.items)).toEqual(['gold-new', 'gold-old', 'bronze', 'free-new', 'free-old']);
  });

  it("the seller's ads under an ad: as many as asked (pageSize 1 to 50), the next page after them", async () => {
    const SELLER =
      'query S($id: ID!, $page: Int, $size: Int) { sellerOpportunities(sellerId: $id, page: $page, pageSize: $size) { items { id } pageSize totalItems totalPages } }';
    const first = (await listings.call(SELLER, { id: sellerId, size: 3 })).data!.sellerOpportunities;
    expect({ ids: idsOf(first.items), pageSize: first.pageSize, totalItems: first.totalItems, totalPages: first.totalPages }).toEqual({
      ids: ['gold-new', 'gold-old', 'bronze'],
      pageSize: 3,
      totalItems: 5,
      totalPages: 2,
    });
    const second = (await listings.call(SELLER, { id: sellerId, page: 2, size: 3 })).data!.sellerOpportunities;
    expect(idsOf(second.items)).toEqual(['free-new', 'free-old']);
    for (const size of [0, 51]) expect(fields(await listings.call(SELLER, { id: sellerId, size }))).toEqual({ pageSize: 'invalidPageSize' });
  });

  it("a user's active ads (that user or an admin) and all of a user's ads (admin), newest first", async () => {
    const admin = await listings.user('ADMINISTRATOR');
    const active = await listings.call('query A($id: ID!) { userActiveOpportunities(userId: $id) { items { id } } }', { id: sellerId }, admin.token);
    expect(idsOf(active.data!.userActiveOpportunities.items)).toEqual(['free-new', 'gold-new', 'bronze', 'gold-old', 'free-old']);
    const all = await listings.call('query A($id: ID!) { userOpportunities(userId: $id) { items { id status } totalItems } }', { id: sellerId }, admin.token);
    expect(all.data!.userOpportunities.totalItems).toBe(7);
    expect(idsOf(all.data!.userOpportunities.items).slice(0, 2).sort()).toEqual(['gold-pending', 'gold-sold']);
    const byStatus = await listings.call('query B { opportunitiesByStatus(status: SOLD) { items { id } } }', {}, admin.token);
    expect(idsOf(byStatus.data!.opportunitiesByStatus.items)).toEqual(['gold-sold']);
  });

  it('imported ads carry their history entry and publish their snapshot through the outbox', async () => {
    const admin = await listings.user('ADMINISTRATOR');
    const history = await listings.call(
      'query H($id: ID!) { statusHistory(opportunityId: $id) { email status statusDate } }',
      { id: ids['silver'] },
      admin.token,
    );
    expect(history.data!.statusHistory).toEqual([{ email: 'system', status: 'PUBLIC_ONLINE', statusDate: new Date(START.getTime() - 3 * DAY).toISOString() }]);
    const [snapshot] = await listings.snapshots(ids['gold-new']!);
    expect(snapshot!.payload.opportunity).toMatchObject({
      level: 'GOLD',
      status: 'PUBLIC_ONLINE',
      seller: { fullName: 'Autos del Valle', userType: 'CARS_SELLER_MERCHANT' },
    });
    expect(snapshot!.payload.opportunity).not.toHaveProperty('carIdNumber');
    // Dated when the ad was created (day counts of read models put it on its own day), not at import.
    expect(snapshot!.occurredAt).toBe(new Date(START.getTime() - 2 * DAY).toISOString());
  });

  it('a seller renamed or made a test user at identity: each of their ads publishes a fresh snapshot', async () => {
    const before = (await listings.snapshots(ids['gold-new']!)).length;
    const seller = (await listings.collections.users.findById(sellerId))!;
    const { email, fullName, userType, role, language } = seller;
    const user = userSnapshot(sellerId, {
      email,
      fullName,
      userType,
      role,
      language,
      name: 'Autos',
      lastName: 'del',
      lastName2: 'Valle',
      merchantName: 'Autos del Valle',
    });
    const renamed = { ...user, fullName: 'Autos del Valle Central' };
    await listings.bus.publish(topics.identityUser, [
      {
        key: sellerId,
        value: createEvent(userUpdated, { aggregateId: sellerId, aggregateVersion: 5, actor: { kind: 'user', id: sellerId }, payload: { user: renamed } }),
      },
    ]);
    await eventually(async () => (await listings.snapshots(ids['gold-new']!)).at(-1)?.payload.opportunity.seller.fullName === 'Autos del Valle Central');
    // The same event again, or one that changes nothing the snapshot carries, publishes nothing more.
    await listings.bus.publish(topics.identityUser, [
      {
        key: sellerId,
        value: createEvent(userUpdated, {
          aggregateId: sellerId,
          aggregateVersion: 6,
          actor: { kind: 'user', id: sellerId },
          payload: { user: { ...renamed, language: 'en' } },
        }),
      },
    ]);
    await listings.bus.publish(topics.identityUser, [
      {
        key: sellerId,
        value: createEvent(userRoleChanged, {
          aggregateId: sellerId,
          aggregateVersion: 7,
          actor: { kind: 'user', id: 'admin' },
          payload: { user: { ...renamed, language: 'en', role: 'TESTUSER' }, previous: 'ADVERTISER' },
        }),
      },
    ]);
    await eventually(async () => (await listings.snapshots(ids['gold-new']!)).at(-1)?.payload.opportunity.seller.testUser === true);
    expect((await listings.snapshots(ids['gold-new']!)).length).toBe(before + 2);
    expect((await listings.snapshots(ids['free-old']!)).at(-1)?.payload.opportunity.seller).toMatchObject({
      fullName: 'Autos del Valle Central',
      testUser: true,
    });
  });

  it('a bad seed writes nothing and names its index', async () => {
    const good = { ...(adInput() as unknown as OpportunitySeed), id: 'never', sellerId, status: 'PUBLIC_ONLINE' as const, dateCreated: START };
    await expect(importOpportunities(listings.store, [good, { ...good, id: 'bad', year: 1700 }])).rejects.toThrow(/opportunity seed 1: .*invalidYear/);
    expect(code(await listings.call(READ, { id: 'never' }))).toBe('NOT_FOUND');
  });
});

describe('favourites', () => {
  let listings: Listings;
  let admin: Awaited<ReturnType<Listings['user']>>;
  let seller: Awaited<ReturnType<Listings['user']>>;
  let buyer: Awaited<ReturnType<Listings['user']>>;
  const ADD = 'mutation A($id: ID!) { addToWishList(opportunityId: $id) { id isFavorite } }';
  const REMOVE = 'mutation R($id: ID!) { removeFromWishList(opportunityId: $id) }';

  beforeAll(async () => {
    listings = await startListings();
    admin = await listings.user('ADMINISTRATOR');
    seller = await listings.user();
    buyer = await listings.user();
  });
  afterAll(() => listings.stop());

  it('adds public ads (twice is harmless), lists newest first, removes; a sold or expired favourite still shows', async () => {
    const first = await createAd(listings, seller, {}, admin);
    const second = await createAd(listings, seller, {}, admin);
    expect((await listings.call(ADD, { id: first }, buyer.token)).data!.addToWishList).toEqual({ id: first, isFavorite: true });
    listings.clock.advance(1000);
    await listings.call(ADD, { id: second }, buyer.token);
    await listings.call(ADD, { id: second }, buyer.token);
    await listings.call(SOLD, { id: first }, seller.token);
    await listings.call(SET_STATUS, { id: second, status: 'EXPIRED' }, admin.token);
    const list = (await listings.call(WISH_LIST, {}, buyer.token)).data!.myWishList;
    expect(list.items.map((ad: { id: string; status: string }) => [ad.id, ad.status])).toEqual([
      [second, 'EXPIRED'],
      [first, 'SOLD'],
    ]);
    expect(list.totalItems).toBe(2);
    const viaUser = await listings.call(
      'query U($id: ID!) { _entities(representations: [{ __typename: "User", id: $id }]) { ... on User { wishList { totalItems } } } }',
      { id: buyer.id },
      buyer.token,
    );
    expect(viaUser.data!._entities[0].wishList.totalItems).toBe(2);
    expect((await listings.call(REMOVE, { id: first }, buyer.token)).data!.removeFromWishList).toBe(true);
    expect((await listings.call(REMOVE, { id: first }, buyer.token)).data!.removeFromWishList).toBe(false);
    expect((await listings.call(WISH_LIST, {}, buyer.token)).data!.myWishList.totalItems).toBe(1);
  });

  it('pages favourites by cursor (issue 30): each favourite once, in order, also when one is added during the walk', async () => {
    const fan = await listings.user();
    const ads: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ads.push(await createAd(listings, seller, {}, admin));
      listings.clock.advance(1000);
      await listings.call(ADD, { id: ads.at(-1) }, fan.token);
    }
    const LIST = 'query W($page: Int, $after: String) { myWishList(page: $page, after: $after) { items { id } page totalItems totalPages next } }';
    await listings.setParameter('ITEMS_PER_LIST', 2);
    await eventually(async () => (await listings.call(LIST, {}, fan.token)).data!.myWishList.totalPages === 3);
    const pages = [(await listings.call(LIST, {}, fan.token)).data!.myWishList];
    // A favourite added after the first page was read comes first: a page number would now skip to an ad already shown.
    const late = await createAd(listings, seller, {}, admin);
    listings.clock.advance(1000);
    await listings.call(ADD, { id: late }, fan.token);
    while (pages.at(-1)!.next) pages.push((await listings.call(LIST, { after: pages.at(-1)!.next }, fan.token)).data!.myWishList);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(pages.flatMap((page) => page.items.map((ad: { id: string }) => ad.id))).toEqual([...ads].reverse());
    expect((await listings.call(LIST, { page: 1 }, fan.token)).data!.myWishList.items.map((ad: { id: string }) => ad.id)).toEqual([late, ads[4]]);
    expect(fields(await listings.call(LIST, { after: 'not-a-cursor' }, fan.token))).toEqual({ after: 'invalidCursor' });
    await listings.setParameter('ITEMS_PER_LIST', 10);
    await eventually(async () => (await listings.call(LIST, {}, fan.token)).data!.myWishList.totalPages === 1);
  });

  it('only public ads can be added; at most MAX_FAVOURITES_PER_USER', async () => {
    const pending = await createAd(listings, seller);
    expect(code(await listings.call(ADD, { id: pending }, buyer.token))).toBe('NOT_FOUND');
    expect(fields(await listings.call(ADD, { id: pending }, seller.token))).toEqual({ opportunityId: 'favouriteNotPublic' });
    const fan = await listings.user();
    await listings.setParameter('MAX_FAVOURITES_PER_USER', 2);
    const ads = [await createAd(listings, seller, {}, admin), await createAd(listings, seller, {}, admin), await createAd(listings, seller, {}, admin)];
    await eventually(async () => {
      await listings.call(ADD, { id: ads[0] }, fan.token);
      await listings.call(ADD, { id: ads[1] }, fan.token);
      return code(await listings.call(ADD, { id: ads[2] }, fan.token)) === 'VALIDATION';
    });
    expect(fields(await listings.call(ADD, { id: ads[2] }, fan.token))).toEqual({ opportunityId: 'favouritesFull' });
    expect((await listings.call(ADD, { id: ads[1] }, fan.token)).errors).toBeUndefined();
  });

  it("a user's wish list is theirs alone; isFavorite is false for a visitor", async () => {
    const id = await createAd(listings, seller, {}, admin);
    await listings.call(ADD, { id }, buyer.token);
    const peek = await listings.call(
      'query U($id: ID!) { _entities(representations: [{ __typename: "User", id: $id }]) { ... on User { wishList { totalItems } } } }',
      { id: buyer.id },
      seller.token,
    );
    expect(code(peek)).toBe('FORBIDDEN');
    expect((await listings.call(READ, { id })).data!.opportunity.isFavorite).toBe(false);
    expect((await listings.call(READ, { id }, buyer.token)).data!.opportunity.isFavorite).toBe(true);
  });
});

describe('photos', () => {
  let listings: Listings;
  let seller: Awaited<ReturnType<Listings['user']>>;
  let other: Awaited<ReturnType<Listings['user']>>;

  beforeAll(async () => {
    listings = await startListings();
    seller = await listings.user();
    other = await listings.user();
  });
  afterAll(() => listings.stop());

  it("an ad takes the seller's own photos, in order, as Photo references", async () => {
    const photos = [await listings.photo(seller.id), await listings.photo(seller.id)];
    const created = await listings.call(
      `mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { attachmentIds photos { id } } }`,
      { input: adInput({ attachmentIds: photos }) },
      seller.token,
    );
    expect(created.data!.createOpportunity).toEqual({ attachmentIds: photos, photos: photos.map((id) => ({ id })) });
  });

  it("refuses another seller's photo, and an id nobody uploaded once the short wait is over", async () => {
    const theirs = await listings.photo(other.id);
    expect(fields(await listings.call(CREATE, { input: adInput({ attachmentIds: [theirs] }) }, seller.token))).toEqual({ attachmentIds: 'photoNotOwned' });
    expect(fields(await listings.call(CREATE, { input: adInput({ attachmentIds: ['never-uploaded'] }) }, seller.token))).toEqual({
      attachmentIds: 'photoNotOwned',
    });
    const id = await createAd(listings, seller);
    expect(fields(await listings.call(UPDATE, { id, input: { attachmentIds: [theirs] } }, seller.token))).toEqual({ attachmentIds: 'photoNotOwned' });
  });

  it('waits for the upload event that lags behind the upload answer', async () => {
    const lagging = listings.photo(seller.id, { waitKnown: false });
    const created = await listings.call(CREATE, { input: adInput({ attachmentIds: [await lagging] }) }, seller.token);
    expect(created.errors).toBeUndefined();
  });

  it('refuses more photos than the level allows', async () => {
    const photos = await Promise.all(Array.from({ length: 5 }, () => listings.photo(seller.id)));
    expect(fields(await listings.call(CREATE, { input: adInput({ attachmentIds: photos }) }, seller.token))).toEqual({ attachmentIds: 'tooManyPhotos' });
    expect((await listings.call(CREATE, { input: adInput({ attachmentIds: photos, level: 'BRONZE' }) }, seller.token)).errors).toBeUndefined();
  });

  it('a deleted photo leaves the ads that showed it, with a PHOTOS_CHANGED snapshot', async () => {
    const [keep, gone] = [await listings.photo(seller.id), await listings.photo(seller.id)];
    const id = await createAd(listings, seller, { attachmentIds: [keep, gone] });
    await listings.bus.publish(topics.mediaPhoto, [
      {
        key: gone!,
        value: createEvent(photoDeleted, {
          aggregateId: gone!,
          aggregateVersion: 2,
          actor: { kind: 'user', id: seller.id },
          payload: { photo: { id: gone!, ownerId: seller.id, width: 1, height: 1 } },
        }),
      },
    ]);
    await eventually(async () => (await listings.call(READ, { id }, seller.token)).data!.opportunity.attachmentIds.length === 1);
    const [last] = (await listings.snapshots(id)).slice(-1);
    expect(last!.payload).toMatchObject({ change: 'PHOTOS_CHANGED', opportunity: { attachmentIds: [keep] } });
  });
});
