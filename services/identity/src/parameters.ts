import { DEFAULT_PARAMETER_VALUES, GLOBAL_PARAMETER_KEYS, type GlobalParameterKey } from '@ruedas/domain';
import { parameterChanged, readEvent, topics } from '@ruedas/events';
import { consumeEvents, type DocumentStore, type EventBus, type Logger, type Subscription, type Collection } from '@ruedas/platform';
import type { ParameterDoc } from './store';

const isKey = (id: string): id is GlobalParameterKey => (GLOBAL_PARAMETER_KEYS as readonly string[]).includes(id);

/**
 * The service's copy of the global parameters: the domain defaults, overridden by every
 * ParameterChanged event of the moderation service. The copy is stored, so it survives a restart
 * without replaying the topic.
 */
export class Parameters {
  private readonly values = new Map<GlobalParameterKey, number>(Object.entries(DEFAULT_PARAMETER_VALUES) as Array<[GlobalParameterKey, number]>);

  private constructor(private readonly stored: Collection<ParameterDoc>) {}

  static async load(stored: Collection<ParameterDoc>): Promise<Parameters> {
    const parameters = new Parameters(stored);
    for (const doc of await stored.find({})) if (isKey(doc._id)) parameters.values.set(doc._id, doc.value);
    return parameters;
  }

  get(key: GlobalParameterKey): number {
    return this.values.get(key) ?? DEFAULT_PARAMETER_VALUES[key];
  }

  async set(key: string, value: number): Promise<void> {
    if (!isKey(key)) return;
    await this.stored.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
    this.values.set(key, value);
  }

  /** Follows the moderation service's parameter changes. */
  follow(deps: { bus: EventBus; store: DocumentStore; logger: Logger }): Promise<Subscription> {
    return consumeEvents({
      ...deps,
      group: 'identity-parameters',
      topics: [topics.moderationParameter],
      dedupe: 'aggregateVersion',
      handle: async (envelope) => {
        const event = readEvent(parameterChanged, envelope);
        if (event) await this.set(event.payload.id, event.payload.quantity);
      },
    });
  }
}
