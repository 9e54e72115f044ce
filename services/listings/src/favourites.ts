import { isPublicStatus, type AdStatus } from '@ruedas/domain';
import { DomainError, forbidden, migrateOnce, seekPage, type Clock, type Collection, type GlobalParameters, funnelVisitor } from '@ruedas/platform';
import type { Funnel } from './funnel';
import type { Opportunities, Page } from './opportunities';
import { asSeller, type Caller } from './rules';
import { favouriteId, type FavouriteDoc, type ListingsCollections, type OpportunityDoc } from './store';

export interface FavouritesDeps {
  collections: ListingsCollections;
  opportunities: Opportunities;
  clock: Clock;
  parameters: GlobalParameters;
  /** Counts each new favourite in the ad's funnel. */
  funnel?: Funnel;
}

/** A signed-in seller's favourites (the wish list). */
export class Favourites {
  constructor(private readonly deps: FavouritesDeps) {}

  private get favourites() {
    return this.deps.collections.favourites;
  }

  /** Adds a public ad; adding it again changes nothing. */
  async add(opportunityId: string, caller: Caller | null): Promise<OpportunityDoc> {
    const me = asSeller(caller);
    const ad = await this.deps.opportunities.records.read(opportunityId, me);
    const id = favouriteId(me.userId, ad._id);
    if (await this.favourites.findById(id)) return ad;
    if (!isPublicStatus(ad.status)) throw new DomainError('VALIDATION', 'favouriteNotPublic', { opportunityId: 'favouriteNotPublic' });
    const max = this.deps.parameters.get('MAX_FAVOURITES_PER_USER');
    if ((await this.favourites.count({ userId: me.userId })) >= max) {
      throw new DomainError('VALIDATION', 'favouritesFull', { opportunityId: 'favouritesFull' }, { max });
    }
    await this.favourites.updateOne(
      { _id: id },
      { $setOnInsert: { userId: me.userId, opportunityId: ad._id, addedAt: this.deps.clock.now() } },
      { upsert: true },
    );
    await this.deps.funnel?.note('favourites', [ad._id], funnelVisitor(me.userId, null, this.deps.clock.now()));
    return ad;
  }

  /** True when the ad was among the caller's favourites. */
  async remove(opportunityId: string, caller: Caller | null): Promise<boolean> {
    const me = asSeller(caller);
    const { deletedCount } = await this.favourites.deleteOne({ _id: favouriteId(me.userId, opportunityId) });
    return deletedCount > 0;
  }

  async has(opportunityId: string, caller: Caller | null): Promise<boolean> {
    return caller !== null && (await this.favourites.findById(favouriteId(caller.userId, opportunityId))) !== null;
  }

  /**
   * The favourites of `userId`, newest first, whatever their status now: only that user may read
   * them. By page number or, with `after` (the `next` of the page before), by seeking past the last
   * favourite of that page (issue 30).
   */
  async list(userId: string, page: unknown, caller: Caller | null, after?: unknown): Promise<Page<OpportunityDoc>> {
    const me = asSeller(caller);
    if (me.userId !== userId) throw forbidden();
    const marks = await seekPage(this.favourites, { userId }, { addedAt: -1, _id: 1 }, { page, after, pageSize: this.deps.parameters.get('ITEMS_PER_LIST') });
    const ads = await this.deps.collections.opportunities.find({ _id: { $in: marks.items.map((mark) => mark.opportunityId) } }, { projection: { outbox: 0 } });
    const byId = new Map(ads.map((ad) => [ad._id, ad]));
    return { ...marks, items: marks.items.flatMap((mark) => byId.get(mark.opportunityId) ?? []) };
  }
}

/**
 * Follows an ad's snapshot onto its favourites (decision 0223): when the ad stops being public they
 * note since when (its snapshot's time), and the TTL index removes them FAVOURITE_RETENTION_DAYS
 * later; when it is public again they are kept again. Called once per snapshot version.
 */
export async function favouritesFollowAd(favourites: Collection<FavouriteDoc>, ad: { id: string; status: AdStatus }, at: Date): Promise<void> {
  if (isPublicStatus(ad.status)) await favourites.updateMany({ opportunityId: ad.id, goneSince: { $ne: null } }, { $set: { goneSince: null } });
  else await favourites.updateMany({ opportunityId: ad.id, goneSince: null }, { $set: { goneSince: at } });
}

/**
 * Favourites stored before decision 0223 whose ad had already left the public list get
 * `goneSince`, once (a marker in listings_migrations): their 90 days start at the migration
 * (`now`), as if the ad had just left. Each mark is checked against the ad again after it is
 * written: an ad public again meanwhile has its mark cleared (its snapshot's pass may have run
 * between the two reads).
 */
export async function backfillFavouritesGone(collections: ListingsCollections, now: Date): Promise<number> {
  const { favourites, opportunities } = collections;
  return migrateOnce(collections.migrations, 'favourites.goneSince', favourites, { opportunityId: 1, goneSince: 1 }, async (page) => {
    const open = page.filter((favourite) => !favourite.goneSince);
    if (open.length === 0) return 0;
    const adIds = [...new Set(open.map((favourite) => favourite.opportunityId))];
    const statusOf = async () => new Map((await opportunities.find({ _id: { $in: adIds } }, { projection: { status: 1 } })).map((ad) => [ad._id, ad.status]));
    const before = await statusOf();
    const marked = open.filter((favourite) => {
      const status = before.get(favourite.opportunityId);
      return status !== undefined && !isPublicStatus(status);
    });
    let changed = 0;
    for (const favourite of marked)
      changed += (await favourites.updateOne({ _id: favourite._id, goneSince: null }, { $set: { goneSince: now } })).modifiedCount;
    const after = await statusOf();
    for (const favourite of marked) {
      const status = after.get(favourite.opportunityId);
      if (status !== undefined && isPublicStatus(status)) {
        changed -= (await favourites.updateOne({ _id: favourite._id, goneSince: now }, { $set: { goneSince: null } })).modifiedCount;
      }
    }
    return changed;
  });
}
