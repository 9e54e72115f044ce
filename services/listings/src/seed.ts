import { randomUUID } from 'node:crypto';
import { adSchema, adStatusSchema, LEVEL_CODES, type AdStatus } from '@ruedas/domain';
import { systemActor } from '@ruedas/events';
import { DomainError, GlobalParameters, systemClock, type Clock, type DocumentStore } from '@ruedas/platform';
import { snapshotEntry, validAd } from './opportunities';
import { SYSTEM_AUTHOR } from './rules';
import { openCollections, type AdFields, type OpportunityDoc, type UserDoc } from './store';

/**
 * An ad as the demo catalogue or a benchmark writes it: the car's fields as the wizard would store
 * them (validated with the same rules), plus what a running marketplace decides (status, dates, views).
 */
export interface OpportunitySeed extends AdFields {
  /** A new uuid when left out. */
  id?: string;
  sellerId: string;
  status: AdStatus;
  dateCreated: Date;
  /** When it last went public; null (the default) if never. */
  publishedAt?: Date | null;
  /** End of its current period; null (the default) when not public. */
  expiresAt?: Date | null;
  viewCount?: number;
}

/** Ads written per bulk insert. */
const CHUNK = 1000;

function seedError(index: number, message: string): Error {
  return new Error(`opportunity seed ${index}: ${message}`);
}

/**
 * Writes ads as given, each with one history entry (the system's, with its status) and its snapshot
 * in its outbox, dated when the ad was created (a read model that counts ads per day, like the
 * moderation dashboard, then places an imported ad on its own day): the listings service's relay publishes them (at once when it runs in this process,
 * at its next sweep otherwise). Answers the ids in the order given. Every seed is checked first, so
 * a bad one writes nothing. The snapshots carry the sellers' names and roles from the service's
 * projection of identity's users: with `sellerWaitMs`, sellers whose accounts were just created are
 * waited for that long (their registration events may still be on their way).
 */
export async function importOpportunities(
  store: DocumentStore,
  seeds: OpportunitySeed[],
  options: { clock?: Clock; sellerWaitMs?: number } = {},
): Promise<string[]> {
  const now = (options.clock ?? systemClock).now();
  const collections = await openCollections(store);
  const crcPerUsd = (await GlobalParameters.open(store, 'listings_parameters')).get('EXCHANGE_RATE_CRC_PER_USD');
  const sellerIds = [...new Set(seeds.map((seed) => seed.sellerId))];
  const findSellers = async () => new Map<string, UserDoc>((await collections.users.find({ _id: { $in: sellerIds } })).map((user) => [user._id, user]));
  let sellers = await findSellers();
  const waitUntil = Date.now() + (options.sellerWaitMs ?? 0);
  while (sellers.size < sellerIds.length && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    sellers = await findSellers();
  }

  const schema = adSchema(now);
  const docs = seeds.map((seed, index): OpportunityDoc => {
    let fields: AdFields;
    try {
      fields = validAd({ ...seed }, schema);
    } catch (error) {
      throw seedError(index, error instanceof DomainError ? JSON.stringify(error.fields) : String(error));
    }
    if (!adStatusSchema.safeParse(seed.status).success) throw seedError(index, `unknown status ${JSON.stringify(seed.status)}`);
    if (typeof seed.sellerId !== 'string' || seed.sellerId === '') throw seedError(index, 'sellerId is required');
    if (!(seed.dateCreated instanceof Date) || Number.isNaN(seed.dateCreated.getTime())) throw seedError(index, 'dateCreated must be a date');
    const publishedAt = seed.publishedAt ?? null;
    return {
      _id: seed.id ?? randomUUID(),
      ...fields,
      sellerId: seed.sellerId,
      status: seed.status,
      levelRank: LEVEL_CODES[fields.level],
      dateCreated: seed.dateCreated,
      publishedAt,
      expiresAt: seed.expiresAt ?? null,
      renewed: false,
      notifiedFor: null,
      viewCount: seed.viewCount ?? 0,
      history: [{ ...SYSTEM_AUTHOR, status: seed.status, statusDate: publishedAt ?? seed.dateCreated }],
      version: 1,
    };
  });

  for (let start = 0; start < docs.length; start += CHUNK) {
    await collections.opportunities.insertMany(
      docs.slice(start, start + CHUNK).map((doc) => ({
        ...doc,
        outbox: [snapshotEntry(doc, sellers.get(doc.sellerId) ?? null, crcPerUsd, systemActor('listings'), 'CREATED', null, doc.dateCreated)],
      })),
    );
  }
  return docs.map((doc) => doc._id);
}
