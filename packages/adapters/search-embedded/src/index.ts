import { SearchIndexWriteError, type SearchIndex, type SearchIndexSettings } from '@ruedas/platform';
import { SearchEngine } from './engine';

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

export { SearchSettingsError } from './errors';
export { normalize, tokenize, typoBudget, typoDistance, MEILISEARCH_TYPO_RULES, type TypoRules } from './text';

export interface EmbeddedSearchIndexOptions {
  /** Applied at once (the same as calling `configure`). */
  settings?: SearchIndexSettings;
}

/**
 * The search index in this process's memory: Meilisearch's matching (typos by word length, prefix
 * on the last word, AND of words, multi-way synonyms), filters, exact facet counts and totals, sort
 * with relevance breaking ties. Writes are visible at once; `flush` has nothing to wait for. The
 * index is a derived copy, rebuilt by the owning service from its records at start.
 */
export function createEmbeddedSearchIndex<D extends { id: string }>(options: EmbeddedSearchIndexOptions = {}): SearchIndex<D> {
  let settings = options.settings;
  let engine = new SearchEngine<D>();
  if (settings) engine.configure(settings);
  /** The engine `replace` is building: live writes go to it too, so the swap loses none. */
  let next: SearchEngine<D> | null = null;
  /** Ids written live during a replace: newer than what the build read, so the build skips them. */
  const touched = new Set<string>();
  const checkIds = (documents: D[]) => {
    // Meilisearch's rule for document ids, so both adapters refuse the same documents.
    const refused = documents.filter((document) => !DOCUMENT_ID.test(String(document.id)));
    if (refused.length > 0) {
      throw new SearchIndexWriteError(
        `search-embedded: document ids must be 1 to 511 of A-Z, a-z, 0-9, '-', '_': ${refused.map((document) => JSON.stringify(document.id)).join(', ')}`,
        refused.map((document) => String(document.id)),
      );
    }
  };
  let closed = false;
  const open = () => {
    if (closed) throw new Error('the embedded search index is closed');
  };
  return {
    kind: 'embedded',
    configure: async (wanted) => {
      open();
      engine.configure(wanted);
      next?.configure(wanted);
      settings = wanted;
    },
    upsert: async (documents) => {
      open();
      checkIds(documents);
      engine.upsert(documents);
      if (next) {
        next.upsert(documents);
        for (const document of documents) touched.add(String(document.id));
      }
    },
    remove: async (ids) => {
      open();
      engine.remove(ids);
      if (next) {
        next.remove(ids);
        for (const id of ids) touched.add(id);
      }
    },
    replace: async (build) => {
      open();
      if (next) throw new Error('search-embedded: a replace is already running');
      const building = new SearchEngine<D>();
      if (settings) building.configure(settings);
      next = building;
      let written = 0;
      try {
        await build(async (documents) => {
          open();
          checkIds(documents);
          const fresh = documents.filter((document) => !touched.has(String(document.id)));
          building.upsert(fresh);
          written += fresh.length;
        });
        open();
        engine = building;
      } finally {
        next = null;
        touched.clear();
      }
      return written;
    },
    clear: async () => {
      open();
      engine.clear();
    },
    get: async (id) => {
      open();
      return engine.get(id) ?? null;
    },
    search: async (query) => {
      open();
      return engine.search(query);
    },
    flush: async () => {},
    count: async () => engine.count(),
    close: async () => {
      closed = true;
      engine.clear();
    },
  };
}
