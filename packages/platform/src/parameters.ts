import { Schema } from 'mongoose';
import { DEFAULT_PARAMETER_VALUES, isGlobalParameterKey, type GlobalParameterKey } from '@ruedas/domain';
import { parameterChanged, readEvent, topics } from '@ruedas/events';
import { consumeEvents } from './consumer';
import type { Logger } from './logger';
import type { Collection, DocumentStore, EventBus, Subscription } from './ports';

/** One stored parameter value, keyed by the parameter's key. */
export interface ParameterDoc {
  _id: string;
  value: number;
}

const parameterSchema = new Schema({ _id: String, value: { type: Number, required: true } }, { versionKey: false });

/**
 * A service's copy of the global parameters: the domain defaults, overridden by every
 * ParameterChanged event of the moderation service. Each service stores its copy in a collection
 * of its own, so it survives a restart without replaying the topic.
 */
export class GlobalParameters {
  private readonly values = new Map<GlobalParameterKey, number>(Object.entries(DEFAULT_PARAMETER_VALUES) as Array<[GlobalParameterKey, number]>);

  private constructor(private readonly stored: Collection<ParameterDoc>) {}

  /** Opens (or creates) the service's collection, e.g. `listings_parameters`, and loads the copy. */
  static async open(store: DocumentStore, collectionName: string): Promise<GlobalParameters> {
    const stored = await store.collection<ParameterDoc>(collectionName, parameterSchema);
    const parameters = new GlobalParameters(stored);
    for (const doc of await stored.find({})) if (isGlobalParameterKey(doc._id)) parameters.values.set(doc._id, doc.value);
    return parameters;
  }

  get(key: GlobalParameterKey): number {
    return this.values.get(key) ?? DEFAULT_PARAMETER_VALUES[key];
  }

  /** Stores a new value; a key this version does not know is ignored (a newer moderation may add some). */
  async set(key: string, value: number): Promise<void> {
    if (!isGlobalParameterKey(key)) return;
    await this.stored.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
    this.values.set(key, value);
  }

  /** Follows the moderation service's parameter changes, in the service's own consumer group. */
  follow(deps: { bus: EventBus; store: DocumentStore; logger: Logger; group: string }): Promise<Subscription> {
    return consumeEvents({
      ...deps,
      topics: [topics.moderationParameter],
      dedupe: 'aggregateVersion',
      handle: async (envelope) => {
        const event = readEvent(parameterChanged, envelope);
        if (event) await this.set(event.payload.id, event.payload.quantity);
      },
    });
  }
}
