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
  const engine = new SearchEngine<D>();
  if (options.settings) engine.configure(options.settings);
  let closed = false;
  const open = () => {
    if (closed) throw new Error('the embedded search index is closed');
  };
  return {
    kind: 'embedded',
    configure: async (settings) => {
      open();
      engine.configure(settings);
    },
    upsert: async (documents) => {
      open();
      // Meilisearch's rule for document ids, so both adapters refuse the same documents.
      const refused = documents.filter((document) => !DOCUMENT_ID.test(String(document.id)));
      if (refused.length > 0) {
        throw new SearchIndexWriteError(
          `search-embedded: document ids must be 1 to 511 of A-Z, a-z, 0-9, '-', '_': ${refused.map((document) => JSON.stringify(document.id)).join(', ')}`,
          refused.map((document) => String(document.id)),
        );
      }
      engine.upsert(documents);
    },
    remove: async (ids) => {
      open();
      engine.remove(ids);
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
