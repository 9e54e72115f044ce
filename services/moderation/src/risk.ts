import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import {
  hammingDistance,
  isPublicStatus,
  phoneKey,
  PHOTO_HASH_MAX_DISTANCE,
  reportsHide,
  reportWeight,
  photoHashBands,
  priceFarBelow,
  riskScore,
  scamTextMatches,
  scamTextRules,
  sortReasons,
  type AdStatus,
  type RiskReason,
} from '@ruedas/domain';
import { createEvent, opportunityHeld, type OpportunitySnapshot, type PhotoRecord } from '@ruedas/events';
import { toOutbox, type Clock, type Collection, type DocumentStore, type Logger, type Mailer, type OutboxRelay, type StoredDocument } from '@ruedas/platform';
import { heldMail } from './mails';
import type { ParameterAdmin } from './parameters';
import type { AdDoc, ComplaintDoc, ModerationCollections } from './store';

/**
 * The estimated market price of an ad in colones, or null when there is none (too few similar
 * ads). By default moderation's copy of search's fair-price ratings (`market-prices.ts`, decision
 * 0099); `noMarketPrice` answers null (the PRICE_FAR_BELOW_ESTIMATE signal never fires).
 */
export interface MarketPriceEstimator {
  estimateCrc(ad: OpportunitySnapshot): Promise<number | null>;
}
export const noMarketPrice: MarketPriceEstimator = { estimateCrc: async () => null };

/** A photo's perceptual hash, from media's `media.photo` events. */
export interface PhotoHashDoc extends StoredDocument {
  ownerId: string;
  hash: string | null;
  /** `photoHashBands(hash)`: the index that finds near-identical hashes. */
  bands: string[];
  deleted: boolean;
}

const photoHashSchema = new Schema(
  {
    _id: String,
    ownerId: { type: String, required: true },
    hash: { type: String, default: null },
    bands: { type: [String], default: [] },
    deleted: { type: Boolean, default: false },
  },
  { versionKey: false },
);
photoHashSchema.index({ bands: 1 });

export function openPhotoHashes(store: DocumentStore): Promise<Collection<PhotoHashDoc>> {
  return store.collection<PhotoHashDoc>('moderation_photo_hashes', photoHashSchema);
}

export interface RiskDeps {
  collections: ModerationCollections;
  photos: Collection<PhotoHashDoc>;
  parameters: ParameterAdmin;
  outbox: OutboxRelay;
  clock: Clock;
  logger: Logger;
  estimator: MarketPriceEstimator;
  /** The owner of a held ad is mailed (issue 28). */
  mailer: Mailer;
  publicUrl: string;
}

/** What a snapshot's envelope tells about the change. */
export interface SnapshotChange {
  occurredAt: Date;
  /** The acting user, when a user acted. */
  actorUserId: string | null;
  change: string;
  previousStatus: string | null;
}

/** Statuses of an ad still offered (a duplicate of a sold, expired or rejected ad is a relisting). */
const LIVE: readonly AdStatus[] = ['PUBLIC_ONLINE', 'PENDING_APPROVAL', 'APPROVED', 'MODIFIED', 'RENEWED'];
const DAY_MS = 86_400_000;
/** At most this many other ads of a brand-new account are assessed again when it crosses the threshold. */
const BURST_CASCADE = 100;

/**
 * The scam and duplicate signals of every ad (issue 20), its risk score and reasons, and the holds:
 * an ad that went public by its payment alone with a score of RISK_SCORE_TO_HOLD or more, or a public
 * ad reported by REPORTS_TO_HIDE different people since an administrator last decided, is taken off
 * the public lists (`OpportunityHeld`, applied by listings) to wait for review.
 */
export class RiskSignals {
  constructor(private readonly deps: RiskDeps) {}

  private get ads() {
    return this.deps.collections.ads;
  }

