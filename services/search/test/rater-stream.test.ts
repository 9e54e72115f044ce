import { describe, expect, it } from 'vitest';
import { createLogger, type SearchIndex } from '@ruedas/platform';
import type { SearchDocument } from '../src/documents';
import { Market } from '../src/pricing/market';
import { marketAd, PriceRater } from '../src/pricing/rater';
import { indexedAd, type IndexedAd } from '../src/store';
import { snapshot } from './harness';

const MODELS: Array<[string, string]> = [
  ['TOYOTA', 'Corolla'],
  ['TOYOTA', 'Hilux'],
  ['NISSAN', 'Sentra'],
  ['HYUNDAI', 'Tucson'],
];
const RATE = 510;

/** An index that records what it is given (the rater's writes). */
function recordingIndex(): SearchIndex<SearchDocument> & { upserts: SearchDocument[][] } {
  const upserts: SearchDocument[][] = [];
  return {
    upserts,
    upsert: async (documents: SearchDocument[]) => void upserts.push(documents),
    remove: async () => undefined,
  } as unknown as SearchIndex<SearchDocument> & { upserts: SearchDocument[][] };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ads(count: number, from: number): Array<[string, IndexedAd]> {
  return Array.from({ length: count }, (_, n) => {
    const at = from + n;
    const [brand, model] = MODELS[at % MODELS.length]!;
    const year = 2008 + (at % 13);
    const price = Math.round((4_000_000 + ((at * 7_919) % 9_000_000)) * (1 + (year - 2008) * 0.06));
    return [`ad-${at}`, indexedAd(snapshot({ brand, model, year, price, priceCrc: price, mileage: 40_000 + ((at * 104_729) % 150_000) }))];
  });
}

describe('fair-price ratings under a stream of changes (decision 0244)', () => {
  it('wait for the stream to pause, then rate in one pass as rating every ad at once', async () => {
    const index = recordingIndex();
    const rater = new PriceRater({ index, rate: () => RATE, logger: createLogger('test', 'silent') });
    const all: Array<[string, IndexedAd]> = [];
    // A first build: 1,200 snapshots in one run, then 40 every 50 ms for 1.5 s (the relay's pace).
    for (const [id, ad] of ads(1_200, 0)) {
      all.push([id, ad]);
      rater.observe(id, 1, ad, null);
    }
    for (let run = 0; run < 30; run++) {
      await pause(50);
      for (const [id, ad] of ads(40, 1_200 + run * 40)) {
        all.push([id, ad]);
        rater.observe(id, 1, ad, null);
      }
    }
    // No pass while the snapshots kept coming: nothing written, every change still waiting.
    expect(index.upserts).toEqual([]);
    expect(rater.unrated).toBe(2_400);
    // The stream paused: one pass rates the whole market and writes every ad once.
    for (let waited = 0; rater.unrated > 0 && waited < 5_000; waited += 50) await pause(50);
    expect(rater.unrated).toBe(0);
    const written = index.upserts.flat();
    expect(written).toHaveLength(2_400);
    expect(new Set(written.map((doc) => doc.id)).size).toBe(2_400);
    // The ratings of rating every ad at once.
    const whole = new Market();
    whole.load(all.map(([id, ad]) => marketAd(id, ad, RATE)));
    whole.rateAll();
    for (const [id] of all) expect(rater.rating(id), id).toEqual(whole.rating(id));
    expect(written.filter((doc) => doc.priceLabel !== 'NONE').length).toBeGreaterThan(2_000);
    // A single change afterwards is rated at once (no stream).
    const [[id, ad]] = ads(1, 5_000) as [[string, IndexedAd]];
    rater.observe(id, 1, ad, null);
    await rater.settle();
    expect(index.upserts.flat().some((doc) => doc.id === id)).toBe(true);
    await rater.stop();
  });
});
