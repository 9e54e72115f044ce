import { DEFAULT_MAX_TOTAL_HITS, type SearchFilter, type SearchIndexSettings, type SearchQuery, type SearchResult, type SearchSort } from '@ruedas/platform';
import { SearchSettingsError } from './errors';
import { compileFilter, countFacets, FacetColumn, isScalar, valueKey } from './facet-column';
import { parseQuery, size, type Expansion, type QueryUnit, type Source, type SynonymsByFirst } from './query';
import { compareBy, SortColumn, topK, type SortRule } from './sort';
import { MEILISEARCH_TYPO_RULES, tokenize, typoBudget, typoDistance, type TypoRules } from './text';

export { SearchSettingsError } from './errors';

/**
 * The engine behind @ruedas/search-embedded: a hand-written inverted index, synchronous, one
 * process. Documents live in numbered slots; an upsert takes a new slot and leaves the old one dead
 * (postings are append-only, dead slots are skipped and compacted away in bulk), so a write costs
 * one pass over the document's words and values.
 *
 * - Postings: vocabulary word → packed entries `slot * 32 + field` (searchable field rank), in
 *   slot order.
 * - Query words are matched against the vocabulary (small: brands, models, colours, styles...),
 *   with the typo budget of their length and prefix on the last word; the expansions are cached
 *   until the vocabulary grows.
 * - Filter and facet fields are dictionary-encoded columns (an Int32Array of value codes per
 *   slot); numbers also have a Float64Array column for ranges and sort.
 * - An upsert that keeps every searchable value of the stored document (a new rating, price or
 *   status) rewrites it in its slot: only its columns change, its postings stay right, and it keeps
 *   its place in the writing order (the search service rewrites ratings by the thousand).
 */

const MAX_FIELDS = 32;
const FIELD_SHIFT = 5;
/** Relevance, compared as one number: typos first, then the searchable field, then exactness. */
const TYPO_WEIGHT = 1_000_000;
const FIELD_WEIGHT = 1_000;
const EXPANSION_CACHE_LIMIT = 5_000;
const DEFAULT_LIMIT = 20;

export class SearchEngine<D extends { id: string }> {
  private settings: SearchIndexSettings = { searchableAttributes: [], filterableAttributes: [], sortableAttributes: [], synonyms: [] };
  private typoRules: TypoRules = MEILISEARCH_TYPO_RULES;
  /** Synonym phrases by their first word. */
  private synonymsByFirst: SynonymsByFirst = new Map();

  private documents: Array<D | undefined> = [];
  private slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private dead = 0;
  /** Slots still listed under a filter value they no longer hold (rewritten in place), until compaction. */
  private stale = 0;
  private postings = new Map<string, number[]>();
  private vocabulary: string[] = [];
  private expansions = new Map<string, Expansion[]>();
  private columns = new Map<string, FacetColumn>();
  private sortColumns = new Map<string, SortColumn>();
  private readonly tokenCache = new Map<string, string[]>();

  // Scratch space of the query being answered (one at a time: search is synchronous).
  private stamp = new Int32Array(1024);
  private phraseStamp = new Int32Array(1024);
  private generation = 0;
  private best = new Float64Array(1024);
  private relevance = new Float64Array(1024);

  configure(settings: SearchIndexSettings): void {
    if (settings.searchableAttributes.length > MAX_FIELDS) {
      throw new SearchSettingsError(`at most ${MAX_FIELDS} searchable attributes, got ${settings.searchableAttributes.length}`);
    }
    const rules = settings.typoTolerance ?? MEILISEARCH_TYPO_RULES;
    if (!(rules.oneTypo >= 1 && rules.twoTypos >= rules.oneTypo)) {
      throw new SearchSettingsError(`typoTolerance needs 1 <= oneTypo <= twoTypos, got ${JSON.stringify(rules)}`);
    }
    this.settings = structuredClone(settings);
    this.typoRules = { oneTypo: rules.oneTypo, twoTypos: rules.twoTypos };
    this.synonymsByFirst = new Map();
    for (const group of settings.synonyms) {
      const phrases = group.map((phrase) => tokenize(phrase)).filter((words) => words.length > 0);
      for (const words of phrases) {
        const list = this.synonymsByFirst.get(words[0]!) ?? [];
        list.push({ words, group: phrases });
        this.synonymsByFirst.set(words[0]!, list);
      }
    }
    for (const list of this.synonymsByFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
    this.rebuild();
  }

  upsert(documents: readonly D[]): void {
    for (const document of documents) {
      if (typeof document?.id !== 'string' || document.id === '') throw new SearchSettingsError('every document needs a string id');
    }
    for (const document of documents) this.add({ ...document });
    this.compactIfWorthIt();
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) this.kill(id);
    this.compactIfWorthIt();
  }

