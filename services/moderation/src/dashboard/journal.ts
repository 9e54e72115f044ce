import { DuplicateKeyError, type Collection, type StoredDocument } from '@ruedas/platform';
import type { DashJournalDoc } from './store';

/**
 * One journal document of the dashboard's writers (the model's `journal`, the roll-up's `activity`;
 * decisions 0056 and 0200). A writer journals each operation before applying it: the operation's
 * number, compared and set, so a copy that lost the writer's lease without knowing it is refused
 * instead of reusing a number; the operation itself, so one a crash interrupted is finished at the
 * next start. Each increment the operation makes is a `guardedUpsert` on its number.
 */
export class OperationJournal<Operation extends { seq: number }> {
  /** The last journalled operation's number. */
  seq = 0;
  /** The journalled operation not yet wholly applied, if any. */
  pending: Operation | null = null;

  /** `what` names the writer in the error a refused operation throws ("the dashboard read model was written …"). */
  constructor(
    private readonly journal: Collection<DashJournalDoc>,
    private readonly id: string,
    private readonly what: string,
  ) {}

  /** Reads the journal document (null when there is none yet): the last number and the operation left pending. */
  async open(): Promise<DashJournalDoc | null> {
    const doc = await this.journal.findById(this.id);
    this.seq = doc?.seq ?? 0;
    this.pending = (doc?.pending as Operation | null | undefined) ?? null;
    return doc;
  }

  /** Writes the journal document at number 0 when there is none (another copy may write it at the same time). */
  async create(): Promise<void> {
    await this.journal.updateOne({ _id: this.id }, { $setOnInsert: { seq: 0, built: true, pending: null } }, { upsert: true });
  }

  /** Starts the journal again at number 0, the figures built (after a rebuild). */
  async reset(): Promise<void> {
    await this.journal.updateOne({ _id: this.id }, { $set: { seq: 0, built: true, pending: null } }, { upsert: true });
    this.seq = 0;
    this.pending = null;
  }

  /** Journals the next operation (its `seq` this one's plus one); refused when another copy journalled since. */
  async record(operation: Operation): Promise<void> {
    const journalled = await this.journal.updateOne({ _id: this.id, seq: this.seq }, { $set: { seq: operation.seq, pending: operation } });
    if (journalled.matchedCount === 0) throw new Error(`${this.what} by another copy; this one no longer holds its lease`);
    this.seq = operation.seq;
    this.pending = operation;
  }

  /** The pending operation is wholly applied. */
  async done(): Promise<void> {
    await this.journal.updateOne({ _id: this.id }, { $set: { pending: null } });
    this.pending = null;
  }
}

/**
 * Updates (or inserts) the document unless it has seen operation `seq` already: an upsert on a
 * document that has seen it collides with its id, and that means the increment was made.
 */
export async function guardedUpsert<T extends StoredDocument>(
  collection: Collection<T>,
  id: string,
  seq: number,
  update: Record<string, unknown>,
): Promise<void> {
  try {
    await collection.updateOne({ _id: id, seq: { $lt: seq } }, update, { upsert: true });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}