  /** A snapshot of the ad was applied to moderation's copy: its facts, then its assessment. */
  async snapshotSeen(ad: OpportunitySnapshot, change: SnapshotChange): Promise<void> {
    const before = await this.ads.findById(ad.id);
    if (!before) return;
    const actor = change.actorUserId ? await this.deps.collections.users.findById(change.actorUserId) : null;
    const byAdmin = actor?.role === 'ADMINISTRATOR' && change.change === 'STATUS_CHANGED';
    const autoPublished =
      change.change === 'STATUS_CHANGED' && change.previousStatus === 'PENDING_APPROVAL' && ad.status === 'PUBLIC_ONLINE' && !byAdmin
        ? true
        : isPublicStatus(ad.status) && !byAdmin && (before.autoPublished ?? false);
    const estimate = await this.deps.estimator.estimateCrc(ad).catch((error: unknown) => {
      this.deps.logger.warn({ opportunityId: ad.id, error }, 'market price estimate failed; price signal skipped');
      return null;
    });
    const percent = await this.deps.parameters.get('PRICE_BELOW_ESTIMATE_PERCENT');
    await this.ads.updateOne(
      { _id: ad.id },
      {
        $set: {
          attachmentIds: ad.attachmentIds,
          phones: [...new Set(ad.phoneList.map((entry) => phoneKey(entry.phone)).filter((key) => key.length > 0))],
          firstSeenAt: before.firstSeenAt ?? change.occurredAt,
          textRules: scamTextRules(adText(ad)),
          textWords: scamTextMatches(adText(ad)).map((match) => match.words),
          priceFarBelow: priceFarBelow(ad.priceCrc, estimate, percent),
          priceCrc: ad.priceCrc,
          autoPublished,
        },
      },
    );
    // The decision's own time (not when moderation got to it): reports filed after it count towards the next hold.
    await this.assess(ad.id, { cascade: true, ...(byAdmin && isPublicStatus(ad.status) ? { adminDecidedAt: change.occurredAt } : {}) });
  }

  /** Search published a new market estimate of the ad (decision 0099): its price signal again, then its assessment. */
  async priceEstimated(id: string, estimateCrc: number | null): Promise<void> {
    const ad = await this.ads.findById(id);
    if (!ad || ad.priceCrc === null || ad.priceCrc === undefined) return;
    const far = priceFarBelow(ad.priceCrc, estimateCrc, await this.deps.parameters.get('PRICE_BELOW_ESTIMATE_PERCENT'));
    if (far === (ad.priceFarBelow ?? false)) return;
    await this.ads.updateOne({ _id: id }, { $set: { priceFarBelow: far } });
    await this.assess(id, { cascade: false });
  }

  /** A photo was uploaded or deleted at media: its hash is kept, and the ads showing it are assessed again. */
  async photoSeen(photo: PhotoRecord, deleted: boolean): Promise<void> {
    const hash = photo.hash ?? null;
    await this.deps.photos.updateOne(
      { _id: photo.id },
      { $set: { ownerId: photo.ownerId, hash, bands: hash ? photoHashBands(hash) : [], deleted } },
      { upsert: true },
    );
    for (const ad of await this.ads.find({ attachmentIds: photo.id }, { projection: { outbox: 0 } })) await this.assess(ad._id, { cascade: false });
  }

  /** A seller's phone numbers changed: their ads (the most recent BURST_CASCADE) are assessed again. */
  async sellerChanged(sellerId: string): Promise<void> {
    const ads = await this.ads.find({ sellerId }, { projection: { outbox: 0 }, sort: { firstSeenAt: -1 }, limit: BURST_CASCADE });
    for (const ad of ads) await this.assess(ad._id, { cascade: false });
  }

  /** The signals of one ad, from what moderation knows now; stores its score and reasons and holds it when due. */
  async assess(id: string, options: { cascade: boolean; adminDecidedAt?: Date }): Promise<RiskReason[]> {
    const ad = await this.ads.findById(id);
    if (!ad) return [];
    const reasons: RiskReason[] = [
      ...(await this.photoReasons(ad)),
      ...(await this.phoneReasons(ad)),
      ...((ad.textRules ?? []).length > 0 ? (['ADVANCE_PAYMENT_TEXT'] as const) : []),
      ...(await this.burstReasons(ad, options.cascade)),
      ...(ad.priceFarBelow ? (['PRICE_FAR_BELOW_ESTIMATE'] as const) : []),
    ];
    const sorted = sortReasons(reasons);
    const score = riskScore(sorted);
    await this.ads.updateOne({ _id: id }, { $set: { riskScore: score, riskReasons: sorted } });
    const decided = options.adminDecidedAt ? await this.decided(id, score, options.adminDecidedAt) : {};
    const after = { ...ad, riskScore: score, riskReasons: sorted, ...decided };
    const threshold = await this.deps.parameters.get('RISK_SCORE_TO_HOLD');
    if (after.autoPublished && after.status === 'PUBLIC_ONLINE' && !after.heldFor && score >= threshold && score > (after.clearedScore ?? 0)) {
      await this.hold(id, 'RISK');
    }
    return sorted;
  }

