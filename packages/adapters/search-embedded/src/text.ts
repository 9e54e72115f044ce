/**
 * Words as Meilisearch sees them: case and accents ignored, split on anything that is not a letter
 * or a digit ("C-HR" is "c" and "hr", "Automático" is "automatico").
 */
const SPLIT = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;
const ASCII_WORDS = /^[a-z0-9 ]*$/;

export function normalize(text: string): string {
  const lower = text.toLowerCase();
  // Most values (brand codes, models, numbers) are plain ASCII: skip the Unicode passes for them.
  if (ASCII_WORDS.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '');
}

export function tokenize(text: string): string[] {
  const words = normalize(text).split(SPLIT);
  return words.filter((word) => word.length > 0);
}

/** Typo budget of a query word by its length (Meilisearch's minWordSizeForTypos). */
export interface TypoRules {
  oneTypo: number;
  twoTypos: number;
}

export const MEILISEARCH_TYPO_RULES: TypoRules = { oneTypo: 5, twoTypos: 9 };

export function typoBudget(word: string, rules: TypoRules): number {
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
/** Reused rows of the distance table (the vocabulary scan calls it thousands of times per word). */
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function typoDistance(query: string, term: string, max: number, prefix: boolean): number {
  const n = query.length;
  const over = max + 1;
  if (max === 0) {
    if (prefix) return term.startsWith(query) ? 0 : over;
    return term === query ? 0 : over;
  }
  const firstPenalty = query.charCodeAt(0) === term.charCodeAt(0) ? 0 : 1;
  if (firstPenalty && max < 2) return over;
  const budget = max - firstPenalty;
  let m = term.length;
  if (prefix) {
    if (m < n - budget) return over;
    if (m > n + budget) m = n + budget;
  } else if (Math.abs(m - n) > budget) return over;

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
    if (rowMin > budget) return over;
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
  const total = distance + firstPenalty;
  return total <= max ? total : over;
}
