import { describe, expect, it } from 'vitest';
import { AD_STATUSES, adSchema, isPublicStatus, LEVELS, modelsOf, PHOTOS_PER_LEVEL, registrationSchema } from '@ruedas/domain';
import { decideDemo, DEMO_SELLER_EMAIL, generateCatalogue, type DemoAd } from '../src';

const now = new Date('2026-11-22T15:00:00Z');
const DAY = 86_400_000;
const { sellers, ads } = generateCatalogue({ ads: 300, now });
const tally = (pick: (ad: DemoAd) => string) => ads.reduce((map, ad) => map.set(pick(ad), (map.get(pick(ad)) ?? 0) + 1), new Map<string, number>());

describe('the demo catalogue generator', () => {
  it('is deterministic for a seed, and another seed gives another catalogue', () => {
    expect(generateCatalogue({ ads: 300, now })).toEqual({ sellers, ads });
    expect(generateCatalogue({ ads: 300, now, seed: 7 }).ads.map((ad) => ad.id)).not.toEqual(ads.map((ad) => ad.id));
  });

  it('makes ads that pass the ad rules, with unique ids and sellers that exist', () => {
    const schema = adSchema(now);
    for (const ad of ads) {
      const result = schema.safeParse({ ...ad, attachmentIds: [] });
      expect(result.success ? 'valid' : JSON.stringify(result.error.issues)).toBe('valid');
    }
    expect(new Set(ads.map((ad) => ad.id)).size).toBe(ads.length);
    const emails = new Set(sellers.map((seller) => seller.email));
    expect(emails.size).toBe(sellers.length);
    expect(ads.every((ad) => emails.has(ad.sellerEmail))).toBe(true);
  });

  it('makes sellers a registration would accept: Costa Rican names and mobile numbers, persons and merchants', () => {
    for (const seller of sellers) {
      const result = registrationSchema.safeParse({ ...seller, password: 'Pura-Vida-2026', passwordConfirm: 'Pura-Vida-2026', agreement: true });
      expect(result.success ? 'valid' : JSON.stringify(result.error.issues)).toBe('valid');
      expect(seller.phoneList.find((p) => p.phoneType === 'WHATSAPP')?.phone).toMatch(/^[678]\d{3}-\d{4}$/);
    }
    expect(new Set(sellers.map((seller) => seller.userType))).toEqual(new Set(['PERSON', 'CARS_SELLER_MERCHANT']));
    expect(sellers[0]?.email).toBe(DEMO_SELLER_EMAIL);
  });

  it('covers every level (most FREE, about a tenth GOLD with a message) and all eight statuses (mostly public)', () => {
    const levels = tally((ad) => ad.level);
    expect([...levels.keys()].sort()).toEqual([...LEVELS].sort());
    expect(levels.get('FREE')).toBeGreaterThan(ads.length * 0.4);
    expect(levels.get('GOLD')).toBeGreaterThan(ads.length * 0.05);
    expect(levels.get('GOLD')).toBeLessThan(ads.length * 0.2);
    expect(ads.filter((ad) => ad.level === 'GOLD').every((ad) => ad.message.length > 0)).toBe(true);
    expect(ads.filter((ad) => ad.level !== 'GOLD').every((ad) => ad.message === '')).toBe(true);
    expect([...tally((ad) => ad.status).keys()].sort()).toEqual([...AD_STATUSES].sort());
    expect(ads.filter((ad) => isPublicStatus(ad.status)).length).toBeGreaterThan(ads.length * 0.6);
  });

  it('gives the demo seller an ad in every status an owner filters by', () => {
    const mine = new Set(ads.filter((ad) => ad.sellerEmail === DEMO_SELLER_EMAIL).map((ad) => ad.status));
    for (const status of ['PUBLIC_ONLINE', 'PENDING_APPROVAL', 'MODIFIED', 'REJECTED', 'SOLD', 'EXPIRED'] as const) expect(mine).toContain(status);
  });

  it('spreads ads over provinces (the Central Valley first), both currencies (mostly colones) and the market brands', () => {
    const provinces = tally((ad) => ad.province);
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...provinces.values())).toBe(provinces.get('1'));
    const usd = tally((ad) => ad.currency).get('USD') ?? 0;
    expect(usd).toBeGreaterThan(ads.length * 0.15);
    expect(usd).toBeLessThan(ads.length * 0.5);
    const brands = tally((ad) => ad.brand);
    expect(Math.max(...brands.values())).toBe(brands.get('TOYOTA'));
    expect(brands.size).toBeGreaterThan(12);
  });

  it('uses models of the reference data with a body that fits them, and plausible years, prices and mileage', () => {
    const thisYear = 2026;
    for (const ad of ads) {
      expect(modelsOf(ad.brand)).toContain(ad.model);
      if (ad.model === 'Hilux') expect(ad.style).toMatch(/^PICK_UP_4X[24]$/);
      if (ad.model === 'RAV4') expect(ad.style).toMatch(/^TODO_TERRENO_4X[24]$/);
      if (ad.model === 'Yaris') expect(['HATCHBACK', 'SEDAN']).toContain(ad.style);
      expect(ad.year).toBeGreaterThanOrEqual(1995);
      expect(ad.year).toBeLessThanOrEqual(thisYear + 1);
      const crc = ad.currency === 'USD' ? ad.price * 510 : ad.price;
      expect(crc).toBeGreaterThanOrEqual(250_000);
      expect(crc).toBeLessThan(80_000_000);
      if (thisYear - ad.year > 10) expect(ad.mileage).toBeGreaterThan(10_000);
    }
  });

  it('dates ads like a running marketplace: public ones published within their life, some new, pending ones never', () => {
    const published = ads.filter((ad) => ad.publishedAt);
    for (const ad of published) {
      const age = (now.getTime() - (ad.publishedAt as Date).getTime()) / DAY;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(40);
      expect(ad.dateCreated.getTime()).toBeLessThanOrEqual((ad.publishedAt as Date).getTime());
      if (isPublicStatus(ad.status)) expect((ad.expiresAt as Date).getTime()).toBeGreaterThan(now.getTime());
    }
    expect(published.filter((ad) => now.getTime() - (ad.publishedAt as Date).getTime() < 4 * DAY).length).toBeGreaterThan(10);
    expect(ads.filter((ad) => ad.status === 'PENDING_APPROVAL').every((ad) => ad.publishedAt === null)).toBe(true);
  });

  it('asks for 1 to 4 photos per ad, within the level cap, more for paid levels', () => {
    for (const ad of ads) {
      expect(ad.photoCount).toBeGreaterThanOrEqual(1);
      expect(ad.photoCount).toBeLessThanOrEqual(Math.min(4, PHOTOS_PER_LEVEL[ad.level]));
    }
    expect(ads.find((ad) => ad.level === 'GOLD')?.photoCount).toBe(4);
  });

  it('makes 100,000 valid ads in seconds', () => {
    const started = performance.now();
    const big = generateCatalogue({ ads: 100_000, now, seed: 11 });
    const ms = performance.now() - started;
    console.info(`generated 100,000 ads and ${big.sellers.length} sellers in ${Math.round(ms)} ms`);
    expect(big.ads).toHaveLength(100_000);
    expect(ms).toBeLessThan(20_000);
    const schema = adSchema(now);
    expect(big.ads.filter((_, index) => index % 1000 === 0).every((ad) => schema.safeParse({ ...ad, attachmentIds: [] }).success)).toBe(true);
  });

  it('prices a market-like catalogue by mileage too (the rating bench), leaving everything else as the plain one', () => {
    const plain = generateCatalogue({ ads: 20_000, now, seed: 5 }).ads;
    const market = generateCatalogue({ ads: 20_000, now, seed: 5, prices: 'market' }).ads;
    const unpriced = (ad: DemoAd) => ({ ...ad, price: 0, transferPrice: 0 });
    expect(market.map(unpriced)).toEqual(plain.map(unpriced));
    const schema = adSchema(now);
    expect(market.filter((_, index) => index % 200 === 0).every((ad) => schema.safeParse({ ...ad, attachmentIds: [] }).success)).toBe(true);
    // Within one model, year and currency, the cars with more km than the median are cheaper: clearly so with market prices.
    const cheaperWithKm = (list: DemoAd[]) => {
      const groups = new Map<string, DemoAd[]>();
      for (const ad of list)
        groups.set(`${ad.brand}|${ad.model}|${ad.year}|${ad.currency}`, [...(groups.get(`${ad.brand}|${ad.model}|${ad.year}|${ad.currency}`) ?? []), ad]);
      let ratios = 0;
      let count = 0;
      for (const group of groups.values()) {
        if (group.length < 8) continue;
        const byKm = [...group].sort((a, b) => a.mileage - b.mileage);
        const mean = (part: DemoAd[]) => part.reduce((sum, ad) => sum + ad.price, 0) / part.length;
        ratios += mean(byKm.slice(byKm.length / 2)) / mean(byKm.slice(0, byKm.length / 2));
        count += 1;
      }
      return ratios / count;
    };
    expect(cheaperWithKm(plain)).toBeGreaterThan(0.97);
    expect(cheaperWithKm(market)).toBeLessThan(0.94);
  });

  it('refuses a count that is not a whole number from 1 to 1,000,000', () => {
    for (const count of [0, -1, 1.5, 1_000_001, Number.NaN]) expect(() => generateCatalogue({ ads: count })).toThrow(/ads must be a whole number/);
  });
});

describe('when the launcher seeds', () => {
  const auto = { RUEDAS_DEMO_DATA: 'auto', NODE_ENV: 'development' } as const;
  it('auto: a new data folder outside production, once', () => {
    expect(decideDemo(auto, true, false)).toBe('seed');
    expect(decideDemo(auto, false, false)).toBe('skip');
    expect(decideDemo(auto, true, true)).toBe('skip');
    expect(decideDemo({ ...auto, NODE_ENV: 'production' }, true, false)).toBe('skip');
  });
  it('on: any folder, once; off: never', () => {
    expect(decideDemo({ ...auto, RUEDAS_DEMO_DATA: 'on', NODE_ENV: 'production' }, false, false)).toBe('seed');
    expect(decideDemo({ ...auto, RUEDAS_DEMO_DATA: 'on' }, false, true)).toBe('skip');
    expect(decideDemo({ ...auto, RUEDAS_DEMO_DATA: 'off' }, true, false)).toBe('skip');
  });
});
