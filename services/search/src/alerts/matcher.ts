import { findBrand, searchModelVocabulary, searchWords } from '@ruedas/domain';
import type { SearchFilter, SearchIndex } from '@ruedas/platform';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { SEARCH_INDEX_SETTINGS, type SearchDocument } from '../documents';
import { conditions, type AppliedFilter } from '../searcher';

type Test = (doc: SearchDocument) => boolean;

interface Compiled {
  id: string;
  filter: AppliedFilter;
  /** The text the index would be asked (the model, run together when the vocabulary knows it); '' for none. */
  text: string;
  tests: Test[];
  /** The buckets the search sits in: brand codes, or '*' (any brand). */
  keys: string[];
}

const ANY = '*';
/** Remembered text answers; forgotten all at once beyond this (a few MB). */
const MEMO_LIMIT = 200_000;

function compileFilter(filter: SearchFilter): Test {
  const field = filter.field as keyof SearchDocument;
  if ('equals' in filter) return (doc) => doc[field] === filter.equals;
  if ('oneOf' in filter) {
    const allowed = new Set(filter.oneOf);
    return (doc) => allowed.has(doc[field]);
  }
  const { min, max } = filter;
  return (doc) => {
    const value = doc[field] as number;
    return (min === undefined || value >= min) && (max === undefined || value <= max);
  };
}

let brandsOfModel: Map<string, string[]> | undefined;

/** The brands that make a model of the vocabulary, by the model run together ("corolla", "crv"). */
function brandsMaking(model: string): string[] | undefined {
  if (!brandsOfModel) {
    brandsOfModel = new Map();
    for (const entry of searchModelVocabulary()) {
      const key = searchWords(entry.model).join('');
      brandsOfModel.set(key, [...new Set([...(brandsOfModel.get(key) ?? []), ...entry.brands])]);
    }
  }
  return brandsOfModel.get(searchWords(model).join(''));
}

/**
 * The saved searches a newly public ad matches, without running every saved search through the
 * engine: an inverted index by brand (a brand given or read from the text, or the brands that make a
 * model of the vocabulary; the rest under "any brand"), then the filters as compiled range and
 * equality tests on the ad's index document, then the model text through a one-document index with
 * the search's own settings (typo rule, split and joined words, synonyms, prefix), once per distinct
 * text. The filters are the ones `conditions` gives the search itself, so both agree.
 */
export class SavedSearchMatcher {
  /** Bucket key → the searches' text ('' for none) → the searches with that text, by id. */
  private readonly buckets = new Map<string, Map<string, Map<string, Compiled>>>();
  /** Whether a text finds an ad of these searchable words (model | run together | brand name): the same answer every time. */
  private readonly textMatches = new Map<string, boolean>();
  private readonly byId = new Map<string, Compiled>();
  private rate = 0;
  private probe: SearchIndex<SearchDocument> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(crcPerUsd: number) {
    this.rate = crcPerUsd;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces a saved search (its filter as the search applies it). */
  upsert(id: string, filter: AppliedFilter): void {
    this.remove(id);
    const { text, filters } = conditions(filter, this.rate);
    let keys = [ANY];
    if (filter.brand) keys = [findBrand(filter.brand) ? filter.brand : `?${filter.brand}`];
    else if (filter.model) keys = brandsMaking(filter.model) ?? [ANY];
    const compiled: Compiled = { id, filter, text: text.trim(), tests: filters.map(compileFilter), keys };
    this.byId.set(id, compiled);
    for (const key of keys) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = new Map()));
      let sameText = bucket.get(compiled.text);
      if (!sameText) bucket.set(compiled.text, (sameText = new Map()));
      sameText.set(id, compiled);
    }
  }

  remove(id: string): void {
    const compiled = this.byId.get(id);
    if (!compiled) return;
    this.byId.delete(id);
    for (const key of compiled.keys) {
      const bucket = this.buckets.get(key);
      const sameText = bucket?.get(compiled.text);
      sameText?.delete(id);
      if (sameText?.size === 0) bucket!.delete(compiled.text);
    }
  }

  /** The exchange rate changed: price bounds in dollars are compiled again. */
  setRate(crcPerUsd: number): void {
    if (crcPerUsd === this.rate) return;
    this.rate = crcPerUsd;
    for (const compiled of [...this.byId.values()]) this.upsert(compiled.id, compiled.filter);
  }

  /** The ids of the saved searches the ad matches. One ad at a time (the one-document index is shared). */
  match(doc: SearchDocument): Promise<string[]> {
    const run = this.queue.then(() => this.matchNow(doc));
    // The caller gets the error through `run`; the queue goes on to the next ad.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async matchNow(doc: SearchDocument): Promise<string[]> {
    const found: string[] = [];
    const words = `${doc.model}|${doc.modelCompact}|${doc.brandName}`;
    let probe: SearchIndex<SearchDocument> | undefined;
    for (const key of [doc.brand, ANY]) {
      const bucket = this.buckets.get(key);
      if (!bucket) continue;
      for (const [text, searches] of bucket) {
        if (text !== '') {
          // The text first (once per distinct text), then the filters of the searches it finds.
          const memo = `${text}|${words}`;
          let matches = this.textMatches.get(memo);
          if (matches === undefined) {
            probe ??= await this.probeWith(doc);
            matches = (await probe.search({ text, limit: 0 })).total > 0;
            if (this.textMatches.size >= MEMO_LIMIT) this.textMatches.clear();
            this.textMatches.set(memo, matches);
          }
          if (!matches) continue;
        }
        outer: for (const compiled of searches.values()) {
          for (const test of compiled.tests) if (!test(doc)) continue outer;
          found.push(compiled.id);
        }
      }
    }
    return found;
  }

  private async probeWith(doc: SearchDocument): Promise<SearchIndex<SearchDocument>> {
    this.probe ??= createEmbeddedSearchIndex<SearchDocument>({ settings: SEARCH_INDEX_SETTINGS });
    await this.probe.clear();
    await this.probe.upsert([doc]);
    return this.probe;
  }
}
