import type { Label } from './label';
import { staffAction } from './reference/moderation-labels.json';

/**
 * The audit trail of staff actions (issue 14 item 7; docs/decisions/0034): what administrators and
 * impersonators did, who, when, on what, before and after. Each service records its own staff actions
 * as events; moderation keeps the trail (append-only) and administrators read it.
 */
export const STAFF_ACTIONS = [
  'USER_UPDATED',
  'IMPERSONAL_REGISTRATION',
  'PARAMETER_CHANGED',
  'AD_STATUS_CHANGED',
  'AD_UPDATED',
  'COMPLAINT_RESOLVED',
  'TRANSFER_CONFIRMED',
  'TRANSFER_REJECTED',
  'PAYMENT_CANCELLED',
  'REFUND_DONE',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const STAFF_ACTION_LABELS: Readonly<Record<StaffAction, Label>> = staffAction;

export const AUDIT_TARGET_TYPES = ['USER', 'OPPORTUNITY', 'PARAMETER', 'COMPLAINT', 'INVOICE'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A recorded value: what the trail keeps of a field before or after (lists and dates as text). */
export type AuditValue = string | number | boolean | null;
export type AuditValues = Record<string, AuditValue>;

function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * The fields among `keys` whose value differs between `before` and `after`, each side as recorded
 * values; `{ before: {}, after: {} }` when nothing of them changed.
 */
export function auditDiff(before: object, after: object, keys: readonly string[]): { before: AuditValues; after: AuditValues } {
  const was: AuditValues = {};
  const is: AuditValues = {};
  for (const key of keys) {
    const a = auditValue((before as Record<string, unknown>)[key]);
    const b = auditValue((after as Record<string, unknown>)[key]);
    if (a === b) continue;
    was[key] = a;
    is[key] = b;
  }
  return { before: was, after: is };
}

/** Rows of the audit screen per page. */
export const AUDIT_PAGE_SIZE = 25;
