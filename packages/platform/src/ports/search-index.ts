/**
 * The search index port: full-text search with Meilisearch's behaviour (typo tolerance by word
 * length, multi-way synonyms, prefix search on the last word, AND of every query word, filters,
 * facet counts and sort). Adapters: search-embedded (in the process, for all-in-one mode and the
 * tests) and search-meilisearch. The contract suite in @ruedas/testing holds both to one fixed
 * corpus and its expected answers.
 *
 * An index holds flat documents keyed by `id`. It is a derived copy: the owning service can always
 * rebuild it from its own records, so an adapter may keep it in memory.
 */
export type SearchScalar = string | number | boolean;

export interface SearchIndexSettings {
  /** Text fields, most important first (a match in an earlier field ranks higher). */
  searchableAttributes: string[];
  /** Fields usable in filters and facets. */
  filterableAttributes: string[];
  /** Fields usable in sort. */
  sortableAttributes: string[];
  /**
   * Groups of words or phrases that mean the same, matched both ways ("carro", "auto", "car";
   * "pick up", "pickup"). Case and accents are ignored.
   */
  synonyms: string[][];
  /** Typo rules; default Meilisearch's: one typo from 5 letters, two from 9, none below 5. */
  typoTolerance?: { oneTypo: number; twoTypos: number };
}

/** One condition on a filterable field. Conditions of a query are combined with AND. */
export type SearchFilter = { field: string; equals: SearchScalar } | { field: string; oneOf: SearchScalar[] } | { field: string; min?: number; max?: number };

export interface SearchSort {
  field: string;
  order: 'asc' | 'desc';
}

export interface SearchQuery {
  /**
   * Free text; empty or missing matches every document (then the filters decide). Every word must
   * match; the last one also matches as a prefix unless the text ends with a space or punctuation.
   */
  text?: string;
  filters?: SearchFilter[];
  /**
   * Applied in order before text relevance (an e-commerce sort: "price ascending" is strictly by
   * price); documents equal on every sort field keep their relevance order. Documents missing a sort
   * field come last. Without sort, relevance decides.
   */
  sort?: SearchSort[];
  /** Filterable fields whose value counts over the whole matched set are wanted. */
  facets?: string[];
  offset?: number;
  /** Default 20; 0 gives only the total and the facets. */
  limit?: number;
}

export interface SearchResult<D> {
  hits: D[];
  /** Number of documents matched (exact, not an estimate). */
  total: number;
  /**
   * field → value (as a string: numbers as written by String(), booleans as "true"/"false") →
   * number of matched documents with it. Every requested facet is present, `{}` when nothing
   * matched; values with no matched document are left out.
   */
  facets: Record<string, Record<string, number>>;
}

export interface SearchIndex<D extends { id: string }> {
  readonly kind: string;
  /** Applies the settings; idempotent, called at start. */
  configure(settings: SearchIndexSettings): Promise<void>;
  /** Adds or replaces documents by id. */
  upsert(documents: D[]): Promise<void>;
  /** Removing a missing id is not an error. */
  remove(ids: string[]): Promise<void>;
  /** Removes every document. Never on an index shoppers search while it refills: use `replace`. */
  clear(): Promise<void>;
  /**
   * Rebuilds the index without ever emptying what searches see: a new index with the same settings
   * gets what `build` writes, then is swapped in for the live one at once (Meilisearch:
   * `swapIndexes`; embedded: the engine replaced). Until the swap, searches see the old contents;
   * the writes this adapter receives meanwhile (upsert, remove) go to both, so none is lost by
   * the swap. Resolves with the number of documents written; if `build` or a write fails, the live
   * index stays as it was and the error is thrown.
   */
  replace(build: (write: (documents: D[]) => Promise<void>) => Promise<void>): Promise<number>;
  /** One document by id, as stored, or null. */
  get(id: string): Promise<D | null>;
  /**
   * Filtering, sorting or faceting on a field not declared for it in the settings is refused with
   * an error (as Meilisearch does), not ignored.
   */
  search(query: SearchQuery): Promise<SearchResult<D>>;
  /**
   * Resolves once every earlier write is visible to `search` (Meilisearch writes are asynchronous
   * tasks). Rejects with a `SearchIndexWriteError` naming the documents of writes that failed
   * since the last flush: the caller writes them again from its own records (a failed write is
   * never dropped silently). An adapter may also reject a write itself with that error.
   */
  flush(): Promise<void>;
  count(): Promise<number>;
  close(): Promise<void>;
}

/** Writes an index did not apply: the ids of their documents (for `clear`, none). */
export class SearchIndexWriteError extends Error {
  override readonly name = 'SearchIndexWriteError';
  constructor(
    message: string,
    readonly ids: string[],
    readonly cleared = false,
  ) {
    super(message);
  }
}