  clear(): void {
    this.documents = [];
    this.slotOf = new Map();
    this.alive = new Uint8Array(1024);
    this.dead = 0;
    this.stale = 0;
    this.postings = new Map();
    this.vocabulary = [];
    this.expansions.clear();
    this.resetColumns();
  }

  count(): number {
    return this.slotOf.size;
  }

  get(id: string): D | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : { ...(this.documents[slot] as D) };
  }

  search(query: SearchQuery): SearchResult<D> {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(offset) || offset < 0) throw new SearchSettingsError(`offset must be a whole number >= 0, got ${offset}`);
    if (!Number.isInteger(limit) || limit < 0) throw new SearchSettingsError(`limit must be a whole number >= 0, got ${limit}`);
    const filters = (query.filters ?? []).map((filter) => compileFilter(this.column(filter.field, 'filter'), filter));
    const sort = (query.sort ?? []).map((rule) => this.sortColumn(rule));
    const facetColumns = (query.facets ?? []).map((field) => [field, this.column(field, 'facet')] as const);

    const units = parseQuery(query.text ?? '', this.synonymsByFirst);
    let candidates: number[];
    const relevance = this.relevance;
    if (units.length > 0) {
      candidates = this.matchText(units);
    } else {
      candidates = this.allOrIndexed(query.filters ?? []);
      for (const slot of candidates) relevance[slot] = 0;
    }
    let matched = candidates;
    if (filters.length > 0) {
      matched = [];
      outer: for (const slot of candidates) {
        for (const test of filters) if (!test(slot)) continue outer;
        matched.push(slot);
      }
    }

    const facets: SearchResult<D>['facets'] = {};
    const everything = units.length === 0 && filters.length === 0;
    for (const [field, column] of facetColumns) facets[field] = everything ? column.liveCounts() : countFacets(column, matched);

    // Meilisearch's cap: nothing past maxTotalHits matches is returned (decision 0159).
    const cap = this.settings.maxTotalHits ?? DEFAULT_MAX_TOTAL_HITS;
    const end = Math.min(offset + limit, cap);
    const wanted = Math.min(matched.length, end);
    // Without text or sort every relevance is equal and the candidates are in writing order already.
    const order = units.length === 0 && sort.length === 0 ? matched.slice(0, wanted) : topK(matched, wanted, compareBy(sort, relevance));
    const hits = offset >= end ? [] : order.slice(offset, end).map((slot) => ({ ...(this.documents[slot] as D) }));
    return { hits, total: matched.length, reachable: Math.min(matched.length, cap), facets };
  }

  // --- writing ------------------------------------------------------------------------------

  private add(document: D): void {
    const record = document as unknown as Record<string, unknown>;
    const kept = this.slotOf.get(document.id);
    if (kept !== undefined && this.sameWords(this.documents[kept] as unknown as Record<string, unknown>, record)) {
      this.documents[kept] = document;
      for (const [field, column] of this.columns) this.stale += column.replace(kept, record[field]);
      for (const [field, column] of this.sortColumns) {
        column.unset(kept);
        column.set(kept, record[field]);
      }
      return;
    }
    this.kill(document.id);
    const slot = this.documents.length;
    this.ensureCapacity(slot + 1);
    this.documents.push(document);
    this.alive[slot] = 1;
    this.slotOf.set(document.id, slot);

    const { searchableAttributes } = this.settings;
    const seen = new Set<string>();
    for (let field = 0; field < searchableAttributes.length; field++) {
      const value = record[searchableAttributes[field]!];
      if (value === undefined || value === null) continue;
      for (const word of this.wordsOf(value)) {
        if (seen.has(word)) continue; // the first (most important) field holding the word is enough
        seen.add(word);
        let list = this.postings.get(word);
        if (list === undefined) {
          list = [];
          this.postings.set(word, list);
          this.vocabulary.push(word);
          if (this.expansions.size > 0) this.expansions.clear();
        }
        list.push(slot * MAX_FIELDS + field);
      }
    }
    for (const [field, column] of this.columns) column.set(slot, record[field]);
    for (const [field, column] of this.sortColumns) column.set(slot, record[field]);
  }

  /** Whether two documents hold the same values in every searchable attribute. */
  private sameWords(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
    const same = (a: unknown, b: unknown): boolean =>
      Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => same(item, b[index])) : Object.is(a, b);
    return this.settings.searchableAttributes.every((field) => same(stored[field], next[field]));
  }

  private wordsOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap((item) => this.wordsOf(item));
    if (!isScalar(value)) return [];
    const text = String(value);
    let words = this.tokenCache.get(text);
    if (words === undefined) {
      words = tokenize(text);
      if (this.tokenCache.size >= 50_000) this.tokenCache.clear();
      this.tokenCache.set(text, words);
    }
    return words;
  }

  private kill(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.documents[slot] = undefined;
    for (const column of this.columns.values()) column.unset(slot);
    for (const column of this.sortColumns.values()) column.unset(slot);
    this.dead++;
  }

  private compactIfWorthIt(): void {
    const waste = this.dead + this.stale;
    if (waste > 10_000 && waste > this.slotOf.size) this.rebuild();
  }

  /** Indexes the live documents again into fresh slots (after settings change, or to drop dead slots). */
  private rebuild(): void {
    const live = this.documents.filter((document): document is D => document !== undefined);
    this.clear();
    this.ensureCapacity(live.length);
    for (const document of live) this.add(document);
  }

  private resetColumns(): void {
    this.columns = new Map();
    const facetFields = new Set(this.settings.filterableAttributes);
    for (const field of facetFields) this.columns.set(field, new FacetColumn(this.alive.length));
    this.sortColumns = new Map(this.settings.sortableAttributes.map((field) => [field, new SortColumn(this.alive.length)]));
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.alive.length) return;
    let capacity = this.alive.length;
    while (capacity < needed) capacity *= 2;
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    this.stamp = new Int32Array(capacity);
    this.phraseStamp = new Int32Array(capacity);
    this.generation = 0;
    this.best = new Float64Array(capacity);
    this.relevance = new Float64Array(capacity);
    for (const column of this.columns.values()) column.grow(capacity);
    for (const column of this.sortColumns.values()) column.grow(capacity);
  }

  // --- reading ------------------------------------------------------------------------------

  private expand(word: string, prefix: boolean): Expansion[] {
    const key = `${prefix ? '>' : '='}${word}`;
    let found = this.expansions.get(key);
    if (found !== undefined) return found;
    const max = typoBudget(word, this.typoRules);
    found = [];
    if (max === 0 && !prefix) {
      if (this.postings.has(word)) found.push({ term: word, typos: 0, exact: true });
    } else {
      for (const term of this.vocabulary) {
        const typos = typoDistance(word, term, max, prefix);
        if (typos <= max) found.push({ term, typos, exact: term === word });
      }
    }
    if (this.expansions.size >= EXPANSION_CACHE_LIMIT) this.expansions.clear();
    this.expansions.set(key, found);
    return found;
  }

  /** Slots holding every unit, with their relevance in `this.relevance`. */
  private matchText(units: QueryUnit[]): number[] {
    // Rarest unit first: each later unit only keeps what earlier ones matched.
    const sources = units.map((unit) => this.sourcesOf(unit));
    const order = sources.map((_, index) => index).sort((a, b) => size(sources[a]!) - size(sources[b]!));
    const { stamp, best, relevance, alive } = this;
    let candidates: number[] = [];
    for (let step = 0; step < order.length; step++) {
      const generation = this.nextGeneration();
      const previous = generation - 1;
      const first = step === 0;
      const touched: number[] = [];
      for (const source of sources[order[step]!]!) {
        const { entries, score, packed } = source;
        for (let k = 0; k < entries.length; k++) {
          const entry = entries[k]!;
          const slot = packed ? entry >>> FIELD_SHIFT : entry;
          if (alive[slot] === 0) continue;
          const value = packed ? score + (entry & (MAX_FIELDS - 1)) * FIELD_WEIGHT : source.scores![k]!;
          const mark = stamp[slot]!;
          if (mark === generation) {
            if (value < best[slot]!) best[slot] = value;
          } else if (first || mark === previous) {
            stamp[slot] = generation;
            best[slot] = value;
            touched.push(slot);
          }
        }
      }
      for (const slot of touched) relevance[slot] = (first ? 0 : relevance[slot]!) + best[slot]!;
      candidates = touched;
      if (candidates.length === 0) break;
    }
    return candidates;
  }

  private sourcesOf(unit: QueryUnit): Source[] {
    const sources: Source[] = [];
    if (unit.word) {
      for (const { term, typos, exact } of this.expand(unit.word.text, unit.word.prefix)) {
        const entries = this.postings.get(term);
        if (entries) sources.push({ entries, packed: true, score: typos * TYPO_WEIGHT + (exact ? 0 : 1) });
      }
    }
    for (const phrase of unit.phrases) {
      if (phrase.length === 1) {
        const entries = this.postings.get(phrase[0]!);
        if (entries) sources.push({ entries, packed: true, score: 1 });
      } else {
        const matched = this.matchPhrase(phrase);
        if (matched) sources.push(matched);
      }
    }
    return sources;
  }

  /** Slots holding every word of a synonym phrase (exact words; the score is the worst field). */
  private matchPhrase(words: string[]): Source | null {
    const lists = words.map((word) => this.postings.get(word));
    if (lists.some((list) => list === undefined)) return null;
    const { phraseStamp, alive } = this;
    const scores = new Map<number, number>();
    let generation = 0;
    for (let w = 0; w < lists.length; w++) {
      generation = this.nextGeneration();
      for (const entry of lists[w]!) {
        const slot = entry >>> FIELD_SHIFT;
        if (alive[slot] === 0) continue;
        if (w > 0 && phraseStamp[slot] !== generation - 1 && phraseStamp[slot] !== generation) continue;
        phraseStamp[slot] = generation;
        const field = (entry & (MAX_FIELDS - 1)) * FIELD_WEIGHT + 1;
        scores.set(slot, Math.max(scores.get(slot) ?? 0, field));
      }
    }
    const entries: number[] = [];
    const values: number[] = [];
    for (const [slot, score] of scores) {
      if (phraseStamp[slot] !== generation) continue;
      entries.push(slot);
      values.push(score);
    }
    return { entries, packed: false, score: 0, scores: values };
  }

  private nextGeneration(): number {
    if (this.generation >= 2_000_000_000) {
      this.stamp.fill(0);
      this.phraseStamp.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** Every live slot, or the slots of the most selective equals/oneOf filter (checked again later). */
  private allOrIndexed(filters: SearchFilter[]): number[] {
    let smallest: number[][] | null = null;
    let smallestSize = Infinity;
    for (const filter of filters) {
      if (!('equals' in filter) && !('oneOf' in filter)) continue;
      const column = this.column(filter.field, 'filter');
      const values = 'equals' in filter ? [filter.equals] : filter.oneOf;
      const lists = values.map((value) => column.slotsByCode[column.codeOf.get(valueKey(value)) ?? -1] ?? []);
      const total = lists.reduce((sum, list) => sum + list.length, 0);
      if (total < smallestSize) {
        smallest = lists;
        smallestSize = total;
      }
    }
    const { alive } = this;
    if (smallest === null) {
      const all: number[] = [];
      for (let slot = 0; slot < this.documents.length; slot++) if (alive[slot] === 1) all.push(slot);
      return all;
    }
    if (smallest.length === 1) return smallest[0]!.filter((slot) => alive[slot] === 1);
    const merged = new Set<number>();
    for (const list of smallest) for (const slot of list) if (alive[slot] === 1) merged.add(slot);
    return [...merged].sort((a, b) => a - b);
  }

  private column(field: string, use: 'filter' | 'facet'): FacetColumn {
    const column = this.columns.get(field);
    if (!column) throw new SearchSettingsError(`attribute ${JSON.stringify(field)} is not filterable, so it cannot be used as a ${use}`);
    return column;
  }

  private sortColumn(rule: SearchSort): SortRule {
    const column = this.sortColumns.get(rule.field);
    if (!column) throw new SearchSettingsError(`attribute ${JSON.stringify(rule.field)} is not sortable`);
    if (rule.order !== 'asc' && rule.order !== 'desc') throw new SearchSettingsError(`sort order must be asc or desc, got ${JSON.stringify(rule.order)}`);
    return { column, descending: rule.order === 'desc' };
  }
}