  /**
   * An administrator's decision (at `at`) settles the score and the reports so far and clears a hold,
   * unless the ad was held after it: a decision assessed late (its snapshot still on its way while
   * people reported the ad again) must not clear the newer hold.
   */
  private async decided(id: string, score: number, at: Date): Promise<Partial<AdDoc>> {
    const settled = { clearedScore: score, decidedAt: at, autoPublished: false, heldFor: null, heldAt: null };
    const { matchedCount } = await this.ads.updateOne({ _id: id, $or: [{ heldAt: null }, { heldAt: { $lte: at } }] }, { $set: settled });
    return matchedCount > 0 ? settled : {};
  }

  /**
   * Somebody reported the ad: hidden when the reports since the last decision weigh REPORTS_TO_HIDE
   * (issue 28, `reportWeight`): an established account counts 1, a new account or a visitor a third,
   * one client address once, a reporter whose reports were dismissed less.
   */
  async reported(opportunityId: string): Promise<void> {
    const ad = await this.ads.findById(opportunityId);
    if (!ad || !isPublicStatus(ad.status) || ad.heldFor) return;
    const since = ad.decidedAt ?? new Date(0);
    const open = await this.deps.collections.complaints.find({ opportunityId, resolved: false, dateCreated: { $gt: since } }, { projection: { outbox: 0 } });
    if (reportsHide(await this.reportsWeight(open), await this.deps.parameters.get('REPORTS_TO_HIDE'))) await this.hold(opportunityId, 'REPORTS');
  }

  /** The weight of open reports: each reporter's, the heaviest once per client address. */
  private async reportsWeight(open: ComplaintDoc[]): Promise<number> {
    const newDays = await this.deps.parameters.get('NEW_ACCOUNT_DAYS');
    const now = this.deps.clock.now().getTime();
    const byPlace = new Map<string, number>();
    for (const complaint of open) {
      const user = complaint.reporterId ? await this.deps.collections.users.findById(complaint.reporterId) : null;
      const kind = !complaint.reporterId ? 'VISITOR' : user?.dateCreated && now - user.dateCreated.getTime() >= newDays * DAY_MS ? 'ACCOUNT' : 'NEW_ACCOUNT';
      const dismissedBefore = await this.deps.collections.complaints.count({ reporterKey: complaint.reporterKey, dismissed: true });
      const place = complaint.clientAddress ? `address:${complaint.clientAddress}` : complaint.reporterKey;
      byPlace.set(place, Math.max(byPlace.get(place) ?? 0, reportWeight({ kind, dismissedBefore })));
    }
    return [...byPlace.values()].reduce((sum, weight) => sum + weight, 0);
  }

