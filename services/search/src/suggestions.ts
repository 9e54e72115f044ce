import {
  BRANDS,
  canonicalSearchText,
  findBrand,
  foldSearchText,
  interpretSearchText,
  SEARCH_LIMITS,
  searchModelVocabulary,
  searchWords,
  typoDistance,
  type BrandCode,
} from '@ruedas/domain';
import { readEvent, searchPerformed, topics, type SearchFilterSnapshot } from '@ruedas/events';
import type { EventBus, Logger, SearchIndex, Subscription } from '@ruedas/platform';
import type { SearchDocument } from './documents';
import type { AppliedFilter } from './searcher';
import type { SearchCollections } from './store';

export type SuggestionKind = 'BRAND' | 'MODEL' | 'QUERY';

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  filter: AppliedFilter;
}

interface Candidate {
  kind: SuggestionKind;
  label: string;
  /** The words to match, folded. */
  words: string[];
  /** Words that may be matched alone too (a model without its brand). */
  altWords?: string[];
  filter: AppliedFilter;
  popularity: number;
}

const KIND_ORDER: Record<SuggestionKind, number> = { BRAND: 0, MODEL: 1, QUERY: 2 };
/** How many popular queries are kept in memory for suggestions. */
const POPULAR_KEPT = 5_000;
/** A popular query is offered once this many different signed-in people made it (issue 27). */
export const POPULAR_MIN_PEOPLE = 3;
/** How many of its people a popular query remembers (enough to know it passed the bar). */
const POPULAR_PEOPLE_KEPT = 10;
/** Filter fields a canonical phrase cannot say: a search using one is not counted as a popular query. */
const UNSAYABLE: ReadonlyArray<keyof SearchFilterSnapshot> = ['interiorColor', 'motorSizeCCFrom', 'motorSizeCCTo', 'goodPriceOrBetter'];
/** How often the popular queries are read again from the store (other instances count too). */
const POPULAR_REFRESH_MS = 30_000;
/** How often brands and models are ranked again by their number of ads (on a suggestion request). */
const RANK_EVERY_MS = 2_000;

/**
 * Typos a suggestion forgives in a typed word, looser than the search's own rule (the box is typed
 * letter by letter, issue 27): one from 4 letters ("hiun" → Hyundai), two from 8.
 */
function suggestionBudget(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Typos of typed words against a candidate's words from word `start`; -1 when they do not match. */
function typosFrom(typed: string[], words: string[], start: number): number {
  let total = 0;
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i] as string;
    const b = words[start + i] as string;
    const last = i === typed.length - 1;
    if (last ? b.startsWith(a) : a === b) continue;
    const budget = suggestionBudget(a);
    if (budget === 0) return -1;
    const target = last ? b.slice(0, a.length) : b;
    let distance = typoDistance(a, target, budget);
    // A prefix may be one letter shorter or longer than what was typed (an insertion or deletion).
    if (last && distance > budget) distance = Math.min(typoDistance(a, b.slice(0, a.length + 1), budget), typoDistance(a, b.slice(0, a.length - 1), budget));
    if (distance > budget) return -1;
    total += distance;
  }
  return total;
}

/**
 * How typed words match a candidate's words: every typed word but the last matches a whole word
 * within its typo budget, the last the start of a word (prefix, typo-tolerant). From the candidate's
 * first word, or from a later one ("prado" → Toyota Land Cruiser Prado), which ranks after.
 * Undefined when it does not match.
 */
export function prefixMatch(typed: string[], words: string[]): { typos: number; later: boolean } | undefined {
  if (typed.length === 0 || typed.length > words.length) return undefined;
  let best: { typos: number; later: boolean } | undefined;
  for (let start = 0; start + typed.length <= words.length; start++) {
    const typos = typosFrom(typed, words, start);
    if (typos >= 0 && (!best || typos < best.typos)) best = { typos, later: start > 0 };
    if (best?.typos === 0 && !best.later) break;
  }
  return best;
}

/** Typos of typed words against a candidate's words, from its first word; -1 when it does not match. */
export function prefixTypos(typed: string[], words: string[]): number {
  if (typed.length === 0 || typed.length > words.length) return -1;
  return typosFrom(typed, words, 0);
}

/**
 * Suggestions for the simple search box: brands, models (with their brand) and popular queries,
 * typo-tolerant, at most 10. Popular queries are learned from the search analytics events
 * (`search.query`): texts of first pages that found something, TESTUSER searches left out.
 */
export class Suggestions {
  private readonly vocabulary: Candidate[];
  /** Popular queries by their folded canonical phrase, with the people who made them. */
  private popular = new Map<string, { candidate: Candidate; people: Set<string> }>();
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private rankedAt = 0;
  private logger: Logger | undefined;

  constructor(
    private readonly collections: SearchCollections,
    private readonly index: SearchIndex<SearchDocument>,
  ) {
    const brands: Candidate[] = BRANDS.filter((brand) => brand.code !== 'OTHER').map((brand) => ({
      kind: 'BRAND',
      label: brand.label.es,
      words: searchWords(brand.label.es),
      filter: { brand: brand.code },
      popularity: 0,
    }));
    const models: Candidate[] = searchModelVocabulary().flatMap(({ model, brands: codes }) =>
      codes.map((code: BrandCode) => {
        const brandName = findBrand(code)?.label.es ?? code;
        return {
          kind: 'MODEL' as const,
          label: `${brandName} ${model}`,
          words: searchWords(`${brandName} ${model}`),
          altWords: searchWords(model),
          filter: { brand: code, model },
          popularity: 0,
        };
      }),
    );
    this.vocabulary = [...brands, ...models];
  }

