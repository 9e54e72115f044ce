import type { Level } from '@ruedas/domain';
import { seedAccounts, type SeedAccount } from '@ruedas/identity';
import { importOpportunities, type OpportunitySeed } from '@ruedas/listings';
import { PhotoLibrary } from '@ruedas/media';
import type { BlobStore, Clock, DocumentStore, OutboxRelay } from '@ruedas/platform';
import { demoDealer } from './dealer';
import { drawPhotos } from './draw';
import { DEMO_SELLER_EMAIL, generateCatalogue, type DemoAd, type DemoSeller } from './generate';

/**
 * The demo credentials, printed in the start-up log. The password is fixed and public on purpose:
 * demo data is for a developer's machine or a test (never seeded in production unless asked).
 */
export const DEMO_PASSWORD = 'PuraVida-Demo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@ruedas.cr';
export const DEMO_CREDENTIALS = {
  admin: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  seller: { email: DEMO_SELLER_EMAIL, password: DEMO_PASSWORD },
} as const;

export interface DemoSeedDeps {
  store: DocumentStore;
  blobs: BlobStore;
  outbox: OutboxRelay;
  clock: Clock;
}

/** One seeded ad, as tests and screens look for it. */
export interface SeededAd {
  id: string;
  sellerId: string;
  sellerEmail: string;
  status: DemoAd['status'];
  level: Level;
  brand: string;
  model: string;
  year: number;
  photoIds: string[];
}

/** What the seeder wrote: saved as `demo.json` in the data folder, and returned to the launcher. */
export interface DemoManifest {
  seededAt: string;
  seed: number;
  credentials: typeof DEMO_CREDENTIALS;
  accounts: { admin: string; seller: string; sellers: number };
  photos: number;
  ads: SeededAd[];
  durationMs: number;
}

export interface DemoSeedOptions {
  ads?: number;
  seed?: number;
  /** Ads drawn and stored at once; sharp spreads each over its threads. */
  concurrency?: number;
  /** A folder keeping rendered photos for the next seeding (RUEDAS_DEMO_PHOTO_CACHE). */
  photoCache?: string;
}

const adminAccount: SeedAccount = {
  email: DEMO_ADMIN_EMAIL,
  password: DEMO_PASSWORD,
  role: 'ADMINISTRATOR',
  userType: 'PERSON',
  name: 'Administración',
  lastName: 'Ruedas',
  phoneList: [{ phone: '2222-0000', phoneType: 'COMERCIAL' }],
  province: '1',
  canton: '101',
  district: '10101',
};

export const sellerAccount = (seller: DemoSeller): SeedAccount => ({
  ...seller,
  password: DEMO_PASSWORD,
  role: 'ADVERTISER',
  // Merchants show a business page: address, opening hours, map links.
  ...(seller.userType === 'CARS_SELLER_MERCHANT' ? { dealer: demoDealer(seller) } : {}),
});

/**
 * Fills an empty marketplace: the admin, the demo seller and the generated sellers (identity's
 * seeding), photos drawn for each ad (stored by media's photo library, with their events), then
 * the ads (listings' import, which puts each ad's snapshot in its outbox for search and share pages).
 * Not idempotent by itself: the launcher runs it once per data folder.
 */
export async function seedDemoCatalogue(deps: DemoSeedDeps, options: DemoSeedOptions = {}): Promise<DemoManifest> {
  const started = performance.now();
  const { ads: count = 200, seed = 2026, concurrency = 4 } = options;
  const catalogue = generateCatalogue({ ads: count, seed, now: deps.clock.now() });

  const accounts = await seedAccounts(deps, [adminAccount, ...catalogue.sellers.map(sellerAccount)]);
  const idOf = new Map(accounts.map((account) => [account.email, account.id]));
  const sellerId = (email: string) => {
    const id = idOf.get(email);
    if (!id) throw new Error(`demo seller ${email} has no account`);
    return id;
  };
  // The accounts' events go out first, so listings knows the sellers' names by the time the ads arrive.
  await deps.outbox.flush();

  const library = await PhotoLibrary.open(deps);
  const photoIds = await mapLimited(catalogue.ads, concurrency, async (ad) => {
    const owner = sellerId(ad.sellerEmail);
    const look = { style: ad.style, exteriorColor: ad.exteriorColor, interiorColor: ad.interiorColor, seed: Number.parseInt(ad.id.slice(0, 8), 16) };
    return library.store(owner, await drawPhotos(look, ad.photoCount, options.photoCache));
  });

  const seeds = catalogue.ads.map((ad, index): OpportunitySeed => {
    const { sellerEmail, photoCount: _photos, ...fields } = ad;
    return { ...fields, sellerId: sellerId(sellerEmail), attachmentIds: photoIds[index] as string[] };
  });
  const ids = await importOpportunities(deps.store, seeds, { clock: deps.clock, sellerWaitMs: 15_000 });
  // Published before the process says it is ready: the services built from events (search) know the ads.
  await deps.outbox.flush();

  return {
    seededAt: deps.clock.now().toISOString(),
    seed,
    credentials: DEMO_CREDENTIALS,
    accounts: { admin: sellerId(DEMO_ADMIN_EMAIL), seller: sellerId(DEMO_SELLER_EMAIL), sellers: catalogue.sellers.length },
    photos: photoIds.reduce((sum, list) => sum + list.length, 0),
    ads: catalogue.ads.map((ad, index) => ({
      id: ids[index] as string,
      sellerId: sellerId(ad.sellerEmail),
      sellerEmail: ad.sellerEmail,
      status: ad.status,
      level: ad.level,
      brand: ad.brand,
      model: ad.model,
      year: ad.year,
      photoIds: photoIds[index] as string[],
    })),
    durationMs: Math.round(performance.now() - started),
  };
}

/** Maps with at most `limit` calls running at once, keeping the order of the results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