  /** Publishes `OpportunityHeld` in the ad's document, guarded like a decision (one per state of the ad). */
  private async hold(id: string, cause: 'RISK' | 'REPORTS'): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ad = await this.ads.findById(id);
      if (!ad || ad.heldFor || !isPublicStatus(ad.status)) return;
      const event = toOutbox(
        opportunityHeld.topic,
        createEvent(opportunityHeld, {
          aggregateId: id,
          aggregateVersion: ad.reviewCount + 1,
          actor: { kind: 'system', id: 'moderation' },
          occurredAt: this.deps.clock.now(),
          payload: { holdId: randomUUID(), opportunityId: id, cause, riskScore: ad.riskScore ?? 0, reasons: ad.riskReasons ?? [] },
        }),
      );
      const saved = await this.ads.findOneAndUpdate(
        { _id: id, version: ad.version, reviewCount: ad.reviewCount },
        { $set: { reviewCount: ad.reviewCount + 1, heldFor: cause, heldAt: this.deps.clock.now() }, $push: { outbox: event } },
      );
      if (!saved) continue;
      this.deps.logger.info({ opportunityId: id, cause, riskScore: ad.riskScore }, 'ad held for review');
      this.deps.outbox.notify();
      await this.mailHeld(saved, saved.heldAt ?? this.deps.clock.now());
      return;
    }
  }

  /** Tells the owner that the ad was taken off the lists to wait for review, and how to have it reviewed (issue 28). */
  private async mailHeld(ad: AdDoc, at: Date): Promise<void> {
    const owner = await this.deps.collections.users.findById(ad.sellerId);
    if (!owner) {
      this.deps.logger.warn({ opportunityId: ad._id, sellerId: ad.sellerId }, 'owner of a held ad unknown; no mail sent');
      return;
    }
    await this.deps.mailer.send(
      heldMail({
        to: owner.email,
        locale: owner.language,
        ad: { id: ad._id, brand: ad.brand, model: ad.model, year: ad.year },
        publicUrl: this.deps.publicUrl,
        key: `held:${ad._id}:${at.toISOString()}`,
      }),
    );
  }

  /** The same picture (by perceptual hash, or the same photo id) in an earlier ad: of another seller, or a live one of the same. */
  private async photoReasons(ad: AdDoc): Promise<RiskReason[]> {
    const others = await this.samePhotoAds(ad);
    const reasons: RiskReason[] = [];
    if (others.some((other) => other.sellerId !== ad.sellerId)) reasons.push('PHOTO_OF_OTHER_SELLER');
    if (others.some((other) => other.sellerId === ad.sellerId && LIVE.includes(other.status))) reasons.push('DUPLICATE_AD');
    return reasons;
  }

  /** The earlier ads showing one of the ad's pictures (by perceptual hash, or the same photo id). */
  private async samePhotoAds(ad: AdDoc): Promise<AdDoc[]> {
    const ids = ad.attachmentIds ?? [];
    if (ids.length === 0) return [];
    const own = (await this.deps.photos.find({ _id: { $in: ids } })).filter((photo) => photo.hash && !photo.deleted);
    const bands = [...new Set(own.flatMap((photo) => photo.bands))];
    const near = bands.length === 0 ? [] : await this.deps.photos.find({ bands: { $in: bands } });
    const same = new Set(ids);
    for (const candidate of near) {
      if (candidate.deleted || !candidate.hash) continue;
      if (own.some((photo) => hammingDistance(photo.hash as string, candidate.hash as string) <= PHOTO_HASH_MAX_DISTANCE)) same.add(candidate._id);
    }
    return (await this.ads.find({ attachmentIds: { $in: [...same] } }, { projection: { outbox: 0 } })).filter(
      (other) => other._id !== ad._id && earlier(other, ad),
    );
  }

  /** One of the ad's (or its seller's) phone numbers on PHONE_ACCOUNTS_TO_FLAG accounts or more. */
  private async phoneReasons(ad: AdDoc): Promise<RiskReason[]> {
    const accounts = await this.phoneAccounts(ad);
    return accounts.length >= (await this.deps.parameters.get('PHONE_ACCOUNTS_TO_FLAG')) ? ['SHARED_PHONE'] : [];
  }

  /** The accounts (the seller first) using one of the ad's or its seller's phone numbers. */
  private async phoneAccounts(ad: AdDoc): Promise<string[]> {
    const seller = await this.deps.collections.users.findById(ad.sellerId);
    const keys = [...new Set([...(ad.phones ?? []), ...(seller?.phones ?? [])])];
    if (keys.length === 0) return [];
    const [ads, users] = await Promise.all([
      this.ads.find({ phones: { $in: keys } }, { projection: { outbox: 0 } }),
      this.deps.collections.users.find({ phones: { $in: keys } }, { projection: { outbox: 0 } }),
    ]);
    return [...new Set([ad.sellerId, ...ads.map((other) => other.sellerId), ...users.map((user) => user._id)])];
  }

  /**
   * What stands behind each of the ad's signals (issue 31), for the administrator's review screen:
   * the earlier ads with the same photos, the words matched, the accounts sharing a phone, the
   * seller's ads in its first days, how far the price is below the estimate.
   */
  async evidence(ad: AdDoc, estimateCrc: number | null): Promise<RiskEvidence[]> {
    const reasons = (ad.riskReasons ?? []) as RiskReason[];
    const photos = reasons.includes('PHOTO_OF_OTHER_SELLER') || reasons.includes('DUPLICATE_AD') ? await this.samePhotoAds(ad) : [];
    const evidence: RiskEvidence[] = [];
    for (const reason of reasons) {
      const item: RiskEvidence = { reason, otherAds: [], matchedWords: [], sharedPhoneAccounts: null, adsOfNewAccount: null, percentBelowEstimate: null };
      if (reason === 'PHOTO_OF_OTHER_SELLER') item.otherAds = photos.filter((other) => other.sellerId !== ad.sellerId);
      if (reason === 'DUPLICATE_AD') item.otherAds = photos.filter((other) => other.sellerId === ad.sellerId && LIVE.includes(other.status));
      if (reason === 'ADVANCE_PAYMENT_TEXT') item.matchedWords = ad.textWords ?? [];
      if (reason === 'SHARED_PHONE') item.sharedPhoneAccounts = (await this.phoneAccounts(ad)).length;
      if (reason === 'NEW_ACCOUNT_BURST') {
        const seller = await this.deps.collections.users.findById(ad.sellerId);
        const days = await this.deps.parameters.get('NEW_ACCOUNT_DAYS');
        if (seller?.dateCreated) {
          const end = new Date(seller.dateCreated.getTime() + days * DAY_MS);
          item.adsOfNewAccount = await this.ads.count({ sellerId: ad.sellerId, firstSeenAt: { $lt: end } });
        }
      }
      if (reason === 'PRICE_FAR_BELOW_ESTIMATE') {
        if (estimateCrc && ad.priceCrc) item.percentBelowEstimate = Math.round((1 - ad.priceCrc / estimateCrc) * 100);
      }
      evidence.push(item);
    }
    return evidence;
  }

  /** The seller's account is younger than NEW_ACCOUNT_DAYS and published NEW_ACCOUNT_MAX_ADS ads or more in that time. */
  private async burstReasons(ad: AdDoc, cascade: boolean): Promise<RiskReason[]> {
    const seller = await this.deps.collections.users.findById(ad.sellerId);
    if (!seller?.dateCreated || !ad.firstSeenAt) return [];
    const [days, most] = await Promise.all([this.deps.parameters.get('NEW_ACCOUNT_DAYS'), this.deps.parameters.get('NEW_ACCOUNT_MAX_ADS')]);
    const end = new Date(seller.dateCreated.getTime() + days * DAY_MS);
    if (ad.firstSeenAt >= end) return [];
    const inWindow = await this.ads.find({ sellerId: ad.sellerId, firstSeenAt: { $lt: end } }, { projection: { outbox: 0 }, limit: BURST_CASCADE + 1 });
    if (inWindow.length < most) return [];
    if (cascade) {
      for (const other of inWindow) {
        if (other._id !== ad._id && !(other.riskReasons ?? []).includes('NEW_ACCOUNT_BURST')) await this.assess(other._id, { cascade: false });
      }
    }
    return ['NEW_ACCOUNT_BURST'];
  }
}

