import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { topics } from '@ruedas/events';
import { opportunityChangedEvent } from '@ruedas/testing/services';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { backfillAlertCounts, openAlertCollections, SEND_RETENTION_DAYS } from '../src/alerts/store';
import { buyer, code, eventually, fields, SAVE_SEARCH, saveSearch as save, search, snapshot, startSearch, type Json, type Search } from './harness';

const MINE = `{ mySavedSearches { id name frequency paused alertsSent filter { text priceTo } } }`;
const ONE = `query O($id: ID!) { savedSearch(id: $id) { id name } }`;
const UPDATE = `mutation U($id: ID!, $change: SavedSearchChangeInput!) { updateSavedSearch(id: $id, change: $change) { id name frequency paused } }`;
const DELETE = `mutation D($id: ID!) { deleteSavedSearch(id: $id) }`;
const UNSUBSCRIBE = `mutation X($token: String!) { unsubscribeSavedSearch(token: $token) { name } }`;

let s: Search | undefined;
afterEach(async () => {
  await s?.stop();
  s = undefined;
});

const mailsTo = (search: Search, to: string) => search.mailer.mails.filter((mail) => mail.to === to);
const tokenOf = (header: string | undefined) => /token=([^>&]+)/.exec(header ?? '')?.[1] ?? '';

describe('saved searches', () => {
  it('saves a search with every filter as given, lists it to its owner only, and refuses others and visitors', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    const luis = await buyer(s, 'en');
    const saved = await save(s, ana.token, {
      name: ' Corolla barato ',
      frequency: 'INSTANT',
      filter: { text: 'toyta corola', priceTo: 9_000_000, currency: 'CRC', yearFrom: 2012 },
    });
    expect(saved).toMatchObject({
      name: 'Corolla barato',
      frequency: 'INSTANT',
      paused: false,
      alertsSent: 0,
      filter: { text: 'toyta corola', priceTo: 9_000_000, currency: 'CRC', yearFrom: 2012, brand: null },
    });
    expect((await s.call(MINE, {}, ana.token)).data!.mySavedSearches).toEqual([expect.objectContaining({ id: saved.id, name: 'Corolla barato' })]);
    expect((await s.call(MINE, {}, luis.token)).data!.mySavedSearches).toEqual([]);
    // Another user can neither read, change nor delete it; a visitor is asked to sign in.
    expect(code(await s.call(ONE, { id: saved.id }, luis.token))).toBe('NOT_FOUND');
    expect(code(await s.call(UPDATE, { id: saved.id, change: { paused: true } }, luis.token))).toBe('NOT_FOUND');
    expect(code(await s.call(DELETE, { id: saved.id }, luis.token))).toBe('NOT_FOUND');
    expect(code(await s.call(MINE, {}))).toBe('0003');
    expect(code(await s.call(SAVE_SEARCH, { input: { name: 'x', frequency: 'DAILY', filter: {} } }))).toBe('0003');
    expect((await s.call(ONE, { id: saved.id }, ana.token)).data!.savedSearch).toMatchObject({ name: 'Corolla barato' });
    // The owner renames, switches to a digest, pauses, deletes.
    expect(
      (await s.call(UPDATE, { id: saved.id, change: { name: 'Corolla', frequency: 'DAILY', paused: true } }, ana.token)).data!.updateSavedSearch,
    ).toMatchObject({ name: 'Corolla', frequency: 'DAILY', paused: true });
    expect((await s.call(DELETE, { id: saved.id }, ana.token)).data!.deleteSavedSearch).toBe(true);
    expect((await s.call(MINE, {}, ana.token)).data!.mySavedSearches).toEqual([]);
  });

  it('refuses bad input with field messages and keeps at most MAX_SAVED_SEARCHES_PER_USER', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    const bad = await s.call(SAVE_SEARCH, { input: { name: '  ', frequency: 'INSTANT', filter: { priceFrom: 5, priceTo: 1 } } }, ana.token);
    expect(code(bad)).toBe('VALIDATION');
    expect(fields(bad)).toEqual({ name: 'invalidSavedSearchName', 'filter.priceTo': 'invalidPriceRange' });
    expect(code(await s.call(SAVE_SEARCH, { input: { name: 'a\nb', frequency: 'INSTANT', filter: {} } }, ana.token))).toBe('VALIDATION');
    expect((await s.call(MINE, {}, ana.token)).data!.mySavedSearches).toEqual([]);
    await save(s, ana.token, { name: 'uno', frequency: 'DAILY', filter: { text: 'hilux' } });
    await save(s, ana.token, { name: 'dos', frequency: 'DAILY', filter: { text: 'hilux' } });
    await s.setParameter('MAX_SAVED_SEARCHES_PER_USER', 2);
    // Until the parameter's event is applied a third one is still taken: take it back and try again.
    await eventually(async () => {
      const third = await s!.call(SAVE_SEARCH, { input: { name: 'tres', frequency: 'DAILY', filter: {} } }, ana.token);
      if (third.data?.saveSearch) await s!.call(DELETE, { id: third.data.saveSearch.id }, ana.token);
      return code(third) === 'VALIDATION';
    });
    const full = await s.call(SAVE_SEARCH, { input: { name: 'tres', frequency: 'DAILY', filter: {} } }, ana.token);
    expect(fields(full)).toEqual({ '': 'savedSearchesFull' });
    expect(full.errors?.[0]?.extensions?.params).toEqual({ max: 2 });
    expect((await s.call(MINE, {}, ana.token)).data!.mySavedSearches).toHaveLength(2);
  });
});

