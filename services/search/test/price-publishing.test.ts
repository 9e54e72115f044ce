import { randomUUID } from 'node:crypto';
import { priceRated, readEvent, topics, type Envelope } from '@ruedas/events';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, snapshot, startSearch, type Search } from './harness';

/**
 * Search publishes each public ad's fair-price rating, and the quote of each ad waiting for its
 * review (decision 0161), on `search.price` (decision 0099) for
 * moderation's price signal and listings' price hint: once per change, not again on a restart.
 */
async function watch(s: Search) {
  const seen: Array<{ id: string; version: number; estimateCrc: number | null; label: string; priceCrc: number }> = [];
  const subscription = await s.bus.subscribe({
    group: `test-prices-${randomUUID()}`,
    topics: [topics.searchPrice],
    handler: async (message) => {
      const event = readEvent(priceRated, message.value as Envelope);
      if (event)
        seen.push({
          id: event.aggregateId,
          version: event.aggregateVersion,
          estimateCrc: event.payload.estimateCrc,
          label: event.payload.label,
          priceCrc: event.payload.priceCrc,
        });
    },
  });
  return { seen, stop: () => subscription.stop() };
}

const market = [7_700_000, 7_900_000, 8_000_000, 8_000_000, 8_100_000, 8_400_000].map((price) => snapshot({ price, priceCrc: price }));
const cheap = snapshot({ price: 4_000_000, priceCrc: 4_000_000 });
const hidden = snapshot({ status: 'PENDING_APPROVAL', publishedAt: null });

let running: Search | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('fair-price ratings published on search.price', () => {
  it('publishes one rating per public ad, another when its rating moves, and nothing again after a restart', async () => {
    const s = await startSearch();
    running = s;
    const events = await watch(s);
    await s.publishAds([...market, cheap, hidden]);
    // The public ads and the one waiting for its review (quoted, decision 0161).
    await eventually(() => new Set(events.seen.map((event) => event.id)).size === market.length + 2);
    const first = events.seen.filter((event) => event.id === cheap.id).at(-1)!;
    expect(first).toMatchObject({ label: 'GREAT', priceCrc: 4_000_000 });
    expect(first.estimateCrc).toBeGreaterThan(7_800_000);
    expect(events.seen.filter((event) => event.id === hidden.id)).toHaveLength(1);
    // Each ad's versions count up from 1 without a gap.
    for (const ad of [...market, cheap, hidden]) {
      const versions = events.seen.filter((event) => event.id === ad.id).map((event) => event.version);
      expect(versions).toEqual(versions.map((_, at) => at + 1));
    }

    // The cheap ad's price goes to the market: its label changes, one more event for it.
    await s.publish({ ad: { ...cheap, price: 8_000_000, priceCrc: 8_000_000 }, version: 2 });
    await eventually(() => events.seen.filter((event) => event.id === cheap.id).at(-1)?.label === 'FAIR');
    expect(events.seen.filter((event) => event.id === cheap.id).at(-1)).toMatchObject({ label: 'FAIR', priceCrc: 8_000_000, version: 2 });
    await s.running.ratingsPublished();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = events.seen.length;
    await events.stop();

    // A restart loads and rates the same market: nothing differs from what was published.
    await s.stop(true);
    const again = await startSearch({ dir: s.dir });
    running = again;
    const after = await watch(again);
    // A new group replays the topic: the same events as before, none added by the restart.
    await eventually(() => after.seen.length >= before);
    await again.running.ratingsPublished();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(after.seen.length).toBe(before);
    await after.stop();
  });

  it("quotes a waiting ad again when its model's market moves, and leaves a waiting ad of an untouched model alone (decision 0181)", async () => {
    const s = await startSearch();
    running = s;
    const events = await watch(s);
    const waiting = snapshot({ status: 'PENDING_APPROVAL', publishedAt: null, price: 8_000_000, priceCrc: 8_000_000 });
    const elsewhere = snapshot({
      status: 'PENDING_APPROVAL',
      publishedAt: null,
      brand: 'LADA',
      model: 'Niva',
      style: 'TODO_TERRENO_4X4',
      year: 1990,
      price: 1_500_000,
      priceCrc: 1_500_000,
    });
    await s.publishAds([...market, waiting, elsewhere]);
    const last = (id: string) => events.seen.filter((event) => event.id === id).at(-1);
    await eventually(() => last(waiting.id) !== undefined && last(elsewhere.id) !== undefined);
    expect(last(waiting.id)).toMatchObject({ label: 'FAIR', version: 1 });
    const before = last(waiting.id)!.estimateCrc!;

    // The Corolla market falls: eight more Corollas around ₡5,000,000 go public.
    const cheaper = [4_800_000, 4_900_000, 5_000_000, 5_000_000, 5_000_000, 5_100_000, 5_100_000, 5_200_000].map((price) =>
      snapshot({ price, priceCrc: price }),
    );
    await s.publishAds(cheaper);
    // The waiting Corolla, unchanged itself, is quoted again against the new market.
    await eventually(() => (last(waiting.id)?.estimateCrc ?? before) < before);
    expect(last(waiting.id)!.estimateCrc!).toBeLessThan(before);
    expect(last(waiting.id)).toMatchObject({ priceCrc: 8_000_000, version: 2 });
    expect(last(waiting.id)!.label).not.toBe('FAIR');
    await s.running.ratingsPublished();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The Niva's groups did not move: its quote was not published again.
    expect(events.seen.filter((event) => event.id === elsewhere.id)).toHaveLength(1);
    await events.stop();
  });
});
