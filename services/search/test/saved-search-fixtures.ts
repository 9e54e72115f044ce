import { BRANDS, COLOURS, FUEL_TYPES, MODELS_BY_BRAND, STYLES, TRANSMISSION_TYPES, type BrandCode } from '@ruedas/domain';
import type { OpportunitySnapshot } from '@ruedas/events';
import { random } from '@ruedas/testing/random';

/** A small deterministic random source (mulberry32), so a bench or test run is repeatable. */
export { random } from '@ruedas/testing/random';

const BRAND_CODES = BRANDS.map((brand) => brand.code).filter((code) => (MODELS_BY_BRAND[code as BrandCode]?.length ?? 0) > 0) as BrandCode[];

/** A typo a buyer makes: a letter dropped or two swapped (never the first). */
function typo(word: string, rnd: ReturnType<typeof random>): string {
  if (word.length < 6) return word;
  const at = rnd.int(1, word.length - 2);
  return rnd.next() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * Saved searches as buyers make them: mostly a brand and model (as text, sometimes misspelt or
 * split, or as fields), with price and year ranges; some a brand only, a model only, or only
 * filters (a style, a fuel, a price).
 */
export function savedSearchFilters(count: number, seed = 19): Array<Record<string, unknown>> {
  const rnd = random(seed);
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const brand = rnd.pick(BRAND_CODES);
    const model = rnd.pick(MODELS_BY_BRAND[brand]!);
    const filter: Record<string, unknown> = {};
    const kind = rnd.next();
    if (kind < 0.45) filter.text = `${brand.toLowerCase()} ${rnd.next() < 0.2 ? typo(model.toLowerCase(), rnd) : model.toLowerCase()}`;
    else if (kind < 0.65) filter.text = rnd.next() < 0.3 ? model.toLowerCase().replace(/[^a-z0-9]/g, '') : model.toLowerCase();
    else if (kind < 0.8) Object.assign(filter, { brand, model });
    else if (kind < 0.92) filter.brand = brand;
    else if (rnd.next() < 0.5) filter.style = rnd.pick(STYLES);
    else filter.fuelType = rnd.pick(FUEL_TYPES);
    if (rnd.next() < 0.6) filter.priceTo = rnd.int(3, 40) * 1_000_000;
    if (rnd.next() < 0.2) filter.priceFrom = rnd.int(1, 3) * 1_000_000;
    if (rnd.next() < 0.5) filter.yearFrom = rnd.int(2000, 2022);
    if (rnd.next() < 0.2) filter.transmissionType = rnd.pick(TRANSMISSION_TYPES);
    if (rnd.next() < 0.2) filter.mileageMax = rnd.pick([50_000, 100_000, 150_000, 200_000]);
    if (rnd.next() < 0.1) filter.province = String(rnd.int(1, 7));
    out.push(filter);
  }
  return out;
}

/** Ads of the vocabulary's brands and models, as listings publishes them (public). */
export function generatedAds(count: number, seed = 7): OpportunitySnapshot[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const brand = rnd.pick(BRAND_CODES);
    const usd = rnd.next() < 0.2;
    const priceCrc = rnd.int(2, 45) * 1_000_000 + rnd.int(0, 9) * 100_000;
    return {
      id: `ad-${seed}-${i}`,
      brand,
      model: rnd.pick(MODELS_BY_BRAND[brand]!),
      year: rnd.int(1998, 2025),
      style: rnd.pick(STYLES),
      fuelType: rnd.pick(FUEL_TYPES),
      transmissionType: rnd.pick(TRANSMISSION_TYPES),
      motorSizeCC: rnd.int(8, 40) * 100,
      mileage: rnd.int(0, 250) * 1_000,
      mileageUnit: 'KM',
      exteriorColor: rnd.pick(COLOURS).label.es,
      interiorColor: rnd.pick(COLOURS).label.es,
      price: usd ? Math.round(priceCrc / 510) : priceCrc,
      transferPrice: 0,
      currency: usd ? 'USD' : 'CRC',
      priceCrc,
      payTaxes: true,
      passengersNumber: rnd.pick([2, 4, 5, 7]),
      province: String(rnd.int(1, 7)),
      canton: '101',
      district: '10101',
      knownDamage: '',
      extraList: [],
      attachmentIds: [],
      phoneList: [],
      status: 'PUBLIC_ONLINE',
      level: 'FREE',
      message: '',
      autoApproval: false,
      publishedAt: '2025-03-01T12:00:00.000Z',
      expiresAt: null,
      seller: { id: 'seller-bench', fullName: 'Bench', userType: 'PERSON', testUser: false },
    } satisfies OpportunitySnapshot;
  });
}