describe('new-match alerts', () => {
  it("drops a deleted search's pending sends and lets them go SEND_RETENTION_DAYS later (issue 30)", async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    const saved = await save(s, ana.token, { name: 'Corolla', frequency: 'DAILY', filter: { text: 'corolla' } });
    await s.publishAds([snapshot({ model: 'Corolla' }), snapshot({ model: 'Corolla', year: 2016 })]);
    const { sends } = await openAlertCollections(s.store);
    // Matched today, mailed in tomorrow's digest: pending until then.
    await eventually(async () => (await sends.count({ searchId: saved.id, state: 'PENDING' })) === 2);
    expect((await s.call(DELETE, { id: saved.id }, ana.token)).data!.deleteSavedSearch).toBe(true);
    expect(await sends.count({ state: 'DROPPED' })).toBe(2);
    await (s.store as EmbeddedDocumentStore).expire(new Date(s.clock.now().getTime() + (SEND_RETENTION_DAYS + 1) * 24 * 3600_000));
    expect(await sends.count({})).toBe(0);
    expect(mailsTo(s, ana.email)).toHaveLength(0);
  });

  it('mails the owner once, in their language, when a matching ad goes public (typo-tolerant), with the unsubscribe headers', async () => {
    s = await startSearch();
    const luis = await buyer(s, 'en');
    await save(s, luis.token, { name: 'Cheap Corolla', frequency: 'INSTANT', filter: { text: 'toyta corola', priceTo: 9_000_000 } });
    await save(s, luis.token, { name: 'RAV4', frequency: 'INSTANT', filter: { text: 'rav 4' } });
    const match = snapshot({ model: 'Corolla', price: 8_000_000, priceCrc: 8_000_000, attachmentIds: ['photo-1', 'photo-2'] });
    const rav = snapshot({ model: 'RAV4', style: 'TODO_TERRENO_4X4' });
    await s.publishAds([snapshot({ model: 'Corolla', price: 12_000_000, priceCrc: 12_000_000 }), snapshot({ brand: 'HONDA', model: 'Civic' }), match, rav]);
    await eventually(async () => mailsTo(s!, luis.email).length === 2);
    const [first, second] = mailsTo(s, luis.email);
    expect(first?.subject).toBe('New match for "Cheap Corolla": Toyota Corolla 2015');
    expect(first?.text).toContain('₡8,000,000');
    expect(first?.text).toContain('90,000 km · Automatic · Gasoline · San José');
    expect(first?.text).toContain(`https://ruedas.test/opportunity/${match.id}`);
    expect(first?.text).not.toContain('Price rating');
    expect(first?.html).toContain('https://ruedas.test/api/v1/attachment/photo-1?w=320');
    expect(first?.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/ruedas\.test\/unsubscribe\?token=s\.[\w-]+\.[\w-]{43}>, <mailto:unsubscribe@ruedas\.test\?subject=s\.[\w-]+\.[\w-]{43}>$/,
    );
    expect(first?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(second?.subject).toBe('New match for "RAV4": Toyota RAV4 2015');
    // Redelivered and newer snapshots of the same ads alert nobody again.
    await s.publish({ ad: match, version: 1 }, { ad: { ...match, price: 7_000_000 }, version: 2 }, { ad: rav, version: 2 });
    await s.running.alerts.runOnce();
    expect(mailsTo(s, luis.email)).toHaveLength(2);
    expect((await s.call(MINE, {}, luis.token)).data!.mySavedSearches.map((x: Json) => x.alertsSent).sort()).toEqual([1, 1]);

    // Retention (issue 30): the sends go 90 days after they were mailed; the counts stay, and the
    // same ads, delivered again, still alert nobody.
    const { sends } = await openAlertCollections(s.store);
    expect(await sends.count({})).toBe(2);
    await (s.store as EmbeddedDocumentStore).expire(new Date(s.clock.now().getTime() + (SEND_RETENTION_DAYS + 1) * 24 * 3600_000));
    expect(await sends.count({})).toBe(0);
    expect((await s.call(MINE, {}, luis.token)).data!.mySavedSearches.map((x: Json) => x.alertsSent).sort()).toEqual([1, 1]);
    await s.publish({ ad: match, version: 2 }, { ad: rav, version: 2 });
    await s.running.alerts.runOnce();
    expect(mailsTo(s, luis.email)).toHaveLength(2);
  });

  it('stores the search as its page showed it, left-out words included, and alerts exactly that (issue 27)', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    await s.publishAds([snapshot({ model: 'Hilux', style: 'PICK_UP_4X4' })]);
    // No Hilux in Heredia: the page leaves "en heredia" out and shows the Hilux of San José.
    const page = await search(s, { text: 'hilux usada en heredia' });
    expect(page.interpretation).toMatchObject({ brand: 'TOYOTA', model: 'Hilux', province: null, droppedWords: ['en heredia'] });
    const saved = await save(s, ana.token, { name: 'Hilux', frequency: 'INSTANT', filter: { text: 'hilux usada en heredia' } });
    expect(saved.interpretation).toEqual({ brand: 'TOYOTA', model: 'Hilux', province: null, textWords: [], droppedWords: ['en heredia'] });
    // A Hilux published later in San José is what the page showed: alerted. A Tucson is not.
    const later = snapshot({ model: 'Hilux', style: 'PICK_UP_4X2' });
    await s.publishAds([snapshot({ brand: 'HYUNDAI', model: 'Tucson' }), later]);
    await eventually(async () => mailsTo(s!, ana.email).length === 1);
    expect(mailsTo(s, ana.email)[0]?.text).toContain(`/opportunity/${later.id}`);
  });

  it('shows the fair-price label when the ad carries one', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    await save(s, ana.token, { name: 'Hilux', frequency: 'INSTANT', filter: { text: 'hilux' } });
    // As a listings carrying the fair-price rating would publish it (the field is not in the snapshot's contract yet).
    const ad = snapshot({ model: 'Hilux', style: 'PICK_UP_4X4' });
    const event = opportunityChangedEvent(ad, 1, 'CREATED');
    await s.bus.publish(topics.listingsOpportunity, [
      { key: ad.id, value: { ...event, payload: { ...event.payload, opportunity: { ...ad, rating: { label: 'GOOD_PRICE' } } } } },
    ]);
    await eventually(async () => mailsTo(s!, ana.email).length === 1);
    expect(mailsTo(s, ana.email)[0]?.text).toContain('Valoración del precio: Buen precio');
  });

  it('leaves out the owner’s own ads, ads public before the search was saved, and paused searches', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    const old = snapshot({ model: 'Yaris', publishedAt: new Date(s.clock.now().getTime() - 60_000).toISOString() });
    const saved = await save(s, ana.token, { name: 'Yaris', frequency: 'INSTANT', filter: { text: 'yaris' } });
    const paused = await save(s, ana.token, { name: 'Yaris pausado', frequency: 'INSTANT', filter: { text: 'yaris' } });
    await s.call(UPDATE, { id: paused.id, change: { paused: true } }, ana.token);
    await s.publishAds([old, snapshot({ model: 'Yaris', seller: { id: ana.userId, fullName: 'Ana', userType: 'PERSON', testUser: false } })]);
    const fresh = snapshot({ model: 'Yaris' });
    await s.publishAds([fresh]);
    await eventually(async () => mailsTo(s!, ana.email).length === 1);
    await s.running.alerts.runOnce();
    expect(mailsTo(s, ana.email).map((mail) => mail.text.includes(fresh.id))).toEqual([true]);
    expect(saved.name).toBe('Yaris');
  });

  it('groups a day’s matches of a daily search into one digest after the day ends, once', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    await save(s, ana.token, { name: 'Hilux diario', frequency: 'DAILY', filter: { text: 'hilux' } });
    const ads = [
      snapshot({ model: 'Hilux', style: 'PICK_UP_4X4' }),
      snapshot({ model: 'Hilux', style: 'PICK_UP_4X2', price: 15_000_000, priceCrc: 15_000_000 }),
    ];
    await s.publishAds(ads);
    const { sends } = await openAlertCollections(s.store);
    await eventually(async () => (await sends.count({})) === 2);
    await s.running.alerts.runOnce();
    expect(mailsTo(s, ana.email)).toEqual([]);
    s.clock.advance(24 * 3_600_000);
    await s.running.alerts.runOnce();
    await s.running.alerts.runOnce();
    const digests = mailsTo(s, ana.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Resumen diario de «Hilux diario»: 2 anuncios nuevos');
    for (const ad of ads) expect(digests[0]?.text).toContain(`/opportunity/${ad.id}`);
    expect(digests[0]?.text).toContain('₡15.000.000');
  });

  it('sends nothing twice across a restart and a replay of the topic', async () => {
    s = await startSearch();
    const ana = await buyer(s, 'es');
    await save(s, ana.token, { name: 'Corolla', frequency: 'INSTANT', filter: { text: 'corolla' } });
    const ad = snapshot();
    await s.publishAds([ad]);
    await eventually(async () => mailsTo(s!, ana.email).length === 1);
    const { dir, mailer } = s;
    await s.stop(true);
    s = await startSearch({ dir, mails: mailer.mails });
    await s.publish({ ad, version: 1 }, { ad: { ...ad, status: 'EXPIRED' }, version: 2 }, { ad: { ...ad, status: 'PUBLIC_ONLINE' }, version: 3 });
    await s.running.alerts.runOnce();
    const other = snapshot();
    await s.publishAds([other]);
    await eventually(async () => mailsTo(s!, ana.email).length === 2);
    expect(mailsTo(s, ana.email).map((mail) => mail.text.includes(other.id))).toEqual([false, true]);
  });
});

