import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@ruedas/events';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { backfillFavouritesGone } from '../src/favourites';
import { adInput, code, createAd, DAY, eventually, fields, SET_STATUS, SOLD, startListings, UPDATE, WISH_LIST, type Listings } from './harness';

const ADD = 'mutation A($id: ID!) { addToWishList(opportunityId: $id) { id } }';
const SETTINGS = '{ myFavouriteAlerts { allFavourites paused chosen } }';
const SET_ALL = 'mutation S($all: Boolean, $paused: Boolean) { setFavouriteAlerts(allFavourites: $all, paused: $paused) { allFavourites paused chosen } }';
const CHOOSE = 'mutation C($id: ID!, $on: Boolean!) { setFavouriteAlert(opportunityId: $id, enabled: $on) { allFavourites paused chosen } }';
const UNSUBSCRIBE = 'mutation U($token: String!) { unsubscribeFavouriteAlerts(token: $token) }';

describe('alerts on favourites (price drop, sold)', () => {
  let listings: Listings;
  let admin: Awaited<ReturnType<Listings['user']>>;
  let seller: Awaited<ReturnType<Listings['user']>>;
  const mailsTo = (to: string) => listings.mailer.sent.filter((mail) => mail.to === to);

  beforeAll(async () => {
    listings = await startListings();
    admin = await listings.user('ADMINISTRATOR');
    seller = await listings.user();
  });
  afterAll(() => listings.stop());

  it('mails a price drop and a sale to buyers who asked (all favourites, or this one), once, in their language', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const all = await listings.user('ADVERTISER', { language: 'en' });
    const chosen = await listings.user();
    const silent = await listings.user();
    for (const buyer of [all, chosen, silent]) await listings.call(ADD, { id: ad }, buyer.token);
    expect((await listings.call(SET_ALL, { all: true }, all.token)).data!.setFavouriteAlerts).toEqual({ allFavourites: true, paused: false, chosen: [] });
    // Every favourite alerts until the buyer says otherwise (issue 31): these two turn it off.
    for (const buyer of [chosen, silent]) await listings.call(SET_ALL, { all: false }, buyer.token);
    expect((await listings.call(CHOOSE, { id: ad, on: true }, chosen.token)).data!.setFavouriteAlert).toEqual({
      allFavourites: false,
      paused: false,
      chosen: [ad],
    });

    expect((await listings.call(UPDATE, { id: ad, input: adInput({ price: 8_900_000 }) }, seller.token)).errors).toBeUndefined();
    await eventually(async () => mailsTo(all.email).length === 1 && mailsTo(chosen.email).length === 1);
    const [english] = mailsTo(all.email);
    expect(english?.subject).toBe('Price drop: Toyota Corolla 2018');
    expect(english?.text).toContain('from ₡9,500,000 to ₡8,900,000');
    expect(english?.text).toContain(`https://ruedas.test/opportunity/${ad}`);
    expect(english?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/ruedas\.test\/unsubscribe\?token=f\.[\w-]+\.[\w-]{43}>, <mailto:/);
    expect(english?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(chosen.email)[0]?.subject).toBe('Bajó de precio: Toyota Corolla 2018');

    // A higher price alerts nobody; the sale does.
    await listings.call(UPDATE, { id: ad, input: adInput({ price: 9_000_000 }) }, seller.token);
    await listings.call(SOLD, { id: ad }, seller.token);
    await eventually(async () => mailsTo(all.email).length === 2 && mailsTo(chosen.email).length === 2);
    expect(mailsTo(all.email)[1]?.subject).toBe('Sold: Toyota Corolla 2018');
    expect(mailsTo(chosen.email)[1]?.subject).toBe('Se vendió: Toyota Corolla 2018');
    expect(mailsTo(silent.email)).toEqual([]);

    // Redelivered snapshots (the whole topic again) send nothing twice.
    const again = listings.published.filter((envelope) => envelope.aggregateId === ad);
    for (const envelope of again) await listings.publish(topics.listingsOpportunity, envelope);
    await listings.relay.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(all.email)).toHaveLength(2);
    expect(mailsTo(chosen.email)).toHaveLength(2);
  });

  it('alerts on every favourite by default, with the unsubscribe link in the mail (issue 31)', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const buyer = await listings.user();
    expect((await listings.call(SETTINGS, {}, buyer.token)).data!.myFavouriteAlerts).toEqual({ allFavourites: true, paused: false, chosen: [] });
    await listings.call(ADD, { id: ad }, buyer.token);
    await listings.call(UPDATE, { id: ad, input: adInput({ price: 9_100_000 }) }, seller.token);
    await eventually(async () => mailsTo(buyer.email).length === 1);
    const [mail] = mailsTo(buyer.email);
    expect(mail?.subject).toBe('Bajó de precio: Toyota Corolla 2018');
    expect(mail?.text).toMatch(/Para dejar de recibir alertas de sus favoritos, abra este enlace:\nhttps:\/\/ruedas\.test\/unsubscribe\?token=f\./);
    expect(mail?.html).toContain('/unsubscribe?token=f.');
    // A first change keeps the default of what it does not change.
    expect((await listings.call(SET_ALL, { paused: true }, buyer.token)).data!.setFavouriteAlerts).toEqual({ allFavourites: true, paused: true, chosen: [] });
  });

  it('pauses every favourite alert by a mail’s signed token, without a session; refuses a forged one', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const buyer = await listings.user();
    await listings.call(ADD, { id: ad }, buyer.token);
    await listings.call(SET_ALL, { all: true }, buyer.token);
    await listings.call(UPDATE, { id: ad, input: adInput({ price: 9_000_000 }) }, seller.token);
    await eventually(async () => mailsTo(buyer.email).length === 1);
    const token = decodeURIComponent(/token=([^>]+)>/.exec(mailsTo(buyer.email)[0]?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    const forged = await listings.call(UNSUBSCRIBE, { token: token.replace(buyer.id, seller.id) });
    expect(fields(forged)).toEqual({ token: 'invalidUnsubscribeToken' });
    expect((await listings.call(UNSUBSCRIBE, { token })).data!.unsubscribeFavouriteAlerts).toBe(true);
    expect((await listings.call(SETTINGS, {}, buyer.token)).data!.myFavouriteAlerts).toEqual({ allFavourites: true, paused: true, chosen: [] });
    await listings.call(UPDATE, { id: ad, input: adInput({ price: 8_000_000 }) }, seller.token);
    await listings.relay.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('lets only the signed-in owner of a favourite choose its alert', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const buyer = await listings.user();
    expect(code(await listings.call(SETTINGS))).toBe('0003');
    expect(code(await listings.call(CHOOSE, { id: ad, on: true }, buyer.token))).toBe('NOT_FOUND');
    expect((await listings.call(SETTINGS, {}, buyer.token)).data!.myFavouriteAlerts).toEqual({ allFavourites: true, paused: false, chosen: [] });
  });
  it('a favourite goes 90 days after its ad stopped being public; one whose ad is public again stays (retention, decision 0223)', async () => {
    const store = listings.store as EmbeddedDocumentStore;
    const [sold, held, kept] = [
      await createAd(listings, seller, {}, admin),
      await createAd(listings, seller, {}, admin),
      await createAd(listings, seller, {}, admin),
    ];
    const buyer = await listings.user();
    for (const id of [sold, held, kept]) await listings.call(ADD, { id }, buyer.token);
    const favourites = async () =>
      ((await listings.call(WISH_LIST, {}, buyer.token)).data!.myWishList.items.map((ad: { id: string }) => ad.id) as string[]).sort();
    await listings.call(SOLD, { id: sold }, seller.token);
    expect((await listings.call(SET_STATUS, { id: held, status: 'REJECTED' }, admin.token)).errors).toBeUndefined();
    const gone = async () => (await listings.collections.favourites.find({ userId: buyer.id, goneSince: { $ne: null } })).length;
    await eventually(async () => (await gone()) === 2);
    listings.clock.advance(30 * DAY);
    expect((await listings.call(SET_STATUS, { id: held, status: 'PUBLIC_ONLINE' }, admin.token)).errors).toBeUndefined();
    await eventually(async () => (await gone()) === 1);
    listings.clock.advance(59 * DAY);
    await store.expire(listings.clock.now());
    expect(await favourites()).toEqual([sold, held, kept].sort());
    listings.clock.advance(2 * DAY);
    await store.expire(listings.clock.now());
    expect(await favourites()).toEqual([held, kept].sort());
  });

  it('favourites stored before the rule, of an ad already gone, get their 90 days from the migration, once; others are untouched', async () => {
    const store = listings.store as EmbeddedDocumentStore;
    const [sold, kept] = [await createAd(listings, seller, {}, admin), await createAd(listings, seller, {}, admin)];
    const buyer = await listings.user();
    for (const id of [sold, kept]) await listings.call(ADD, { id }, buyer.token);
    await listings.call(SOLD, { id: sold }, seller.token);
    const { favourites, migrations } = listings.collections;
    const marked = async () => (await favourites.find({ userId: buyer.id, goneSince: { $ne: null } })).map((favourite) => favourite.opportunityId);
    await eventually(async () => (await marked()).length === 1);
    // As stored before decision 0223: no mark, and the migration not yet run.
    await favourites.updateMany({ userId: buyer.id }, { $unset: { goneSince: '' } });
    await migrations.deleteOne({ _id: 'favourites.goneSince' });
    expect(await marked()).toEqual([]);
    expect(await backfillFavouritesGone(listings.collections, listings.clock.now())).toBe(1);
    expect(await marked()).toEqual([sold]);
    expect(await backfillFavouritesGone(listings.collections, listings.clock.now())).toBe(0);
    const list = async () => ((await listings.call(WISH_LIST, {}, buyer.token)).data!.myWishList.items.map((ad: { id: string }) => ad.id) as string[]).sort();
    listings.clock.advance(89 * DAY);
    await store.expire(listings.clock.now());
    expect(await list()).toEqual([sold, kept].sort());
    listings.clock.advance(2 * DAY);
    await store.expire(listings.clock.now());
    expect(await list()).toEqual([kept]);
  });
});
