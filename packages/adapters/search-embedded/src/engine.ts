import type { SearchFilter, SearchIndexSettings, SearchQuery, SearchResult, SearchScalar, SearchSort } from '@ruedas/platform';
import { MEILISEARCH_TYPO_RULES, normalize, tokenize, typoBudget, typoDistance, type TypoRules } from './text';

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
 */

const MAX_FIELDS = 32;
const FIELD_SHIFT = 5;
const MISSING = -1;
const MULTI = -2;
/** Relevance, compared as one number: typos first, then the searchable field, then exactness. */
const TYPO_WEIGHT = 1_000_000;
const FIELD_WEIGHT = 1_000;
const EXPANSION_CACHE_LIMIT = 5_000;
const DEFAULT_LIMIT = 20;

export class SearchSettingsError extends Error {
  override readonly name = 'SearchSettingsError';
}

interface Expansion {
  term: string;
  typos: number;
  exact: boolean;
}

/** One query word (or a synonym phrase found in the query) and what may match it. */
interface QueryUnit {
  /** The word itself with typos (and prefix when last), or null when the unit is a phrase. */
  word: { text: string; prefix: boolean } | null;
  /** Synonym alternatives, each a list of words that must all be present, matched exactly. */
  phrases: string[][];
}

class FacetColumn {
  readonly codeOf = new Map<string, number>();
  readonly labels: string[] = [];
  /** Per value code: slots holding it (dead ones included until compaction). */
  readonly slotsByCode: number[][] = [];
  codes: Int32Array;
  numbers: Float64Array;
  readonly multi = new Map<number, SearchScalar[]>();
  /** Per value code: live documents holding it (the facets of a query matching everything). */
  readonly live: number[] = [];

  constructor(capacity: number) {
    this.codes = new Int32Array(capacity).fill(MISSING);
    this.numbers = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number): void {
    const codes = new Int32Array(capacity).fill(MISSING);
    codes.set(this.codes);
    this.codes = codes;
    const numbers = new Float64Array(capacity).fill(NaN);
    numbers.set(this.numbers);
    this.numbers = numbers;
  }

  code(value: SearchScalar): number {
    const key = valueKey(value);
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.labels.length;
      this.codeOf.set(key, code);
      this.labels.push(String(value));
      this.slotsByCode.push([]);
      this.live.push(0);
    }
    return code;
  }

  set(slot: number, value: unknown): void {
    if (Array.isArray(value)) {
      const scalars = value.filter(isScalar);
      if (scalars.length === 0) return;
      this.codes[slot] = MULTI;
      this.multi.set(slot, scalars);
      for (const code of new Set(scalars.map((s) => this.code(s)))) {
        this.slotsByCode[code]!.push(slot);
        this.live[code]!++;
      }
      return;
    }
    if (!isScalar(value)) return;
    const code = this.code(value);
    this.codes[slot] = code;
    this.slotsByCode[code]!.push(slot);
    this.live[code]!++;
    if (typeof value === 'number') this.numbers[slot] = value;
  }

  unset(slot: number): void {
    const code = this.codes[slot]!;
    if (code >= 0) this.live[code]!--;
    else if (code === MULTI) for (const held of new Set(this.multi.get(slot)!.map((v) => this.codeOf.get(valueKey(v))!))) this.live[held]!--;
    this.codes[slot] = MISSING;
    this.numbers[slot] = NaN;
    this.multi.delete(slot);
  }

  /** Counts of the live documents, as countFacets would give over all of them. */
  liveCounts(): Record<string, number> {
    const result: Record<string, number> = {};
    for (let code = 0; code < this.live.length; code++) if (this.live[code]! > 0) result[this.labels[code]!] = this.live[code]!;
    return result;
  }
}

