import {
  DEFAULT_PARAMETER_VALUES,
  GLOBAL_PARAMETERS,
  isGlobalParameterKey,
  parameterRuleMessageKey,
  parameterValueSchema,
  type GlobalParameterDefinition,
  type GlobalParameterKey,
  type Locale,
} from '@ruedas/domain';
import { createEvent, moderationStaffAction, parameterChanged, staffActionEvent } from '@ruedas/events';
import { DomainError, DuplicateKeyError, toOutbox, validationFailed, type Clock, type OutboxRelay } from '@ruedas/platform';
import { asAdministrator, type Caller } from './rules';
import type { ModerationCollections, ParameterDoc } from './store';

/** One parameter as administrators see it: the spec's `{ id, label, quantity }` plus its rule. */
export interface ParameterView extends Omit<GlobalParameterDefinition, 'key' | 'label'> {
  id: GlobalParameterKey;
  label: string;
  quantity: number;
}

export interface ParameterChange {
  id: string;
  quantity: unknown;
}

/**
 * The global parameters' truth. Values an administrator never set are the domain defaults (which
 * every service starts from too). Each change is one `ParameterChanged` event, written into the
 * parameter's document in the same write as its new value, and relayed to every service.
 */
export class ParameterAdmin {
  constructor(private readonly deps: { collections: ModerationCollections; outbox: OutboxRelay; clock: Clock }) {}

  private get stored() {
    return this.deps.collections.parameters;
  }

  /** Every value in force. */
  async values(): Promise<Record<GlobalParameterKey, number>> {
    const values: Record<GlobalParameterKey, number> = { ...DEFAULT_PARAMETER_VALUES };
    for (const doc of await this.stored.find({}, { projection: { outbox: 0 } })) if (isGlobalParameterKey(doc._id)) values[doc._id] = doc.value;
    return values;
  }

  async get(key: GlobalParameterKey): Promise<number> {
    return (await this.stored.findById(key))?.value ?? DEFAULT_PARAMETER_VALUES[key];
  }

  async list(caller: Caller | null, locale: Locale): Promise<ParameterView[]> {
    asAdministrator(caller);
    const values = await this.values();
    return GLOBAL_PARAMETERS.map(({ key, label, ...rule }) => ({ ...rule, id: key, label: label[locale], quantity: values[key] }));
  }

  /**
   * Checks every change first (all or nothing: an unknown id or a value outside its range answers
   * VALIDATION naming each field, nothing is saved), then saves those that differ from the value in
   * force, each with its event. Answers every parameter.
   */
  async update(changes: ParameterChange[], caller: Caller | null, locale: Locale): Promise<ParameterView[]> {
    const admin = asAdministrator(caller);
    if (!Array.isArray(changes) || changes.length === 0) throw validationFailed({ parameters: 'required' });
    const fields: Record<string, string> = {};
    const wanted = new Map<GlobalParameterKey, number>();
    for (const change of changes) {
      const id = String(change.id);
      if (!isGlobalParameterKey(id)) fields[id] = 'unknownParameter';
      else if (!parameterValueSchema(id).safeParse(change.quantity).success) fields[id] = parameterRuleMessageKey(id);
      else wanted.set(id, change.quantity as number);
    }
    const problems = Object.values(fields);
    if (problems.length === 1) throw new DomainError('VALIDATION', problems[0] as string, fields);
    if (problems.length > 1) throw validationFailed(fields);
    for (const [key, value] of wanted) await this.set(key, value, admin.userId);
    return this.list(caller, locale);
  }

  private async set(key: GlobalParameterKey, value: number, adminId: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await this.stored.findById(key);
      const previous = before?.value ?? DEFAULT_PARAMETER_VALUES[key];
      if (before && before.value === value) return;
      if (!before && value === previous) return;
      const version = (before?.version ?? 0) + 1;
      const now = this.deps.clock.now();
      const event = toOutbox(
        parameterChanged.topic,
        createEvent(parameterChanged, {
          aggregateId: key,
          aggregateVersion: version,
          actor: { kind: 'user', id: adminId },
          occurredAt: now,
          payload: { id: key, quantity: value, previous },
        }),
      );
      const audit = toOutbox(
        moderationStaffAction.topic,
        staffActionEvent(moderationStaffAction, {
          actor: { id: adminId, role: 'ADMINISTRATOR' },
          action: 'PARAMETER_CHANGED',
          target: { type: 'PARAMETER', id: key, label: key },
          before: { quantity: previous },
          after: { quantity: value },
          at: now,
        }),
      );
      const fields: Partial<ParameterDoc> = { value, version, updatedAt: now, updatedBy: adminId };
      if (before) {
        const saved = await this.stored.findOneAndUpdate({ _id: key, version: before.version }, { $set: fields, $push: { outbox: { $each: [event, audit] } } });
        if (!saved) continue;
      } else {
        try {
          await this.stored.insertOne({ _id: key, ...fields, outbox: [event, audit] });
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
      }
      this.deps.outbox.notify();
      return;
    }
    throw new DomainError('CONFLICT', 'errorOccurred');
  }
}
