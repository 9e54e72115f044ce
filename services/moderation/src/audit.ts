import { Schema } from 'mongoose';
import { AUDIT_PAGE_SIZE, STAFF_ACTIONS, type AuditValues, type Role, type StaffAction } from '@ruedas/domain';
import { auditTopics, readEvent, staffActionDefinitions, type Envelope, type StaffActionPayload } from '@ruedas/events';
import {
  consumeEvents,
  DuplicateKeyError,
  seekPage,
  validationFailed,
  type Collection,
  type DocumentStore,
  type EventBus,
  type Logger,
  type StoredDocument,
  type Subscription,
} from '@ruedas/platform';
import { dayStart } from './dashboard/view';
import { asAdministrator, AUDIT_RETENTION_DAYS, type Caller, type Page } from './rules';
import type { ModerationCollections } from './store';

/**
 * The audit trail of staff actions (issue 14 item 7, docs/decisions/0034): one document per
 * `StaffActionRecorded` event of any service's `<service>.audit` topic, keyed by the event id and
 * never changed (append-only: the consumer only inserts; nothing in the service updates or deletes
 * this collection). Each entry is kept AUDIT_RETENTION_DAYS, then the TTL index removes it
 * (decision 0222).
 */
export interface AuditEntryDoc extends StoredDocument {
  at: Date;
  actorId: string;
  actorRole: Role;
  action: StaffAction;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: AuditValues | null;
  after: AuditValues | null;
  /** The topic it came from: which service recorded it. */
  topic: string;
}

const auditSchema = new Schema(
  {
    _id: String,
    at: { type: Date, required: true },
    actorId: { type: String, required: true },
    actorRole: { type: String, required: true },
    action: { type: String, required: true },
    targetType: { type: String, required: true },
    targetId: { type: String, required: true },
    targetLabel: { type: String, default: '' },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
    topic: { type: String, required: true },
  },
  { versionKey: false },
);
// Newest first, and by who, what and on what, each ending in the `_id` tie-breaker of the list's sort (decision 0155).
auditSchema.index({ at: -1, _id: 1 });
auditSchema.index({ actorId: 1, at: -1, _id: 1 });
auditSchema.index({ action: 1, at: -1, _id: 1 });
auditSchema.index({ targetId: 1, at: -1, _id: 1 });
// Retention (decision 0222): an entry goes AUDIT_RETENTION_DAYS after the action (a TTL index of its own:
// MongoDB's TTL monitor takes single-field indexes only).
auditSchema.index({ at: 1 }, { name: 'audit_retention', expireAfterSeconds: AUDIT_RETENTION_DAYS * 24 * 3600 });

export async function openAuditTrail(store: DocumentStore): Promise<Collection<AuditEntryDoc>> {
  return store.collection<AuditEntryDoc>('moderation_audit', auditSchema);
}

function staffActionOf(envelope: Envelope): Envelope<StaffActionPayload> | null {
  for (const definition of staffActionDefinitions) {
    const event = readEvent(definition, envelope);
    if (event) return event;
  }
  return null;
}

/** Every service's staff actions → the trail, once each (by event id, also across redeliveries). */
export function followStaffActions(deps: { bus: EventBus; store: DocumentStore; logger: Logger; trail: Collection<AuditEntryDoc> }): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'moderation-audit',
    topics: [...auditTopics],
    dedupe: 'eventId',
    handle: async (envelope, message) => {
      const event = staffActionOf(envelope);
      if (!event) return;
      const { action, actorRole, target, before, after } = event.payload;
      try {
        await deps.trail.insertOne({
          _id: event.id,
          at: new Date(event.occurredAt),
          actorId: event.actor.id,
          actorRole,
          action,
          targetType: target.type,
          targetId: target.id,
          targetLabel: target.label,
          before,
          after,
          topic: message.topic,
        });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error; // already in the trail
      }
    },
  });
}

export interface AuditFilter {
  action?: unknown;
  /** Part of the actor's e-mail or name, or the actor's id. */
  actor?: unknown;
  targetId?: unknown;
  /** Costa Rica days yyyy-MM-dd, both included. */
  from?: unknown;
  to?: unknown;
}

export interface AuditEntryView extends AuditEntryDoc {
  actorEmail: string | null;
  actorName: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Administrators read and filter the trail, newest first. */
export class AuditTrail {
  constructor(private readonly deps: { trail: Collection<AuditEntryDoc>; collections: ModerationCollections }) {}

  /** Newest first; by page number or after a cursor (`seekPage`, issue 30). */
  async list(filter: AuditFilter | null | undefined, page: unknown, caller: Caller | null, after?: unknown): Promise<Page<AuditEntryView>> {
    asAdministrator(caller);
    const query: Record<string, unknown> = {};
    const fields: Record<string, string> = {};
    const action = filter?.action ?? null;
    if (action !== null) {
      if (!STAFF_ACTIONS.includes(action as StaffAction)) fields.action = 'invalidStaffAction';
      else query.action = action;
    }
    const at: Record<string, Date> = {};
    for (const bound of ['from', 'to'] as const) {
      const value = text(filter?.[bound]);
      if (!value) continue;
      const start = dayStart(value);
      if (start === null) fields[bound] = 'invalidDateRange';
      else if (bound === 'from') at.$gte = new Date(start);
      else at.$lt = new Date(start + DAY_MS);
    }
    if (at.$gte && at.$lt && at.$gte >= at.$lt) fields.from = 'invalidDateRange';
    if (Object.keys(fields).length) throw validationFailed(fields);
    if (Object.keys(at).length) query.at = at;
    const targetId = text(filter?.targetId);
    if (targetId) query.targetId = targetId;
    const actor = text(filter?.actor).toLowerCase();
    if (actor) {
      const pattern = actor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const staff = await this.deps.collections.users.find({
        role: { $in: ['ADMINISTRATOR', 'IMPERSONALIZATOR'] },
        $or: [{ email: { $regex: pattern } }, { fullName: { $regex: pattern, $options: 'i' } }],
      });
      query.actorId = { $in: [actor, ...staff.map((user) => user._id)] };
    }
    const entries = await seekPage(this.deps.trail, query, { at: -1, _id: 1 }, { page, after, pageSize: AUDIT_PAGE_SIZE });
    const actors = new Map(
      (await this.deps.collections.users.find({ _id: { $in: [...new Set(entries.items.map((item) => item.actorId))] } })).map((user) => [user._id, user]),
    );
    return {
      ...entries,
      items: entries.items.map((item) => ({
        ...item,
        actorEmail: actors.get(item.actorId)?.email ?? null,
        actorName: actors.get(item.actorId)?.fullName ?? null,
      })),
    };
  }
}