describe('alert counts (issue 30)', () => {
  it('counts once, from their sends, the alerts of searches saved before the count moved to the search', async () => {
    s = await startSearch();
    const collections = await openAlertCollections(s.store);
    const now = s.clock.now();
    const base = { userId: 'u-1', name: 'Old', frequency: 'INSTANT', paused: false, filter: {}, createdAt: now, updatedAt: now };
    await collections.saved.insertOne({ _id: 'old-search', ...base } as never);
    const send = (n: number, state: string) => ({
      _id: `old-search|ad-${n}`,
      searchId: 'old-search',
      userId: 'u-1',
      adId: `ad-${n}`,
      frequency: 'INSTANT',
      day: '2025-01-01',
      state,
      ad: {},
      createdAt: now,
      sentAt: state === 'SENT' ? now : null,
    });
    await collections.sends.insertMany([send(1, 'SENT'), send(2, 'SENT'), send(3, 'DROPPED')] as never);
    // The migration ran at start, before these were written: run it as a first start would.
    await collections.migrations.deleteOne({ _id: 'saved.alertsSent' });
    expect(await backfillAlertCounts(collections)).toBe(1);
    expect((await collections.saved.findById('old-search'))!.alertsSent).toBe(2);
    expect(await backfillAlertCounts(collections)).toBe(0);
  });
});

