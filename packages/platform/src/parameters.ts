import { Schema } from 'mongoose';
import { DEFAULT_PARAMETER_VALUES, isGlobalParameterKey, type GlobalParameterKey } from '@ruedas/domain';
import { parameterChanged, readEvent, topics } from '@ruedas/events';
import { consumeEvents } from './consumer';
import type { Logger } from './logger';
import { DuplicateKeyError, type Collection, type DocumentStore, type EventBus, type Subscription } from './ports';

/** One stored parameter value, keyed by the parameter's key. */
export interface ParameterDoc {
  _id: string;
  value: number;
  /** The aggregate version of the change that set it (absent: stored before versions were kept). */
  version?: number;
}

const parameterSchema = new Schema({ _id: String, value: { type: Number, required: true }, version: Number }, { versionKey: false });

/**
 * A service's copy of the global parameters: the domain defaults, overridden by every
 * ParameterChanged event of the moderation service. Each service stores its copy in a collection
 * of its own, so it survives a restart without replaying the topic.
 */
export class GlobalParameters {
  private readonly values = new Map<GlobalParameterKey, number>(Object.entries(DEFAULT_PARAMETER_VALUES) as Array<[GlobalParameterKey, number]>);
  /** The version of each value known, so a replay of older changes (every copy's start) changes nothing. */
  private readonly versions = new Map<string, number>();

  private constructor(private readonly stored: Collection<ParameterDoc>) {}

  /** Opens (or creates) the service's collection, e.g. `listings_parameters`, and loads the copy. */
  static async open(store: DocumentStore, collectionName: string): Promise<GlobalParameters> {
    const stored = await store.collection<ParameterDoc>(collectionName, parameterSchema);
    const parameters = new GlobalParameters(stored);
    for (const doc of await stored.find({})) {
      if (!isGlobalParameterKey(doc._id)) continue;
      parameters.values.set(doc._id, doc.value);
      if (doc.version !== undefined) parameters.versions.set(doc._id, doc.version);
    }
    return parameters;
  }

  get(key: GlobalParameterKey): number {
    return this.values.get(key) ?? DEFAULT_PARAMETER_VALUES[key];
  }

  /**
   * Stores a new value; a key this version does not know is ignored (a newer moderation may add
   * some), and so is a change at or below the version already known (an older change replayed).
   * Answers whether the value was applied.
   */
  async set(key: string, value: number, version?: number): Promise<boolean> {
    if (!isGlobalParameterKey(key)) return false;
    const known = this.versions.get(key);
    if (version !== undefined && known !== undefined && version <= known) return false;
    if (version === undefined) {
      await this.stored.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
    } else {
      // The copies share the stored values: only a newer version replaces one.
      try {
        await this.stored.updateOne(
          { _id: key, $or: [{ version: { $lt: version } }, { version: { $exists: false } }] },
          { $set: { value, version } },
          { upsert: true },
        );
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      this.versions.set(key, version);
    }
    this.values.set(key, value);
    return true;
  }

  /**
   * Follows the moderation service's parameter changes: a broadcast subscription, so every copy of
   * the service applies every change (its values live in memory), reading the topic (small: one
   * event per change) from the start at each start.
   */
  follow(deps: { bus: EventBus; store: DocumentStore; logger: Logger; group: string }): Promise<Subscription> {
    return consumeEvents({
      ...deps,
      topics: [topics.moderationParameter],
      kind: 'broadcast',
      dedupe: 'aggregateVersion',
      handle: async (envelope) => {
        const event = readEvent(parameterChanged, envelope);
        if (event) await this.set(event.payload.id, event.payload.quantity, event.aggregateVersion);
      },
    });
  }
}
