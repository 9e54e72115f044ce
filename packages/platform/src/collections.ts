import type { Schema } from 'mongoose';
import type { Collection, DocumentStore, StoredDocument } from './ports/document-store';

/** A service's collections by the names its code calls them, each holding documents of its type in `Docs`. */
export type Collections<Docs extends Record<string, StoredDocument>> = { [K in keyof Docs]: Collection<Docs[K]> };

/** `webhookEvents` → `webhook_events`. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Opens a service's collections, one by one in the order given: each is stored under `prefix` and
 * its key in snake case (`openNamedCollections<C>(store, 'billing_', { webhookEvents: schema })` opens
 * `billing_webhook_events`), with its schema. The key and the stored name are written once.
 */
export async function openNamedCollections<C extends Record<string, Collection<StoredDocument>>>(
  store: DocumentStore,
  prefix: string,
  schemas: { [K in keyof C]: Schema },
): Promise<C> {
  const opened: Partial<C> = {};
  for (const key of Object.keys(schemas) as Array<keyof C & string>) {
    opened[key] = (await store.collection(`${prefix}${snakeCase(key)}`, schemas[key])) as C[typeof key];
  }
  return opened as C;
}