describe('unsubscribe', () => {
  it('pauses the search a mail’s signed token names, without a session; refuses a forged or unknown token', async () => {
    s = await startSearch();
    const luis = await buyer(s, 'en');
    const saved = await save(s, luis.token, { name: 'Civic', frequency: 'INSTANT', filter: { text: 'civic' } });
    await s.publishAds([snapshot({ brand: 'HONDA', model: 'Civic' })]);
    await eventually(async () => mailsTo(s!, luis.email).length === 1);
    const token = decodeURIComponent(tokenOf(mailsTo(s, luis.email)[0]?.headers?.['List-Unsubscribe']));
    const forged = token.replace(saved.id, randomUUID());
    // A signature with one character changed (not the last: its low bits may be padding that decodes the same).
    const at = token.length - 5;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    for (const wrong of [forged, 'nonsense', tampered]) {
      const refused = await s.call(UNSUBSCRIBE, { token: wrong });
      expect(code(refused)).toBe('VALIDATION');
      expect(fields(refused)).toEqual({ token: 'invalidUnsubscribeToken' });
    }
    expect((await s.call(UNSUBSCRIBE, { token })).data!.unsubscribeSavedSearch).toEqual({ name: 'Civic' });
    expect((await s.call(MINE, {}, luis.token)).data!.mySavedSearches[0]).toMatchObject({ paused: true });
    await s.publishAds([snapshot({ brand: 'HONDA', model: 'Civic' })]);
    await s.running.alerts.runOnce();
    expect(mailsTo(s, luis.email)).toHaveLength(1);
  });
});
