import { Schema } from 'mongoose';
import type { Collection, DocumentStore, StoredDocument } from './ports/document-store';

/** The marker of a one-off data migration done: its name and when. */
export interface MigrationMark extends StoredDocument {
  doneAt: Date;
}

const markSchema = new Schema({ _id: String, doneAt: { type: Date, required: true } }, { versionKey: false });

/** A service's markers of one-off data migrations done (`name`, e.g. `identity_migrations`): a handful of documents. */
export const migrationMarks = (store: DocumentStore, name: string): Promise<Collection<MigrationMark>> => store.collection<MigrationMark>(name, markSchema);

const PAGE = 500;

/**
 * Runs the one-off data migration `id` once per store: skipped when its marker is there; otherwise
 * `each` gets the documents of `collection` page by page in `_id` order (served by the `_id` index:
 * each document is read once, whatever their number) and answers how many it changed, and the
 * marker is written when the walk is done. Answers the number changed (0 when skipped).
 *
 * A migration must be idempotent (conditional updates): two copies that start together may both
 * walk, and a copy that stops midway walks again at its next start.
 */
export async function migrateOnce<T extends StoredDocument>(
  marks: Collection<MigrationMark>,
  id: string,
  collection: Collection<T>,
  projection: Record<string, 1>,
  each: (page: T[]) => Promise<number>,
): Promise<number> {
  if (await marks.findById(id)) return 0;
  let after = '';
  let changed = 0;
  for (;;) {
    const page = await collection.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: PAGE, projection });
    changed += await each(page);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!._id;
  }
  await marks.updateOne({ _id: id }, { $set: { doneAt: new Date() } }, { upsert: true });
  return changed;
}
