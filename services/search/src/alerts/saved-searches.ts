import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { savedSearchChangeSchema, savedSearchSchema, validate, type SearchFilterValues } from '@ruedas/domain';
import { DomainError, DuplicateKeyError, type Clock, type GlobalParameters, type UnsubscribeTokens, type Viewer } from '@ruedas/platform';
import { interpret, interpretMemo, type AppliedFilter, type InterpretMemo } from '../searcher';
import type { SavedSearchMatcher } from './matcher';
import type { AlertCollections, SavedSearchDoc } from './store';

/** The kind letter of a saved search's unsubscribe token. */
export const SAVED_SEARCH_TOKEN = 's';

const notFound = () => new DomainError('NOT_FOUND', 'savedSearchNotFound');
const invalid = (fields: Record<string, string>, params?: Record<string, string | number>) => new DomainError('VALIDATION', 'validationFailed', fields, params);

/** The filter as GraphQL's SearchFilter shows it: the fields as saved, `styles` from `style`. */
export function filterOut(filter: SearchFilterValues): Record<string, unknown> {
  return { ...filter, ...(filter.style ? { styles: [filter.style] } : {}) };
}

/** What a saved search keeps of its interpretation: the conditions and what was left out, not the chips. */
function storedApplied(applied: AppliedFilter): AppliedFilter {
  const { parts: _parts, ignoredWords: _ignored, ...kept } = applied;
  return kept;
}

/**
 * A buyer's saved searches: create (validated as the search validates its filter, at most
 * MAX_SAVED_SEARCHES_PER_USER), list, change (name, frequency, paused), delete, and unsubscribe by
 * a mail's signed token (which pauses it). Only the owner reads or changes one; anyone else is told
 * it does not exist.
 */
/** How far before the last look `catchUp` reads again (copies' clocks, writes landing late). */
export const CATCH_UP_MARGIN_MS = 5 * 60_000;

export class SavedSearches {
  constructor(
    private readonly deps: {
      collections: AlertCollections;
      matcher: SavedSearchMatcher;
      parameters: GlobalParameters;
      clock: Clock;
      tokens: UnsubscribeTokens;
      /** The filter a search page shows for an input, its left-out parts included (the service's Searcher). */
      shown?: (input: unknown, now: Date) => Promise<AppliedFilter>;
    },
  ) {}

  /** Ids created, changed or deleted while `load` runs: their own call already set the matcher right. */
  private touched: Set<string> | null = null;

  /**
   * Loads every active saved search into the matcher (at start, in the background): the texts,
   * brands and models read once each, and the event loop given a turn every 2,000 searches. A
   * search saved, changed or deleted meanwhile keeps what its own call did.
   */
  async load(): Promise<number> {
    this.touched = new Set();
    this.seenSince ??= this.deps.clock.now();
    try {
      const active = await this.deps.collections.saved.find({ paused: false });
      const now = this.deps.clock.now();
      const memo = interpretMemo();
      for (let at = 0; at < active.length; at++) {
        const doc = active[at]!;
        if (!this.touched.has(doc._id)) this.index(doc, now, memo);
        if (at % 2_000 === 1_999) await yieldToEvents();
      }
      return active.length;
    } finally {
      this.touched = null;
    }
  }

  /** Saved searches changed from this time on (less a margin) are read again by `catchUp`. */
  private seenSince: Date | null = null;

  /**
   * Brings the matcher up to the saved searches other copies of search created, changed or paused
   * since the last look (each copy's own calls update its matcher at once): read from the store by
   * `updatedAt` (indexed), a margin earlier to allow for copies' clocks and writes landing late.
   * Called before an ad is matched, so the copy that handles the ads matches every saved search.
   * A search deleted elsewhere may stay in this matcher; its sends are dropped, as it is not found.
   */
  async catchUp(): Promise<number> {
    const now = this.deps.clock.now();
    const since = new Date((this.seenSince ?? now).getTime() - CATCH_UP_MARGIN_MS);
    const changed = await this.deps.collections.saved.find({ updatedAt: { $gte: since } }, { sort: { updatedAt: 1 } });
    for (const doc of changed) this.index(doc, now);
    this.seenSince = now;
    return changed.length;
  }

  async list(viewer: Viewer): Promise<SavedSearchDoc[]> {
    return this.deps.collections.saved.find({ userId: viewer.userId }, { sort: { createdAt: -1, _id: 1 } });
  }

  async get(id: string, viewer: Viewer): Promise<SavedSearchDoc> {
    const doc = typeof id === 'string' ? await this.deps.collections.saved.findById(id) : null;
    if (!doc || doc.userId !== viewer.userId) throw notFound();
    return doc;
  }

