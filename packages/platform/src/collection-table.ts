import type { Schema } from 'mongoose';
import type { Collection, DocumentStore, StoredDocument } from './ports';

/** One collection of a service: its name in the store, its schema and (as a type only) its documents. */
export interface CollectionSpec<T extends StoredDocument> {
  name: string;
  schema: Schema;
  /** Never set: carries the documents' type. */
  readonly documents?: T;
}

/** The entry of a service's collection table: `collectionSpec<UserDoc>('identity_users', userSchema)`. */
export const collectionSpec = <T extends StoredDocument>(name: string, schema: Schema): CollectionSpec<T> => ({ name, schema });

/** The opened collections of a table, keyed as the table is. */
export type CollectionsOf<Table extends Record<string, CollectionSpec<StoredDocument>>> = {
  [K in keyof Table]: Table[K] extends CollectionSpec<infer T> ? Collection<T> : never;
};

/** Opens every collection of a service's table, one after the other in the table's order. */
export async function openCollectionTable<Table extends Record<string, CollectionSpec<StoredDocument>>>(
  store: DocumentStore,
  table: Table,
): Promise<CollectionsOf<Table>> {
  const opened: Record<string, Collection<StoredDocument>> = {};
  for (const [key, spec] of Object.entries(table)) opened[key] = await store.collection<StoredDocument>(spec.name, spec.schema);
  return opened as CollectionsOf<Table>;
}
