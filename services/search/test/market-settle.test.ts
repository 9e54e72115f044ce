import { describe, expect, it } from 'vitest';
import { Market, type MarketAd } from '../src/pricing/market';

/**
 * The market's incremental ratings (a stream of changes, settled in passes: decision 0225) are
 * those of rating every ad at once: a pass reads each touched group once, whatever the number of
 * changes in it, and must still re-rate every ad a change could move (within its window and reach).
 */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const BRANDS: Array<[string, string[]]> = [
  ['TOYOTA', ['Corolla', 'Corolla Cross', 'Rav 4', 'Hilux']],
  ['NISSAN', ['Sentra', 'Frontier']],
  ['HYUNDAI', ['Tucson', 'Accent']],
];

function ad(next: () => number, id: string): MarketAd {
  const [brand, models] = BRANDS[Math.floor(next() * BRANDS.length)]!;
  const year = 2005 + Math.floor(next() * 18);
  return {
    id,
    brand,
    model: models[Math.floor(next() * models.length)]!,
    style: next() < 0.6 ? 'SEDAN' : 'PICKUP',
    fuelType: next() < 0.7 ? 'GASOLINE' : 'DIESEL',
    transmissionType: next() < 0.5 ? 'AUTOMATIC' : 'MANUAL',
    year,
    // One mileage: every group keeps the default depreciation (a fit needs mileages that differ), so
    // a change moves only the estimates of ads it is a comparable of (or could become one of).
    mileageKm: 80_000,
    priceCrc: Math.round((3_000_000 + next() * 20_000_000) * (1 + (year - 2005) * 0.05)),
  };
}

describe('fair-price market', () => {
  it('rates a stream of changes settled in passes as it rates every ad at once', () => {
    const next = random(30);
    const market = new Market();
    const ads = new Map<string, MarketAd>();
    for (let pass = 0; pass < 40; pass++) {
      // A pass of new ads, changed prices and years, and ads leaving the market.
      const changes = 1 + Math.floor(next() * 60);
      for (let n = 0; n < changes; n++) {
        const roll = next();
        const known = [...ads.keys()];
        if (roll < 0.6 || known.length === 0) {
          const fresh = ad(next, `ad-${pass}-${n}`);
          ads.set(fresh.id, fresh);
          market.change(fresh.id, fresh);
        } else if (roll < 0.9) {
          const id = known[Math.floor(next() * known.length)]!;
          const moved = { ...ads.get(id)!, priceCrc: Math.round(ads.get(id)!.priceCrc * (0.7 + next() * 0.6)), year: 2005 + Math.floor(next() * 18) };
          ads.set(id, moved);
          market.change(id, moved);
        } else {
          const id = known[Math.floor(next() * known.length)]!;
          ads.delete(id);
          market.change(id, null);
        }
      }
      market.settle();
      const whole = new Market();
      whole.load(ads.values());
      whole.rateAll();
      for (const id of ads.keys()) expect(market.rating(id), `${id} after pass ${pass}`).toEqual(whole.rating(id));
    }
    expect(ads.size).toBeGreaterThan(300);
  });
});