  /**
   * Saves a search. The per-user limit holds in the store, whichever copies of search a burst
   * reaches (decision 0153): each search takes one of the user's slots 0 to max - 1, unique per user
   * in the store, so two saves that counted the same free slot collide and the loser counts again.
   */
  async create(input: unknown, viewer: Viewer): Promise<SavedSearchDoc> {
    const now = this.deps.clock.now();
    const result = validate(savedSearchSchema(now), input ?? {});
    if (!result.ok) throw invalid(result.errors, { max: 200 });
    const max = this.deps.parameters.get('MAX_SAVED_SEARCHES_PER_USER');
    const full = () => invalid({ '': 'savedSearchesFull' }, { max });
    const filter = Object.fromEntries(Object.entries(result.data.filter).filter(([, value]) => value !== undefined)) as SearchFilterValues;
    // The search as its page shows it (issue 27): alerts match exactly that, whatever the rules read later.
    const applied = storedApplied(this.deps.shown ? await this.deps.shown(filter, now) : interpret(filter, now));
    // Each lost collision means another save of this user took a slot: after max + 1 of them the user is full anyway.
    for (let attempt = 0; attempt <= max + 1; attempt += 1) {
      const slot = await this.freeSlot(viewer.userId, max);
      if (slot === null) throw full();
      if (slot === 'again') continue;
      try {
        const doc = await this.deps.collections.saved.insertOne({
          _id: randomUUID(),
          userId: viewer.userId,
          slot,
          name: result.data.name,
          frequency: result.data.frequency,
          paused: false,
          filter,
          applied,
          createdAt: now,
          updatedAt: now,
          alertsSent: 0,
        });
        this.index(doc, now);
        return doc;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    throw full();
  }

  /**
   * The user's lowest free slot below `max`; null when the user has `max` searches or more; 'again'
   * when a search saved before slots existed was just given one (or lost that race): count again.
   */
  private async freeSlot(userId: string, max: number): Promise<number | 'again' | null> {
    const mine = await this.deps.collections.saved.find({ userId }, { projection: { _id: 1, slot: 1 } });
    if (mine.length >= max) return null;
    const taken = new Set(mine.map((doc) => doc.slot).filter((slot): slot is number => typeof slot === 'number'));
    const lowest = () => {
      for (let slot = 0; slot < max; slot += 1) if (!taken.has(slot)) return slot;
      return null;
    };
    const unslotted = mine.find((doc) => typeof doc.slot !== 'number');
    if (unslotted) {
      // Saved before slots existed: it takes the lowest free one first, so every search holds a slot.
      const slot = lowest();
      if (slot === null) return null;
      try {
        await this.deps.collections.saved.updateOne({ _id: unslotted._id, slot: { $exists: false } }, { $set: { slot } });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      return 'again';
    }
    return lowest();
  }

  async update(id: string, change: unknown, viewer: Viewer): Promise<SavedSearchDoc> {
    const doc = await this.get(id, viewer);
    const result = validate(savedSearchChangeSchema, change ?? {});
    if (!result.ok) throw invalid(result.errors);
    const set = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
    const updated = await this.deps.collections.saved.findOneAndUpdate(
      { _id: doc._id, userId: viewer.userId },
      { $set: { ...set, updatedAt: this.deps.clock.now() } },
    );
    if (!updated) throw notFound();
    this.index(updated, this.deps.clock.now());
    return updated;
  }

  async delete(id: string, viewer: Viewer): Promise<boolean> {
    const doc = await this.get(id, viewer);
    await this.deps.collections.saved.deleteOne({ _id: doc._id, userId: viewer.userId });
    this.touched?.add(doc._id);
    this.deps.matcher.remove(doc._id);
    // Dropped now, so done now: they go SEND_RETENTION_DAYS after like the others (without `doneAt` no TTL ever took them).
    await this.deps.collections.sends.updateMany({ searchId: doc._id, state: 'PENDING' }, { $set: { state: 'DROPPED', doneAt: this.deps.clock.now() } });
    return true;
  }

  /** Pauses the saved search a mail's token names (no sign-in); answers its name. */
  async unsubscribe(token: unknown): Promise<SavedSearchDoc> {
    const id = this.deps.tokens.verify(SAVED_SEARCH_TOKEN, token);
    const doc = id ? await this.deps.collections.saved.findById(id) : null;
    if (!doc) throw new DomainError('VALIDATION', 'invalidUnsubscribeToken', { token: 'invalidUnsubscribeToken' });
    const updated = await this.deps.collections.saved.findOneAndUpdate({ _id: doc._id }, { $set: { paused: true, updatedAt: this.deps.clock.now() } });
    this.touched?.add(doc._id);
    this.deps.matcher.remove(doc._id);
    return updated ?? doc;
  }

  tokenOf(id: string): string {
    return this.deps.tokens.sign(SAVED_SEARCH_TOKEN, id);
  }

  private index(doc: SavedSearchDoc, now: Date, memo?: InterpretMemo): void {
    if (!memo) this.touched?.add(doc._id);
    if (doc.paused) {
      this.deps.matcher.remove(doc._id);
      return;
    }
    try {
      this.deps.matcher.upsert(doc._id, doc.applied ?? interpret(doc.filter, now, memo));
    } catch {
      // A filter saved under older rules that no longer validates alerts nobody.
      this.deps.matcher.remove(doc._id);
    }
  }
}
