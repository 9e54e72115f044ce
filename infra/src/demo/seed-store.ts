import { randomUUID } from 'node:crypto';
import { isPublicStatus } from '@ruedas/domain';
import { importAccounts } from '@ruedas/identity';
import { importOpportunities, type OpportunitySeed } from '@ruedas/listings';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { systemClock, type Logger, type OutboxRelay } from '@ruedas/platform';
import { generateCatalogue } from './generate';
import { DEMO_PASSWORD, sellerAccount } from './seed';

/** A seeded seller with an account (`sellers: 'accounts'`): signs in with DEMO_PASSWORD. */
export interface SeededSeller {
  id: string;
  email: string;
  phone: string;
}

/**
 * A generated catalogue of `ads` ads written straight into listings' embedded store at `dir`, each
 * with its snapshot in the outbox (no photos): what the search benches and the restart test start
 * from. Sellers get fresh ids, or with `sellers: 'accounts'` identity accounts (ACTIVE, confirmed,
 * password DEMO_PASSWORD, their registration events in identity's outbox, published when the
 * process starts), written in bulk: every seller is then a user the services know, as in
 * production. Answers the ads' ids, how many of them are public, and the sellers with accounts.
 */
export async function seedListingsStore(
  dir: string,
  options: { ads: number; seed: number; logger: Logger; sellers?: 'ids' | 'accounts' },
): Promise<{ ids: string[]; publicAds: number; sellers: SeededSeller[] }> {
  const { ads, sellers: people } = generateCatalogue({ ads: options.ads, seed: options.seed });
  const store = await createEmbeddedStore({ dir, logger: options.logger });
  try {
    const sellers = new Map<string, SeededSeller>();
    if (options.sellers === 'accounts') {
      // The relay publishes at the process's start: here the events only wait in identity's outbox.
      const outbox = { watch: () => undefined, notify: () => undefined } as unknown as OutboxRelay;
      const accounts = await importAccounts({ store, outbox, clock: systemClock }, people.map(sellerAccount));
      people.forEach((person, index) =>
        sellers.set(person.email, { id: accounts[index]!.id, email: accounts[index]!.email, phone: person.phoneList[0]!.phone }),
      );
    }
    const seeds = ads.map((ad): OpportunitySeed => {
      const { sellerEmail, photoCount: _photos, ...fields } = ad;
      if (!sellers.has(sellerEmail)) sellers.set(sellerEmail, { id: randomUUID(), email: sellerEmail, phone: '' });
      return { ...fields, sellerId: sellers.get(sellerEmail)!.id, attachmentIds: [] };
    });
    const ids = await importOpportunities(store, seeds);
    return {
      ids,
      publicAds: ads.filter((ad) => isPublicStatus(ad.status)).length,
      sellers: options.sellers === 'accounts' ? [...sellers.values()] : [],
    };
  } finally {
    await store.close();
  }
}

export { DEMO_PASSWORD as SEEDED_SELLER_PASSWORD };
