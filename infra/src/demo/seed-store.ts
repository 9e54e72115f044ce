import { randomUUID } from 'node:crypto';
import { isPublicStatus } from '@ruedas/domain';
import { importOpportunities, type OpportunitySeed } from '@ruedas/listings';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import type { Logger } from '@ruedas/platform';
import { generateCatalogue } from './generate';

/**
 * A generated catalogue of `ads` ads written straight into listings' embedded store at `dir`, each
 * with its snapshot in the outbox (sellers get fresh ids, no photos): what the search benches and
 * the restart test start from. Answers the ads' ids and how many of them are public.
 */
export async function seedListingsStore(dir: string, options: { ads: number; seed: number; logger: Logger }): Promise<{ ids: string[]; publicAds: number }> {
  const { ads } = generateCatalogue({ ads: options.ads, seed: options.seed });
  const sellers = new Map<string, string>();
  const seeds = ads.map((ad): OpportunitySeed => {
    const { sellerEmail, photoCount: _photos, ...fields } = ad;
    if (!sellers.has(sellerEmail)) sellers.set(sellerEmail, randomUUID());
    return { ...fields, sellerId: sellers.get(sellerEmail)!, attachmentIds: [] };
  });
  const store = await createEmbeddedStore({ dir, logger: options.logger });
  try {
    const ids = await importOpportunities(store, seeds);
    return { ids, publicAds: ads.filter((ad) => isPublicStatus(ad.status)).length };
  } finally {
    await store.close();
  }
}
