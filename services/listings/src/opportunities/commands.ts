import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AD_FIELD_NAMES, adNeedsPayment, adSchema, adStatusSchema, descriptionProblem, isPublicStatus, LEVEL_CODES } from '@ruedas/domain';
import { DomainError, DuplicateKeyError, notFound, validationFailed } from '@ruedas/platform';
import { adminSteps, asAdministrator, asSeller, isAdministrator, statusAfterOwnerEdit, type Caller } from '../rules';
import type { AdFields, OpportunityDoc } from '../store';
import type { OpportunityRecords } from './record';
import { actorOf, adFieldsOf, present, requestAdId, snapshotEntry, validAd } from './snapshot';

const PHOTO_POLL_MS = 50;

/** The commands of owners and administrators on an ad: create, edit, sell, set a status, count a view. */
export class OpportunityCommands {
  constructor(private readonly records: OpportunityRecords) {}

  /**
   * Creates an ad in PENDING_APPROVAL; `paymentPending` when it needs a payment (billing's checkout
   * settles it). With `requestId` (an idempotency key) the same seller and key answer the same ad.
   */
  async create(input: Record<string, unknown>, caller: Caller | null, requestId?: unknown): Promise<OpportunityDoc> {
    const me = asSeller(caller);
    const id = requestId === undefined || requestId === null ? randomUUID() : requestAdId(me.userId, requestId);
    if (requestId !== undefined && requestId !== null) {
      const existing = await this.records.ads.findById(id);
      if (existing) return existing;
    }
    const now = this.records.now();
    const fields = validAd(present(input), adSchema(now));
    this.checkDescription(fields);
    await this.checkPhotos(me.userId, fields.attachmentIds, []);
    const draft: OpportunityDoc = {
      _id: id,
      ...fields,
      sellerId: me.userId,
      status: 'PENDING_APPROVAL',
      levelRank: LEVEL_CODES[fields.level],
      dateCreated: now,
      publishedAt: null,
      expiresAt: null,
      renewed: false,
      notifiedFor: null,
      viewCount: 0,
      paymentPending: adNeedsPayment(fields.level, fields.autoApproval),
      history: [{ ...(await this.records.author(caller)), status: 'PENDING_APPROVAL', statusDate: now }],
      version: 1,
    };
    const event = snapshotEntry(
      draft,
      await this.records.user(me.userId),
      this.records.parameter('EXCHANGE_RATE_CRC_PER_USD'),
      actorOf(caller),
      'CREATED',
      null,
      now,
    );
    try {
      const ad = await this.records.ads.insertOne({ ...draft, outbox: [event] });
      this.records.deps.outbox.notify();
      return ad;
    } catch (error) {
      // A concurrent submit with the same key won: answer its ad.
      const existing = error instanceof DuplicateKeyError ? await this.records.ads.findById(id) : null;
      if (existing) return existing;
      throw error;
    }
  }

  async update(id: string, input: Record<string, unknown>, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.records.managed(id, caller);
    const fields = validAd({ ...adFieldsOf(ad), ...present(input) }, adSchema(this.records.now()));
    this.checkDescription(fields);
    const admin = isAdministrator(caller);
    const status = admin ? ad.status : statusAfterOwnerEdit(ad.status);
    if (!status) throw new DomainError('CONFLICT', 'statusChangeNotAllowed');
    // A level is paid for: the owner chooses it while the ad waits for payment, not afterwards.
    if (!admin && fields.level !== ad.level && ad.status !== 'PENDING_APPROVAL') throw validationFailed({ level: 'invalidLevel' });
    await this.checkPhotos(ad.sellerId, fields.attachmentIds, ad.attachmentIds);
    const photosOnly = AD_FIELD_NAMES.every((name) => name === 'attachmentIds' || JSON.stringify(fields[name]) === JSON.stringify(ad[name]));
    // An ad never published and waiting: what it must pay follows its (new) level and quick approval.
    const unpaid = ad.status === 'PENDING_APPROVAL' && ad.publishedAt === null;
    const payment = unpaid ? { paymentPending: adNeedsPayment(fields.level, fields.autoApproval) } : {};
    return this.records.save(ad, { ...fields, ...payment, status }, caller, photosOnly ? 'PHOTOS_CHANGED' : 'UPDATED', status !== ad.status ? [status] : []);
  }

  /** The owner (or an administrator) marks a public ad SOLD; a sold ad is final for its owner. */
  async markSold(id: string, caller: Caller | null): Promise<OpportunityDoc> {
    const ad = await this.records.managed(id, caller);
    if (!isPublicStatus(ad.status)) throw new DomainError('CONFLICT', 'statusChangeNotAllowed');
    return this.records.save(ad, { status: 'SOLD', expiresAt: null }, caller, 'STATUS_CHANGED', ['SOLD']);
  }

  /** An administrator sets any status; every step is in the history. */
  async setStatus(id: string, status: unknown, caller: Caller | null): Promise<OpportunityDoc> {
    asAdministrator(caller);
    const parsed = adStatusSchema.safeParse(status);
    if (!parsed.success) throw validationFailed({ status: 'invalidStatus' });
    const ad = await this.records.read(id, caller);
    if (parsed.data === ad.status) return ad;
    const steps = adminSteps(ad.status, parsed.data);
    return this.records.save(ad, this.records.lifeAfter(ad, steps), caller, 'STATUS_CHANGED', steps);
  }

  /**
   * Refuses photo ids that are not the seller's own. Only newly attached ids are checked; an id not
   * known yet is waited for a little, since the upload's event may lag behind its answer.
   */
  private async checkPhotos(sellerId: string, ids: string[], attached: string[]): Promise<void> {
    const fresh = [...new Set(ids.filter((id) => !attached.includes(id)))];
    if (fresh.length === 0) return;
    const deadline = Date.now() + this.records.deps.photoWaitMs;
    for (;;) {
      const known = await this.records.deps.collections.photos.find({ _id: { $in: fresh } });
      const mine = known.filter((photo) => photo.ownerId === sellerId).length;
      if (mine === fresh.length) return;
      if (mine < known.length || Date.now() >= deadline) throw validationFailed({ attachmentIds: 'photoNotOwned' });
      await sleep(PHOTO_POLL_MS);
    }
  }

  /** Counts one view with an atomic increment; the ad's version and snapshot do not change. */
  async countView(id: string, caller: Caller | null): Promise<number> {
    await this.records.read(id, caller);
    const ad = await this.records.ads.findOneAndUpdate({ _id: id }, { $inc: { viewCount: 1 } });
    if (!ad) throw notFound();
    return ad.viewCount;
  }

  /** The seller's description within the AD_DESCRIPTION_MAX_LENGTH global parameter (issue 13). */
  private checkDescription(fields: AdFields): void {
    const max = this.records.parameter('AD_DESCRIPTION_MAX_LENGTH');
    if (descriptionProblem(fields.description, max)) throw new DomainError('VALIDATION', 'validationFailed', { description: 'invalidDescription' }, { max });
  }
}
