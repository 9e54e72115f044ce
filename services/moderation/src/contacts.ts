import { createHash } from 'node:crypto';
import { CLICK_TYPES, type ClickType } from '@ruedas/domain';
import { contactClicked, createEvent } from '@ruedas/events';
import { DuplicateKeyError, notFound, toOutbox, validationFailed, type Clock, type OutboxRelay } from '@ruedas/platform';
import { clientKey, CONTACT_DEDUPE_MINUTES, isPublic, MINUTE_MS, type Caller } from './rules';
import type { ContactDoc, ModerationCollections } from './store';

export interface ContactClick {
  opportunityId: string;
  clickType: ClickType;
  dateCreated: Date;
  /** False when the same client's click on the ad was already counted in the last few minutes. */
  counted: boolean;
}

/**
 * Contact analytics: each WhatsApp contact click on a public ad, counted once per client and ad
 * every CONTACT_DEDUPE_MINUTES (a light guard against inflating an ad's figure), published as a
 * `ContactClicked` event for the dashboard. The client address never leaves the service: the
 * document id is a hash of it.
 */
export class Contacts {
  constructor(private readonly deps: { collections: ModerationCollections; outbox: OutboxRelay; clock: Clock }) {}

  async record(opportunityId: string, clickType: unknown, caller: Caller | null, clientAddress: string | null): Promise<ContactClick> {
    if (!(CLICK_TYPES as readonly unknown[]).includes(clickType)) throw validationFailed({ clickType: 'invalidClickType' });
    const type = clickType as ClickType;
    const ad = await this.deps.collections.ads.findById(opportunityId);
    if (!ad || !isPublic(ad.status)) throw notFound();
    const now = this.deps.clock.now();
    const id = createHash('sha256')
      .update(`${clientKey(caller, clientAddress)}\u0000${opportunityId}\u0000${type}`)
      .digest('hex')
      .slice(0, 32);
    const answer = (counted: boolean): ContactClick => ({ opportunityId, clickType: type, dateCreated: now, counted });
    const contacts = this.deps.collections.contacts;
    const before = await contacts.findById(id);
    if (before && now.getTime() - before.lastCountedAt.getTime() < CONTACT_DEDUPE_MINUTES * MINUTE_MS) return answer(false);
    const count = (before?.count ?? 0) + 1;
    const event = toOutbox(
      contactClicked.topic,
      createEvent(contactClicked, {
        aggregateId: opportunityId,
        aggregateVersion: count,
        actor: caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'visitor' },
        occurredAt: now,
        payload: { opportunityId, clickType: type, dateCreated: now.toISOString(), viewerId: caller?.userId ?? null, byTestUser: caller?.role === 'TESTUSER' },
      }),
    );
    if (before) {
      const saved = await contacts.findOneAndUpdate({ _id: id, count: before.count }, { $set: { lastCountedAt: now, count }, $push: { outbox: event } });
      if (!saved) return answer(false);
    } else {
      try {
        await contacts.insertOne({ _id: id, opportunityId, clickType: type, lastCountedAt: now, count, outbox: [event] } satisfies ContactDoc);
      } catch (error) {
        if (error instanceof DuplicateKeyError) return answer(false);
        throw error;
      }
    }
    this.deps.outbox.notify();
    return answer(true);
  }
}