  async start(deps: { bus: EventBus; logger: Logger }): Promise<void> {
    this.logger = deps.logger;
    await this.load();
    this.timer = setInterval(
      () => void this.load().catch((error: unknown) => deps.logger.warn({ err: error }, 'could not read popular queries')),
      POPULAR_REFRESH_MS,
    );
    this.timer.unref();
    // Counting is at least once: a redelivered event counts twice, which popularity tolerates.
    this.subscription = await deps.bus.subscribe({
      group: 'search-popular-queries',
      topics: [topics.searchQuery],
      handler: async (message) => {
        const event = readEvent(searchPerformed, message.value);
        if (!event) return;
        const { text, filter, resultCount, viewer, pageNumber } = event.payload;
        // Only signed-in people's searches count: different people are told apart by their ids.
        if (!text || !viewer || resultCount === 0 || pageNumber !== 1 || viewer.role === 'TESTUSER') return;
        await this.count(filter, viewer.id, new Date(event.occurredAt));
      },
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
  }

  /**
   * Counts a search's interpretation (issue 27): the applied filter written as the canonical phrase,
   * never the text as typed. A brand or a model alone is no query (it is offered as itself).
   */
  private async count(filter: SearchFilterSnapshot, person: string, at: Date): Promise<void> {
    if (UNSAYABLE.some((key) => filter[key] !== undefined)) return;
    const label = canonicalSearchText(filter as Parameters<typeof canonicalSearchText>[0]);
    if (!label) return;
    const reading = interpretSearchText(label, at);
    if (reading.parts.every((part) => part.kind === 'BRAND' || part.kind === 'MODEL')) return;
    const key = foldSearchText(label);
    const known = this.popular.get(key);
    const people = known?.people ?? new Set<string>();
    const newcomer = !people.has(person) && people.size < POPULAR_PEOPLE_KEPT;
    if (newcomer) people.add(person);
    this.popular.set(key, { candidate: this.queryCandidate(label, (known?.candidate.popularity ?? 0) + 1), people });
    await this.collections.popular.updateOne(
      { _id: key },
      { $inc: { count: 1 }, $set: { label, lastAt: at }, ...(newcomer ? { $addToSet: { people: person } } : {}) },
      { upsert: true },
    );
  }

  private queryCandidate(label: string, count: number): Candidate {
    return { kind: 'QUERY', label, words: searchWords(label), filter: { text: label, ...interpretSearchText(label).filter }, popularity: count };
  }

  /** Brands and models rank by how many public ads they have (read again with the popular queries). */
  async rankVocabulary(): Promise<void> {
    this.rankedAt = Date.now();
    const { facets } = await this.index.search({ facets: ['brand', 'model'], limit: 0 });
    const models = new Map<string, number>();
    for (const [model, count] of Object.entries(facets.model ?? {})) {
      const key = searchWords(model).join(' ');
      models.set(key, (models.get(key) ?? 0) + count);
    }
    for (const candidate of this.vocabulary) {
      if (candidate.kind === 'BRAND') candidate.popularity = facets.brand?.[String(candidate.filter.brand)] ?? 0;
      else candidate.popularity = models.get((candidate.altWords ?? []).join(' ')) ?? 0;
    }
  }

  private async load(): Promise<void> {
    const docs = await this.collections.popular.find({}, { sort: { count: -1 }, limit: POPULAR_KEPT });
    this.popular = new Map(docs.map((doc) => [doc._id, { candidate: this.queryCandidate(doc.label, doc.count), people: new Set(doc.people ?? []) }]));
  }

  suggest(text: string): Suggestion[] {
    if (Date.now() - this.rankedAt > RANK_EVERY_MS) {
      this.rankedAt = Date.now();
      void this.rankVocabulary().catch((error: unknown) => {
        this.rankedAt = 0;
        this.logger?.warn({ err: error }, 'could not rank the suggestion vocabulary; tried again at the next suggestion');
      });
    }
    const typed = searchWords(text);
    if (typed.length === 0) return [];
    const scored: Array<{ candidate: Candidate; typos: number; later: boolean }> = [];
    // Popular queries only once enough different people made them.
    const popular = [...this.popular.values()].filter((entry) => entry.people.size >= POPULAR_MIN_PEOPLE).map((entry) => entry.candidate);
    for (const candidate of [...this.vocabulary, ...popular]) {
      let found = prefixMatch(typed, candidate.words);
      if (candidate.altWords) {
        const alone = prefixMatch(typed, candidate.altWords);
        if (alone && (!found || alone.typos < found.typos || (alone.typos === found.typos && found.later && !alone.later))) found = alone;
      }
      if (found) scored.push({ candidate, ...found });
    }
    scored.sort(
      (a, b) =>
        a.typos - b.typos ||
        Number(a.later) - Number(b.later) ||
        KIND_ORDER[a.candidate.kind] - KIND_ORDER[b.candidate.kind] ||
        b.candidate.popularity - a.candidate.popularity ||
        a.candidate.words.length - b.candidate.words.length ||
        a.candidate.label.localeCompare(b.candidate.label),
    );
    // Popular queries keep up to 3 of the 10 places, after the brands and models.
    const queries = scored.filter(({ candidate }) => candidate.kind === 'QUERY').slice(0, 3);
    const others = scored.filter(({ candidate }) => candidate.kind !== 'QUERY').slice(0, SEARCH_LIMITS.maxSuggestions - queries.length);
    return [...others, ...queries].map(({ candidate }) => ({ kind: candidate.kind, label: candidate.label, filter: candidate.filter }));
  }
}