function isScalar(value: unknown): value is SearchScalar {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

/** Filters compare strings without regard to case, as Meilisearch does. */
function valueKey(value: SearchScalar): string {
  return typeof value === 'string' ? normalize(value) : String(value);
}

export class SearchEngine<D extends { id: string }> {
  private settings: SearchIndexSettings = { searchableAttributes: [], filterableAttributes: [], sortableAttributes: [], synonyms: [] };
  private typoRules: TypoRules = MEILISEARCH_TYPO_RULES;
  /** Synonym phrases by their first word. */
  private synonymsByFirst = new Map<string, Array<{ words: string[]; group: string[][] }>>();

  private documents: Array<D | undefined> = [];
  private slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private dead = 0;
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
    const filters = (query.filters ?? []).map((filter) => this.compileFilter(filter));
    const sort = (query.sort ?? []).map((rule) => this.sortColumn(rule));
    const facetColumns = (query.facets ?? []).map((field) => [field, this.column(field, 'facet')] as const);

    const units = this.parse(query.text ?? '');
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

    const wanted = Math.min(matched.length, offset + limit);
    // Without text or sort every relevance is equal and the candidates are in writing order already.
    const order = units.length === 0 && sort.length === 0 ? matched.slice(0, wanted) : topK(matched, wanted, compareBy(sort, relevance));
    const hits = order.slice(offset, offset + limit).map((slot) => ({ ...(this.documents[slot] as D) }));
    return { hits, total: matched.length, facets };
  }

  // --- writing ------------------------------------------------------------------------------

  private add(document: D): void {
    this.kill(document.id);
    const slot = this.documents.length;
    this.ensureCapacity(slot + 1);
    this.documents.push(document);
    this.alive[slot] = 1;
    this.slotOf.set(document.id, slot);
    const record = document as unknown as Record<string, unknown>;

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
    if (this.dead > 10_000 && this.dead > this.slotOf.size) this.rebuild();
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

  /** Query words, with synonym phrases found in the query grouped into one unit. */
  private parse(text: string): QueryUnit[] {
    const words = tokenize(text);
    // As Meilisearch: the last word is a prefix unless the query ends with a separator.
    const lastIsPrefix = words.length > 0 && /[\p{L}\p{N}]$/u.test(text);
    const units: QueryUnit[] = [];
    for (let i = 0; i < words.length; ) {
      const word = words[i]!;
      const candidates = this.synonymsByFirst.get(word) ?? [];
      const found = candidates.find((candidate) => candidate.words.every((w, k) => words[i + k] === w));
      if (found === undefined) {
        units.push({ word: { text: word, prefix: lastIsPrefix && i === words.length - 1 }, phrases: [] });
        i++;
        continue;
      }
      const single = found.words.length === 1;
      units.push({
        // A single word keeps its own typo and prefix matching; the synonyms match exactly.
        word: single ? { text: word, prefix: lastIsPrefix && i === words.length - 1 } : null,
        phrases: found.group.filter((phrase) => !(single && phrase.length === 1 && phrase[0] === word)),
      });
      i += found.words.length;
    }
    return units;
  }

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

  private compileFilter(filter: SearchFilter): (slot: number) => boolean {
    const column = this.column(filter.field, 'filter');
    const { codes, numbers, multi } = column;
    if ('equals' in filter || 'oneOf' in filter) {
      const values = 'equals' in filter ? [filter.equals] : filter.oneOf;
      const wanted = new Set(values.map((value) => column.codeOf.get(valueKey(value))).filter((code): code is number => code !== undefined));
      return (slot) => {
        const code = codes[slot]!;
        if (code >= 0) return wanted.has(code);
        if (code === MULTI) return multi.get(slot)!.some((value) => wanted.has(column.codeOf.get(valueKey(value))!));
        return false;
      };
    }
    // A range without either end is no condition (as in Meilisearch, where it has no expression).
    if (filter.min === undefined && filter.max === undefined) return () => true;
    const min = filter.min ?? -Infinity;
    const max = filter.max ?? Infinity;
    if (typeof min !== 'number' || typeof max !== 'number' || Number.isNaN(min) || Number.isNaN(max)) throw new SearchSettingsError(`range filter on ${filter.field} needs numbers`);
    return (slot) => {
      const code = codes[slot]!;
      if (code === MULTI) return multi.get(slot)!.some((value) => typeof value === 'number' && value >= min && value <= max);
      const number = numbers[slot]!;
      return number >= min && number <= max;
    };
  }

  private sortColumn(rule: SearchSort): SortRule {
    const column = this.sortColumns.get(rule.field);
    if (!column) throw new SearchSettingsError(`attribute ${JSON.stringify(rule.field)} is not sortable`);
    if (rule.order !== 'asc' && rule.order !== 'desc') throw new SearchSettingsError(`sort order must be asc or desc, got ${JSON.stringify(rule.order)}`);
    return { column, descending: rule.order === 'desc' };
  }
}

interface Source {
  entries: number[];
  /** Packed entries (`slot * 32 + field`) scored `score + field`; otherwise plain slots with `scores`. */
  packed: boolean;
  score: number;
  scores?: number[];
}

function size(sources: Source[]): number {
  let total = 0;
  for (const source of sources) total += source.entries.length;
  return total;
}

function countFacets(column: FacetColumn, slots: number[]): Record<string, number> {
  const counts = new Int32Array(column.labels.length);
  const { codes, multi, codeOf } = column;
  for (const slot of slots) {
    const code = codes[slot]!;
    if (code >= 0) counts[code]!++;
    else if (code === MULTI) {
      for (const value of new Set(multi.get(slot)!.map((v) => codeOf.get(valueKey(v))!))) counts[value]!++;
    }
  }
  const result: Record<string, number> = {};
  for (let code = 0; code < counts.length; code++) if (counts[code]! > 0) result[column.labels[code]!] = counts[code]!;
  return result;
}

type Compare = (a: number, b: number) => number;

/** A sortable field: numbers in a Float64Array (NaN when not a number), strings beside them when any. */
class SortColumn {
  numbers: Float64Array;
  strings: Array<string | undefined> | null = null;

  constructor(capacity: number) {
    this.numbers = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number): void {
    const numbers = new Float64Array(capacity).fill(NaN);
    numbers.set(this.numbers);
    this.numbers = numbers;
  }

  set(slot: number, value: unknown): void {
    if (typeof value === 'number' && Number.isFinite(value)) this.numbers[slot] = value;
    else if (typeof value === 'string') (this.strings ??= [])[slot] = value;
  }

  unset(slot: number): void {
    this.numbers[slot] = NaN;
    if (this.strings) this.strings[slot] = undefined;
  }
}

interface SortRule {
  column: SortColumn;
  descending: boolean;
}

/**
 * Sort fields first (numbers before strings ascending, as Meilisearch; missing values last in
 * either order), then relevance, then the order of writing.
 */
function compareBy(sort: SortRule[], relevance: Float64Array): Compare {
  const byRelevance: Compare = (a, b) => relevance[a]! - relevance[b]! || a - b;
  if (sort.length === 1 && sort[0]!.column.strings === null) {
    // The common case, one numeric field: no loop, no boxing.
    const { numbers } = sort[0]!.column;
    const sign = sort[0]!.descending ? -1 : 1;
    return (a, b) => {
      const x = numbers[a]!;
      const y = numbers[b]!;
      if (x === y) return byRelevance(a, b);
      if (x !== x) return 1; // NaN: missing, last
      if (y !== y) return -1;
      return x < y ? -sign : sign;
    };
  }
  return (a, b) => {
    for (const { column, descending } of sort) {
      const x = valueAt(column, a);
      const y = valueAt(column, b);
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      let order: number;
      if (typeof x === typeof y) order = x < y ? -1 : 1;
      else order = typeof x === 'number' ? -1 : 1;
      return descending ? -order : order;
    }
    return byRelevance(a, b);
  };
}

function valueAt(column: SortColumn, slot: number): number | string | undefined {
  const number = column.numbers[slot]!;
  return number === number ? number : column.strings?.[slot];
}

/** The first `k` slots in order: a bounded heap when k is small against n, else a full sort. */
function topK(slots: number[], k: number, compare: Compare): number[] {
  if (k <= 0) return [];
  if (k * 8 >= slots.length) return [...slots].sort(compare).slice(0, k);
  // Max-heap of the best k so far (its root is the worst of them).
  const heap: number[] = [];
  const up = (index: number) => {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (compare(heap[index]!, heap[parent]!) <= 0) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  };
  const down = (index: number) => {
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let largest = index;
      if (left < heap.length && compare(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && compare(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === index) return;
      [heap[index], heap[largest]] = [heap[largest]!, heap[index]!];
      index = largest;
    }
  };
  for (const slot of slots) {
    if (heap.length < k) {
      heap.push(slot);
      up(heap.length - 1);
    } else if (compare(slot, heap[0]!) < 0) {
      heap[0] = slot;
      down(0);
    }
  }
  return heap.sort(compare);
}
