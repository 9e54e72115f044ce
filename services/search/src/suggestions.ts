import {
  BRANDS,
  findBrand,
  interpretSearchText,
  SEARCH_LIMITS,
  searchModelVocabulary,
  searchWords,
  typoBudget,
  typoDistance,
  type BrandCode,
} from '@ruedas/domain';
import { readEvent, searchPerformed, topics } from '@ruedas/events';
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
/** How often the popular queries are read again from the store (other instances count too). */
const POPULAR_REFRESH_MS = 30_000;
/** How often brands and models are ranked again by their number of ads (on a suggestion request). */
const RANK_EVERY_MS = 2_000;

/**
 * Typos of typed words against a candidate's words, from its first word: every typed word but the
 * last matches a whole word within its typo budget, the last matches the start of a word (prefix,
 * typo-tolerant by its own length). -1 when it does not match.
 */
export function prefixTypos(typed: string[], words: string[]): number {
  if (typed.length === 0 || typed.length > words.length) return -1;
  let total = 0;
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i] as string;
    const b = words[i] as string;
    const last = i === typed.length - 1;
    if (last ? b.startsWith(a) : a === b) continue;
    const budget = typoBudget(a);
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
 * Suggestions for the simple search box: brands, models (with their brand) and popular queries,
 * typo-tolerant, at most 10. Popular queries are learned from the search analytics events
 * (`search.query`): texts of first pages that found something, TESTUSER searches left out.
 */
export class Suggestions {
  private readonly vocabulary: Candidate[];
  private popular: Candidate[] = [];
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
        const { text, resultCount, viewer, pageNumber } = event.payload;
        if (!text || resultCount === 0 || pageNumber !== 1 || viewer?.role === 'TESTUSER') return;
        await this.count(text, new Date(event.occurredAt));
      },
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
  }

  private async count(text: string, at: Date): Promise<void> {
    const key = searchWords(text).join(' ');
    if (!key) return;
    const label = text.trim().replace(/\s+/g, ' ');
    const known = this.popular.find((candidate) => candidate.words.join(' ') === key);
    if (known) {
      known.popularity += 1;
      if (known.label !== label) Object.assign(known, this.queryCandidate(key, label, known.popularity));
    } else this.popular.push(this.queryCandidate(key, label, 1));
    await this.collections.popular.updateOne({ _id: key }, { $inc: { count: 1 }, $set: { label, lastAt: at } }, { upsert: true });
  }

  private queryCandidate(key: string, label: string, count: number): Candidate {
    return { kind: 'QUERY', label, words: key.split(' '), filter: { text: label, ...interpretSearchText(label).filter }, popularity: count };
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
    this.popular = docs.map((doc) => this.queryCandidate(doc._id, doc.label, doc.count));
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
    const scored: Array<{ candidate: Candidate; typos: number }> = [];
    for (const candidate of [...this.vocabulary, ...this.popular]) {
      let typos = prefixTypos(typed, candidate.words);
      if (candidate.altWords) {
        const alone = prefixTypos(typed, candidate.altWords);
        if (alone >= 0 && (typos < 0 || alone < typos)) typos = alone;
      }
      if (typos >= 0) scored.push({ candidate, typos });
    }
    scored.sort(
      (a, b) =>
        a.typos - b.typos ||
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
