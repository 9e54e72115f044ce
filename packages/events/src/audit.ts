import { AUDIT_TARGET_TYPES, ROLES, STAFF_ACTIONS, type AuditValues, type Role, type StaffAction, type AuditTargetType } from '@ruedas/domain';
import { z } from 'zod';
import { createEvent, defineEvent, type Envelope, type EventDefinition } from './envelope';
import { topics } from './topics';

const auditValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * A staff action (issue 14 item 7): an administrator or impersonator changed something. Who is the
 * envelope's actor, when its `occurredAt`. Written by the acting service in the same write as the
 * action (its outbox), on that service's own `<service>.audit` topic; moderation appends each to the
 * audit trail once (by event id). `before` and `after` hold the fields that changed (null when the
 * thing did not exist before, e.g. a registration). No secret, no plate, no invoice data.
 */
export const staffActionSchema = z.object({
  action: z.enum(STAFF_ACTIONS),
  actorRole: z.enum(ROLES),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().min(1), label: z.string() }),
  before: auditValues.nullable(),
  after: auditValues.nullable(),
});
export type StaffActionPayload = z.infer<typeof staffActionSchema>;

const define = (topic: string) => defineEvent(topic, 'StaffActionRecorded', 1, staffActionSchema);
export const identityStaffAction = define(topics.identityAudit);
export const listingsStaffAction = define(topics.listingsAudit);
export const billingStaffAction = define(topics.billingAudit);
export const moderationStaffAction = define(topics.moderationAudit);
export const staffActionDefinitions = [identityStaffAction, listingsStaffAction, billingStaffAction, moderationStaffAction] as const;
export const auditTopics = staffActionDefinitions.map((definition) => definition.topic);

export interface StaffActionInput {
  actor: { id: string; role: Role };
  action: StaffAction;
  target: { type: AuditTargetType; id: string; label?: string };
  before: AuditValues | null;
  after: AuditValues | null;
  at: Date;
}

/** The event of one staff action (aggregate: the action itself, version 1). */
export function staffActionEvent(definition: EventDefinition<StaffActionPayload>, input: StaffActionInput): Envelope<StaffActionPayload> {
  return createEvent(definition, {
    aggregateId: crypto.randomUUID(),
    aggregateVersion: 1,
    actor: { kind: 'user', id: input.actor.id },
    occurredAt: input.at,
    payload: {
      action: input.action,
      actorRole: input.actor.role,
      target: { ...input.target, label: input.target.label ?? '' },
      before: input.before,
      after: input.after,
    },
  });
}