/** What stands behind one signal of an ad (issue 31); fields that do not concern the signal are empty or null. */
export interface RiskEvidence {
  reason: RiskReason;
  /** PHOTO_OF_OTHER_SELLER, DUPLICATE_AD: the earlier ads showing the same pictures. */
  otherAds: AdDoc[];
  /** ADVANCE_PAYMENT_TEXT: the passages that matched. */
  matchedWords: string[];
  /** SHARED_PHONE: the accounts using the phone numbers, the seller included. */
  sharedPhoneAccounts: number | null;
  /** NEW_ACCOUNT_BURST: the seller's ads in its first NEW_ACCOUNT_DAYS days. */
  adsOfNewAccount: number | null;
  /** PRICE_FAR_BELOW_ESTIMATE: how far below the estimate the price is, in percent. */
  percentBelowEstimate: number | null;
}

/** The text an ad's scam rules read: description, gold message and known damage. */
const adText = (ad: Pick<OpportunitySnapshot, 'description' | 'message' | 'knownDamage'>): string =>
  [ad.description ?? '', ad.message, ad.knownDamage].join('\n');

/** Whether `other` came before `ad` (first seen earlier; the id breaks a tie). */
function earlier(other: Pick<AdDoc, '_id' | 'firstSeenAt'>, ad: Pick<AdDoc, '_id' | 'firstSeenAt'>): boolean {
  const a = other.firstSeenAt?.getTime() ?? 0;
  const b = ad.firstSeenAt?.getTime() ?? 0;
  return a < b || (a === b && other._id < ad._id);
}
