import type { BrandCode } from './reference/brands';
import { SEARCH_TYPO_RULES, typoBudget, typoDistance } from './search-typos';
import { vocabularyIndex, type Entry } from './search-vocabulary';

/**
 * Matching typed words against the search vocabulary (search-vocabulary.ts) with the typo rule:
 * the longest phrase at a position, words split or joined, and the looser brand rule. Internal to
 * the domain: the interpreter (search-interpreter.ts) and the corrections (search-text.ts) use it.
 */

/** Total typos of a phrase match, or -1 when a word is outside its budget. */
export function phraseTypos(typed: string[], known: string[]): number {
  if (typed.length !== known.length) return -1;
  let total = 0;
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i] as string;
    const b = known[i] as string;
    if (a === b) continue;
    const budget = typoBudget(a);
    if (budget === 0) return -1;
    const distance = typoDistance(a, b, budget);
    if (distance > budget) return -1;
    total += distance;
  }
  return total;
}

const KIND_PRIORITY: Record<Entry['kind'], number> = { generic: 0, fuel: 1, transmission: 2, style: 3, colour: 4, brand: 5, model: 6 };

export interface Match {
  entry: Entry;
  length: number;
  typos: number;
}

/** A typed word that is a number of two or more digits (a year, an engine size): never glued to a neighbour by a typo. */
const NUMBER_WORD = /^\d{2,}$/;

/**
 * The best vocabulary phrase starting at `start`: the longest, then the fewest typos, then by kind.
 * Words split or joined count as the same phrase ("rav 4" is RAV4, "crv" is CR-V, "4 runner" is
 * 4Runner): the typed words run together are compared with the phrase's words run together, exactly,
 * or within the typo rule of the joined word when no number is glued to a neighbour.
 */
export function bestMatchAt(words: string[], start: number, accept: (entry: Entry) => boolean): Match | undefined {
  const { byLength, byCompact, multiWord, longest } = vocabularyIndex();
  let best: Match | undefined;
  const consider = (entry: Entry, length: number, typos: number) => {
    if (typos < 0 || !accept(entry)) return;
    if (!best || typos < best.typos || (typos === best.typos && KIND_PRIORITY[entry.kind] < KIND_PRIORITY[best.entry.kind])) {
      best = { entry, length, typos };
    }
  };
  for (let length = Math.min(longest, words.length - start); length >= 1; length--) {
    const typed = words.slice(start, start + length);
    for (const entry of byLength.get(length) ?? []) consider(entry, length, phraseTypos(typed, entry.words));
    const compact = typed.join('');
    for (const entry of byCompact.get(compact) ?? []) if (entry.words.length !== length) consider(entry, length, 0);
    if (!best && compact.length >= SEARCH_TYPO_RULES.oneTypo && (length === 1 || !typed.some((word) => NUMBER_WORD.test(word)))) {
      const budget = typoBudget(compact);
      if (length === 1) {
        for (const { entry, compact: known } of multiWord) {
          const typos = typoDistance(compact, known, budget);
          if (typos <= budget) consider(entry, length, typos);
        }
      } else if (length === 2 && (typed[1] as string).length >= 2) {
        // "4 runer" is 4Runner; "mercedes c" is Mercedes then C: a first word known alone stays alone.
        for (const entry of byLength.get(1) ?? []) {
          const typos = typoDistance(compact, entry.words[0] as string, budget);
          if (typos <= budget && !(byLength.get(1) ?? []).some((known) => phraseTypos(typed.slice(0, 1), known.words) >= 0)) consider(entry, length, typos);
        }
      }
    }
    if (best) return best;
  }
  return undefined;
}

/**
 * Typos a brand word may carry beyond the 5/9 rule: two, in a word of 5 letters or more, when the
 * rest of the text names the brand (a model only it makes: "hiunday tucson"), or, alone, in a word
 * of 6 letters or more that starts like the brand and is that close to one brand only ("hiunday").
 */
const LOOSE_BRAND_TYPOS = 2;

function brandWords(brand: BrandCode): string[][] {
  const { entries } = vocabularyIndex();
  return entries.filter((entry) => entry.kind === 'brand' && entry.value === brand).map((entry) => entry.words);
}

export function nearBrand(word: string, brand: BrandCode): boolean {
  return brandWords(brand).some((words) => words.length === 1 && typoDistance(word, words[0] as string, LOOSE_BRAND_TYPOS) <= LOOSE_BRAND_TYPOS);
}

export function looseBrandOf(word: string): BrandCode | undefined {
  if (word.length < 6 || /\d/.test(word)) return undefined;
  const found = new Set<BrandCode>();
  for (const entry of vocabularyIndex().entries) {
    if (entry.kind !== 'brand' || entry.words.length !== 1) continue;
    const known = entry.words[0] as string;
    if (known[0] === word[0] && typoDistance(word, known, LOOSE_BRAND_TYPOS) <= LOOSE_BRAND_TYPOS) found.add(entry.value);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
