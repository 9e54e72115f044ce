import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@ruedas/domain';
import type { OpportunitySnapshot } from '@ruedas/events';
import { openAlertCollections } from '../src/alerts/store';
import { buyer, code, eventually, fields, SAVE_SEARCH, saveSearch as save, snapshot, startSearch, type Search } from './harness';
import { savedSearchFilters } from './saved-search-fixtures';

// Alerts and what changes after publication (issue 19): the rating in the mails (read from the
// embedded mailer's files), ads edited into a search's criteria, the limit under a burst, a restart.
const MINE = `{ mySavedSearches { id name } }`;

let s: Search | undefined;
afterEach(async () => {
  await s?.stop();
  s = undefined;
});

/** The mails to `to` in the embedded mailer's folder, oldest first. */
async function mailFiles(search: Search, to: string) {
  return (await search.outbox!.list()).filter((mail) => mail.to === to).reverse();
}

/** Waits until the alerts have read this version of the ad (matched or not). */
async function alertsRead(search: Search, ad: OpportunitySnapshot, version: number) {
  const { ads } = await openAlertCollections(search.store);
  await eventually(async () => ((await ads.findById(ad.id))?.version ?? 0) >= version);
}

describe('alert mails show the fair-price rating', () => {
  it('shows the label and the estimate in the owner’s language, in instant mails and digests', async () => {
    s = await startSearch({ outbox: true });
    // Five comparables at ₡8,000,000 make the market of a 2015 automatic petrol Corolla.
    const market = Array.from({ length: 6 }, () => snapshot({ seller: { id: 'dealer-1', fullName: 'Autos', userType: 'PERSON', testUser: false } }));
    await s.publishAds(market);
    await eventually(async () => market.every((ad) => s!.running.rater.rating(ad.id)?.basis === 'EXACT'));
    s.clock.advance(60_000);
    const luis = await buyer(s, 'en');
    const ana = await buyer(s, 'es');
    await save(s, luis.token, { name: 'Corolla', frequency: 'INSTANT', filter: { text: 'corolla' } });
    await save(s, ana.token, { name: 'Corolla diario', frequency: 'DAILY', filter: { text: 'toyota corola' } });
    const cheap = snapshot({ price: 6_500_000, priceCrc: 6_500_000, publishedAt: s.clock.now().toISOString() });
    await s.publishAds([cheap]);
    await eventually(async () => (await mailFiles(s!, luis.email)).length === 1);
    const estimate = s.running.rater.evidence(cheap.id)!.estimateCrc!;
    expect(estimate).toBe(8_000_000);
    const [instant] = await mailFiles(s, luis.email);
    expect(instant?.subject).toBe('New match for "Corolla": Toyota Corolla 2015');
    expect(instant?.text).toContain(`Price rating: Great price (estimated market price ${formatMoney(estimate, 'CRC', 'en')})`);
    expect(instant?.html).toContain('Price rating: Great price (estimated market price ₡8,000,000)');

    s.clock.advance(24 * 3_600_000);
    await s.running.alerts.runOnce();
    const [digest] = await mailFiles(s, ana.email);
    expect(digest?.subject).toBe('Resumen diario de «Corolla diario»: 1 anuncio nuevo');
    expect(digest?.text).toContain('Valoración del precio: Excelente precio (precio de mercado estimado ₡8.000.000)');
  });

  it('leaves the rating out of an ad without enough comparables', async () => {
    s = await startSearch({ outbox: true });
    const ana = await buyer(s, 'es');
    await save(s, ana.token, { name: 'Yaris', frequency: 'INSTANT', filter: { text: 'yaris' } });
    await s.publishAds([snapshot({ model: 'Yaris' })]);
    await eventually(async () => (await mailFiles(s!, ana.email)).length === 1);
    expect((await mailFiles(s, ana.email))[0]?.text).not.toContain('Valoración del precio');
  });
});

