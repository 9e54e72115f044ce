import { tokenize } from './text';

/** What the engine reads a query text as, and the posting lists each part matches. */

/** Synonym phrases by their first word, each with its whole group. */
export type SynonymsByFirst = Map<string, Array<{ words: string[]; group: string[][] }>>;

export interface Expansion {
  term: string;
  typos: number;
  exact: boolean;
}

/** One query word (or a synonym phrase found in the query) and what may match it. */
export interface QueryUnit {
  /** The word itself with typos (and prefix when last), or null when the unit is a phrase. */
  word: { text: string; prefix: boolean } | null;
  /** Synonym alternatives, each a list of words that must all be present, matched exactly. */
  phrases: string[][];
}

/** Query words, with synonym phrases found in the query grouped into one unit. */
export function parseQuery(text: string, synonymsByFirst: SynonymsByFirst): QueryUnit[] {
  const words = tokenize(text);
  // As Meilisearch: the last word is a prefix unless the query ends with a separator.
  const lastIsPrefix = words.length > 0 && /[\p{L}\p{N}]$/u.test(text);
  const units: QueryUnit[] = [];
  for (let i = 0; i < words.length;) {
    const word = words[i]!;
    const candidates = synonymsByFirst.get(word) ?? [];
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

export interface Source {
  entries: number[];
  /** Packed entries (`slot * 32 + field`) scored `score + field`; otherwise plain slots with `scores`. */
  packed: boolean;
  score: number;
  scores?: number[];
}

export function size(sources: Source[]): number {
  let total = 0;
  for (const source of sources) total += source.entries.length;
  return total;
}
