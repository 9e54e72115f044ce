/**
 * Meilisearch's typo rule, in one place: the search service's parser and suggestions, and the
 * embedded search engine (`@ruedas/search-embedded`, which behaves like Meilisearch) all use it.
 */

/** Typo budget of a query word by its length (Meilisearch's minWordSizeForTypos). */
export interface TypoRules {
  oneTypo: number;
  twoTypos: number;
}

/** Meilisearch's default typo budget of a query word: 0 under 5 letters, 1 from 5, 2 from 9. */
export const SEARCH_TYPO_RULES = { oneTypo: 5, twoTypos: 9 } as const;

export function typoBudget(word: string, rules: TypoRules = SEARCH_TYPO_RULES): number {
  const length = word.length;
  if (length >= rules.twoTypos) return 2;
  if (length >= rules.oneTypo) return 1;
  return 0;
}

/**
 * The typos between a query word and a vocabulary word, or `max + 1` when over `max`:
 * Damerau-Levenshtein (optimal string alignment: a swap of neighbours is one typo), where a typo on
 * the first letter costs two, as in Meilisearch. With `prefix`, the vocabulary word only has to
 * start with something that close to the query word (prefix search on the last word).
 */
export function typoDistance(query: string, term: string, max = 2, prefix = false): number {
  if (query === term) return 0;
  const over = max + 1;
  if (max === 0) {
    if (prefix) return term.startsWith(query) ? 0 : over;
    return over;
  }
  const firstPenalty = query.charCodeAt(0) === term.charCodeAt(0) ? 0 : 1;
  if (firstPenalty && max < 2) return over;
  const total = editDistance(query, term, max - firstPenalty, prefix) + firstPenalty;
  return total <= max ? total : over;
}

/** Reused rows of the distance table (the vocabulary scan calls it thousands of times per word). */
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edits between two words (optimal string alignment, every edit costing one), or `max + 1` when
 * over `max`; with `prefix`, to the closest start of `term`. Stops as soon as a row is over `max`.
 */
export function editDistance(query: string, term: string, max: number, prefix = false): number {
  const n = query.length;
  const over = max + 1;
  let m = term.length;
  if (prefix) {
    if (m < n - max) return over;
    if (m > n + max) m = n + max;
  } else if (Math.abs(m - n) > max) return over;

  // Three rows (for transpositions) of the (n + 1) × (m + 1) table, query along the rows.
  if (rows[0]!.length < m + 1) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const t = term.charCodeAt(j - 1);
      const cost = q === t ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && q === term.charCodeAt(j - 2) && query.charCodeAt(i - 2) === t) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return over;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  let distance: number;
  if (prefix) {
    distance = over;
    for (let j = 0; j <= m; j++) if (previous[j]! < distance) distance = previous[j]!;
  } else distance = previous[m]!;
  return distance <= max ? distance : over;
}

/** Whether a typed word stands for a vocabulary word within the typed word's typo budget. */
export function matchesWithTypos(typed: string, known: string): boolean {
  const budget = typoBudget(typed);
  return budget === 0 ? typed === known : typoDistance(typed, known, budget) <= budget;
}