describe('ads edited into a saved search’s criteria', () => {
  it('alerts each search the edit newly matches, once per search and ad, across redeliveries and a restart', async () => {
    s = await startSearch({ outbox: true });
    const luis = await buyer(s, 'en');
    const ana = await buyer(s, 'es');
    await save(s, luis.token, { name: 'Cheap Corolla', frequency: 'INSTANT', filter: { text: 'corolla', priceTo: 7_000_000 } });
    await save(s, ana.token, { name: 'Yaris', frequency: 'INSTANT', filter: { text: 'yaris' } });
    const corolla = snapshot({ price: 8_000_000, priceCrc: 8_000_000 });
    const misnamed = snapshot({ model: 'Corolla', year: 2012 });
    await s.publishAds([corolla, misnamed]);
    await alertsRead(s, corolla, 1);
    await alertsRead(s, misnamed, 1);
    // Saved after the Corolla went public, which it already matches: an edit does not alert it.
    s.clock.advance(60_000);
    await save(s, luis.token, { name: 'Any Corolla', frequency: 'INSTANT', filter: { text: 'corolla' } });

    // The price lowered into the range, and the model corrected.
    await s.publish({ ad: { ...corolla, price: 6_900_000, priceCrc: 6_900_000 }, version: 2 }, { ad: { ...misnamed, model: 'Yaris' }, version: 2 });
    await eventually(async () => (await mailFiles(s!, luis.email)).length === 1 && (await mailFiles(s!, ana.email)).length === 1);
    const [lowered] = await mailFiles(s, luis.email);
    expect(lowered?.subject).toBe('New match for "Cheap Corolla": Toyota Corolla 2015');
    expect(lowered?.text).toContain('₡6,900,000');
    expect((await mailFiles(s, ana.email))[0]?.subject).toBe('Nuevo anuncio para «Yaris»: Toyota Yaris 2012');

    // Lowered again, raised out and back in, redelivered: that search and ad were alerted already.
    await s.publish(
      { ad: { ...corolla, price: 6_800_000, priceCrc: 6_800_000 }, version: 3 },
      { ad: { ...corolla, price: 8_500_000, priceCrc: 8_500_000 }, version: 4 },
    );
    await s.publish(
      { ad: { ...corolla, price: 6_500_000, priceCrc: 6_500_000 }, version: 5 },
      { ad: { ...corolla, price: 6_900_000, priceCrc: 6_900_000 }, version: 2 },
    );
    await alertsRead(s, corolla, 5);
    await s.running.alerts.runOnce();
    expect(await mailFiles(s, luis.email)).toHaveLength(1);

    // After a restart the same events again add nothing; a new edit into the range still alerts.
    const { dir } = s;
    await s.stop(true);
    s = await startSearch({ dir, outbox: true });
    await s.running.alerts.loaded;
    const other = snapshot({ price: 9_000_000, priceCrc: 9_000_000 });
    await s.publish({ ad: { ...corolla, price: 6_900_000, priceCrc: 6_900_000 }, version: 2 }, { ad: other, version: 1 });
    await s.publish({ ad: { ...other, price: 6_000_000, priceCrc: 6_000_000 }, version: 2 });
    await eventually(async () => (await mailFiles(s!, luis.email)).length === 2);
    await s.running.alerts.runOnce();
    const mails = await mailFiles(s, luis.email);
    expect(mails.map((mail) => mail.text.includes(`/opportunity/${other.id}`))).toEqual([false, true]);
    expect(mails[1]?.subject).toBe('New match for "Cheap Corolla": Toyota Corolla 2015');
  });
});

describe('saved searches at start and under a burst', () => {
  it('starts without waiting for 30,000 saved searches to load, and matches the ads published meanwhile after, losing none', async () => {
    s = await startSearch({ outbox: true });
    const ana = await buyer(s, 'es');
    for (const model of ['Hilux', 'Yaris', 'RAV4']) await save(s, ana.token, { name: model, frequency: 'INSTANT', filter: { text: model.toLowerCase() } });
    // Other buyers' searches, written as the service writes them, none of which matches a Hilux of ₡8,000,000 without text.
    const { saved } = await openAlertCollections(s.store);
    const at = s.clock.now();
    const others = savedSearchFilters(30_000).map((filter, n) => ({
      _id: `other-${n}`,
      userId: `buyer-${n % 3_000}`,
      name: `Búsqueda ${n}`,
      frequency: 'DAILY' as const,
      paused: false,
      filter: { ...filter, text: 'sentra' },
      createdAt: at,
      updatedAt: at,
    }));
    for (let start = 0; start < others.length; start += 5_000) await saved.insertMany(others.slice(start, start + 5_000));
    const { dir } = s;
    await s.stop(true);
    s = await startSearch({ dir, outbox: true });
    let loaded = false;
    const loading = s.running.alerts.loaded.then(() => (loaded = true));
    // Started (what /ready waits for) before the saved searches are in the matcher.
    expect(loaded).toBe(false);
    const hilux = snapshot({ model: 'Hilux', style: 'PICK_UP_4X4' });
    await s.publish({ ad: hilux, version: 1, wait: false });
    await loading;
    // The ad waits in the topic until 30,000 searches are read: on a loaded machine that takes longer than the usual wait.
    await eventually(async () => (await mailFiles(s!, ana.email)).length === 1, 45_000);
    expect((await mailFiles(s, ana.email))[0]?.subject).toBe('Nuevo anuncio para «Hilux»: Toyota Hilux 2015');
  }, 60_000);

  it('keeps the per-user limit when 30 saves arrive at once: exactly one of them is taken', async () => {
    // Store calls that take a few milliseconds, as over the network: without a guard, every save of the burst counts 19.
    s = await startSearch({ storeLatencyMs: 5 });
    const ana = await buyer(s, 'es');
    for (let n = 1; n < 20; n++) await save(s, ana.token, { name: `búsqueda ${n}`, frequency: 'DAILY', filter: { text: 'hilux' } });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, n) => s!.call(SAVE_SEARCH, { input: { name: `ráfaga ${n}`, frequency: 'DAILY', filter: {} } }, ana.token)),
    );
    expect(burst.filter((result) => result.data?.saveSearch)).toHaveLength(1);
    const refused = burst.filter((result) => result.errors);
    expect(refused).toHaveLength(29);
    for (const result of refused) {
      expect(code(result)).toBe('VALIDATION');
      expect(fields(result)).toEqual({ '': 'savedSearchesFull' });
    }
    expect((await s.call(MINE, {}, ana.token)).data!.mySavedSearches).toHaveLength(20);
    // Another user's burst is not held up by, nor counted against, hers.
    const luis = await buyer(s, 'en');
    const theirs = await Promise.all(
      Array.from({ length: 3 }, (_, n) => s!.call(SAVE_SEARCH, { input: { name: `luis ${n}`, frequency: 'INSTANT', filter: {} } }, luis.token)),
    );
    expect(theirs.every((result) => result.data?.saveSearch)).toBe(true);
  });
});
