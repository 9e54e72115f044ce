import type { DocumentNode } from 'graphql';

/**
 * The caches of GraphQL servers, bounded by bytes (issue 28): the persisted queries (APQ), the parsed
 * and validated documents, the gateway's query plans. Apollo's defaults are bounded by an estimate
 * that misses what a document holds on to: a parsed document keeps its whole source text and the
 * linked list of every token (comments included, which the token limit does not count), so 60,000
 * distinct persisted queries padded with comments grew a process from 414 MB to 1.95 GB while the
 * document store thought it held 30 MB. Here each entry is weighed by what it keeps alive.
 */
export const GRAPHQL_CACHE_BYTES = {
  /** Persisted queries' texts by hash (the gateway's APQ). */
  persistedQueries: 16 * 1024 * 1024,
  /** Parsed and validated documents by hash: the gateway's, and each subgraph's. */
  documents: 16 * 1024 * 1024,
  /** The gateway's query plans. */
  queryPlans: 16 * 1024 * 1024,
} as const;

/** What one entry costs besides its value: the key (a hash), the map's slot and the entry object. */
const ENTRY_BYTES = 200;
/**
 * Measured on Node 20 (heap after collection, 50 documents of each kind): a token of a parsed
 * document (an object of eight fields linked to its neighbours) keeps 88 bytes alive, and the tree's
 * nodes with their locations 2.6 to 2.8 times their JSON form; so a document of 20,000 comment lines
 * keeps 1.8 MB alive (estimated 2.0 MB here) and a web app's operation 13.5 KB (14.7 KB).
 */
const TOKEN_BYTES = 96;
const TREE_BYTES_PER_JSON_CHARACTER = 3;

/** The KeyValueCache Apollo takes for its document store, its APQ cache and the gateway's query plans. */
export interface ByteBoundedCacheOptions<V> {
  maxBytes: number;
  /** Bytes an entry's value keeps alive. */
  sizeOf: (value: V) => number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

/**
 * A least-recently-used cache bounded by the bytes its entries keep alive, whatever their count: an
 * entry larger than the whole bound is not kept at all. Per process (each copy fills its own).
 */
export class ByteBoundedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;
  readonly #now: () => number;

  constructor(private readonly options: ByteBoundedCacheOptions<V>) {
    this.#now = options.now ?? Date.now;
  }

  /** Bytes held now (never above `maxBytes`). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<V | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: V, options?: { ttl?: number | null }): Promise<void> {
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    const bytes = ENTRY_BYTES + key.length * 2 + this.options.sizeOf(value);
    if (bytes > this.options.maxBytes) return;
    const expiresAt = options?.ttl ? this.#now() + options.ttl * 1000 : Number.POSITIVE_INFINITY;
    this.#entries.set(key, { value, bytes, expiresAt });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  async delete(key: string): Promise<boolean> {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#remove(key, entry);
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Bytes of a string in memory (two per UTF-16 unit at most). */
export function textBytes(text: string): number {
  return text.length * 2;
}

/**
 * Bytes a parsed document keeps alive: its source text, every token of it (comments too, linked from
 * the first to the last; the token limit does not count comments) and its tree.
 */
export function documentBytes(document: DocumentNode): number {
  const tree = JSON.stringify(document).length * TREE_BYTES_PER_JSON_CHARACTER;
  const location = document.loc;
  if (!location) return tree;
  let tokens = 0;
  for (let token: { next: unknown } | null = location.startToken; token; token = token.next as { next: unknown } | null) tokens++;
  return textBytes(location.source.body) + tokens * TOKEN_BYTES + tree;
}

/** Bytes of a query plan (or any plain value): twice its JSON form, for the objects behind it. */
export function jsonBytes(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 0);
}

/** A document store for an Apollo server (its `documentStore` option), bounded by bytes. */
export function boundedDocumentStore(maxBytes: number = GRAPHQL_CACHE_BYTES.documents): ByteBoundedCache<DocumentNode> {
  return new ByteBoundedCache<DocumentNode>({ maxBytes, sizeOf: documentBytes });
}

/** A cache of persisted queries' texts (an Apollo server's `persistedQueries.cache`), bounded by bytes. */
export function boundedPersistedQueries(maxBytes: number = GRAPHQL_CACHE_BYTES.persistedQueries): ByteBoundedCache<string> {
  return new ByteBoundedCache<string>({ maxBytes, sizeOf: textBytes });
}
