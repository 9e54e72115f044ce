import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, listDeadLetters, SearchIndexWriteError, type SearchIndex } from '@ruedas/platform';
import { randomUUID } from 'node:crypto';
import { opportunityChanged, topics } from '@ruedas/events';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import type { SearchDocument } from '../src';
import { FIRST_GROUP } from '../src/projection';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { openCollections } from '../src/store';
import { eventually, ids, search, snapshot, START, startSearch, type Search } from './harness';

let s: Search | undefined;
afterEach(async () => {
  await s?.stop();
  s = undefined;
});

describe('the index follows the ad snapshots', () => {
  it('applies snapshots in order and exactly once in effect: older or repeated ones change nothing', async () => {
    s = await startSearch();
    const ad = snapshot({ model: 'Corolla' });
    await s.publish({ ad, version: 1 });
    await s.publish({ ad: { ...ad, model: 'Yaris' }, version: 3 });
    // An older snapshot arriving late, and the same version again with other content: both ignored.
    await s.publish({ ad: { ...ad, model: 'Hilux' }, version: 2, wait: false }, { ad: { ...ad, model: 'Rush', status: 'SOLD' }, version: 3, wait: false });
    const marker = snapshot({ brand: 'KIA', model: 'Rio' });
    await s.publish({ ad: marker, version: 1 }); // everything before it was handled
    expect(ids(await search(s, { text: 'yaris' }))).toEqual([ad.id]);
    expect(ids(await search(s, { text: 'hilux' }))).toEqual([]);
    expect(ids(await search(s, { text: 'rush' }))).toEqual([]);
    expect((await s.collections.ads.findById(ad.id))?.version).toBe(3);
  });

  it('parks a snapshot of a version it does not know in its dead letters at once, for a replay after the upgrade (issue 30)', async () => {
    s = await startSearch();
    const ad = snapshot({ model: 'Fortuner' });
    // A newer listings, deployed first, publishes the snapshot's next version (this build does not define it).
    const newer = {
      id: randomUUID(),
      type: opportunityChanged.type,
      version: opportunityChanged.version + 1,
      aggregateId: ad.id,
      aggregateVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system', id: 'listings' },
      payload: { opportunity: ad, change: 'A_NEWER_KIND' },
    };
    await s.bus.publish(topics.listingsOpportunity, [{ key: ad.id, value: newer }]);
    await s.publish({ ad: snapshot({ brand: 'KIA', model: 'Rio' }), version: 1 }); // everything before it was handled
    expect(ids(await search(s, { text: 'fortuner' }))).toEqual([]);
    await eventually(async () => (await listDeadLetters(s!.bus, [FIRST_GROUP]))[0]!.letters.length === 1);
    const [group] = await listDeadLetters(s.bus, [FIRST_GROUP]);
    expect(group!.letters[0]).toMatchObject({ type: 'OpportunityChanged', originalTopic: topics.listingsOpportunity, replayed: false });
  });

  it('removes an ad that stops being public (sold, expired) and keeps a modified one', async () => {
    s = await startSearch();
    const sold = snapshot({ model: 'Corolla' });
    const edited = snapshot({ model: 'Hilux' });
    await s.publishAds([sold, edited]);
    expect((await search(s, { brand: 'TOYOTA' })).totalItems).toBe(2);
    await s.publish({ ad: { ...sold, status: 'SOLD' }, version: 2 }, { ad: { ...edited, status: 'MODIFIED', model: 'Hilux Revo' }, version: 2 });
    expect(ids(await search(s, { brand: 'TOYOTA' }))).toEqual([edited.id]);
    expect(ids(await search(s, { text: 'revo' }))).toEqual([edited.id]);
    await s.publish({ ad: { ...edited, status: 'EXPIRED' }, version: 3 });
    expect((await search(s, { brand: 'TOYOTA' })).totalItems).toBe(0);
    // Back online (an admin's change): found again.
    await s.publish({ ad: { ...edited, status: 'PUBLIC_ONLINE' }, version: 4 });
    expect(ids(await search(s, { brand: 'TOYOTA' }))).toEqual([edited.id]);
  });

  it('never keeps a plate, even if a snapshot carried one', async () => {
    s = await startSearch();
    const ad = { ...snapshot(), carIdNumber: 'BXR123' };
    await s.publishAds([ad]);
    expect(JSON.stringify(await s.collections.ads.findById(ad.id))).not.toContain('BXR123');
    const hit = await s.running.index.search({ text: '' });
    expect(JSON.stringify(hit)).not.toContain('BXR123');
    const introspection = await s.call('{ __type(name: "SearchPage") { fields { name } } }');
    expect(JSON.stringify(introspection)).not.toContain('carIdNumber');
  });

  it('fills the index from its projection at restart, and a rebuild replays the topic to the same index', async () => {
    s = await startSearch();
    // Distinct publication times: ads published in the same millisecond may come back in another order after a restart.
    const at = (minutes: number) => new Date(START.getTime() - minutes * 60_000).toISOString();
    const ads = [
      snapshot({ model: 'Corolla', publishedAt: at(1) }),
      snapshot({ brand: 'NISSAN', model: 'Versa', publishedAt: at(2) }),
      snapshot({ model: 'Hilux', publishedAt: at(3) }),
    ];
    await s.publishAds(ads);
    await s.publish({ ad: { ...ads[1]!, status: 'SOLD' }, version: 2 }, { ad: { ...ads[2]!, year: 2019 }, version: 2 });
    const before = await search(s, {});
    expect(before.totalItems).toBe(2);

    const dir = s.dir;
    await s.stop(true);
    s = await startSearch({ dir });
    expect(await search(s, {})).toEqual(before);

    const firstGroup = await s.running.group();
    const group = await s.running.rebuild();
    expect(group).not.toBe(firstGroup);
    // Replayed to the end: the same answer as before, facets and order included.
    await eventually(async () => JSON.stringify(await search(s!, {})) === JSON.stringify(before));
    expect(ids(await search(s, { year: 2019 }))).toEqual([ads[2]!.id]);

    // The rebuilt group is kept: a restart follows it without replaying again.
    await s.stop(true);
    s = await startSearch({ dir });
    expect(await s.running.group()).toBe(group);
    expect(await search(s, {})).toEqual(before);
  });

  it('rebuilds at start when asked (RUEDAS_SEARCH_REBUILD)', async () => {
    s = await startSearch();
    const ad = snapshot();
    await s.publishAds([ad]);
    const dir = s.dir;
    await s.stop(true);
    s = await startSearch({ dir, rebuild: true });
    await eventually(async () => (await search(s!, {})).totalItems === 1);
    expect(await s.running.group()).not.toBe('search-ads');
  });

  it(
    'after an unclean stop resumes from its recorded positions (no rebuild) and is ready only once every public ad is searchable',
    { timeout: 120_000 },
    async () => {
      s = await startSearch();
      const first = Array.from({ length: 300 }, () => snapshot());
      await s.publishAds(first);
      // A checkpoint records the position after them once their projection writes are durable.
      await eventually(async () => (await s!.collections.state.findById('ads'))?.positions?.[0]?.next === first.length);
      const group = await s.running.group();
      const later = Array.from({ length: 4_000 }, (_, n) => snapshot({ model: n % 2 ? 'Hilux' : 'Yaris' }));
      await s.publish(...later.map((ad) => ({ ad, version: 1, wait: false })));
      await eventually(async () => (await s!.collections.ads.count({})) === first.length + later.length, 60_000);
      const dir = s.dir;
      await s.stop(true, true); // killed: the service never stops, its last positions are not recorded

      // What a kill can lose: the projection writes after the recorded positions (not yet durable),
      // although the bus may have committed their offsets.
      const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger: createLogger('test', 'silent') });
      const collections = await openCollections(store);
      const recorded = (await collections.state.findById('ads'))!.positions!;
      const resumeAt = recorded.find((position) => position.partition === 'listings.opportunity')!.next;
      const lost = later.slice(resumeAt - first.length).map((ad) => ad.id);
      await collections.ads.deleteMany({ _id: { $in: lost } });
      await store.close();

      s = await startSearch({ dir });
      // Started (what /ready waits for): every public ad is already searchable.
      expect((await search(s, {})).totalItems).toBe(first.length + later.length);
      expect((await search(s, { text: 'hilux' })).totalItems).toBe(later.length / 2);
      // Resumed in the same group: nothing was rebuilt.
      expect(await s.running.group()).toBe(group);
      // The projection writes of the replayed snapshots land too (they are not awaited one by one).
      await eventually(async () => (await s!.collections.ads.count({})) === first.length + later.length);
    },
  );

  it('writes an ad again when its index write failed (a failed task reported by flush)', async () => {
    // An index whose write of one ad fails once, as a failed Meilisearch task would: the write is
    // not applied and the next flush reports its id.
    const inner = createEmbeddedSearchIndex<SearchDocument>();
    const failing = new Set<string>();
    let failed: string[] = [];
    const index: SearchIndex<SearchDocument> = {
      ...inner,
      kind: 'flaky',
      configure: (settings) => inner.configure(settings),
      upsert: async (documents) => {
        const refused = documents.filter((document) => failing.delete(document.id));
        failed.push(...refused.map((document) => document.id));
        await inner.upsert(documents.filter((document) => !refused.includes(document)));
      },
      flush: async () => {
        const ids = failed;
        failed = [];
        if (ids.length > 0) throw new SearchIndexWriteError(`task failed for ${ids.join(', ')}`, ids);
      },
    };
    s = await startSearch({ index });
    const [kept, lost] = [snapshot({ model: 'Corolla' }), snapshot({ model: 'Hilux' })];
    failing.add(lost.id);
    await s.publishAds([kept, lost]);
    expect(await index.get(lost.id)).toBeNull();
    // The next checkpoint finds the failure and writes the ad again from the projection.
    await eventually(async () => (await search(s!, { text: 'hilux' })).totalItems === 1);
    expect((await search(s, {})).totalItems).toBe(2);
  });

  it('normalises dollar prices again when the exchange rate changes', async () => {
    s = await startSearch();
    const dollars = snapshot({ currency: 'USD', price: 20_000 }); // ₡10,200,000 at 510
    const colones = snapshot({ currency: 'CRC', price: 11_000_000 });
    await s.publishAds([dollars, colones]);
    expect(ids(await search(s, { priceTo: 10_500_000 }))).toEqual([dollars.id]);
    await s.setParameter('EXCHANGE_RATE_CRC_PER_USD', 600); // ₡12,000,000
    await eventually(async () => ids(await search(s!, { priceTo: 10_500_000 })).length === 0);
    expect(ids(await search(s, { priceFrom: 11_500_000 }))).toEqual([dollars.id]);
    expect(ids(await search(s, { priceFrom: 19_000, currency: 'USD' }))).toEqual([dollars.id]); // ₡11,400,000 and up
  });
});
