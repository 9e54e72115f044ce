import { isBrandCode, type BrandCode } from './reference/brands';
import { findColour } from './reference/colours';
import { interpretYear } from './search';
import { bestMatchAt } from './search-match';
import { editDistance } from './search-typos';
import { searchWords, STOP_WORDS, vocabularyIndex } from './search-vocabulary';

export { matchesWithTypos, SEARCH_TYPO_RULES, typoBudget, typoDistance, type TypoRules } from './search-typos';
export { foldSearchText, SEARCH_GENERIC_WORDS, SEARCH_SYNONYMS, searchModelVocabulary, searchWords } from './search-vocabulary';
export * from './search-interpreter';
export { canonicalSearchText } from './search-canonical';

/**
 * Corrections of the structured filter's words against the search vocabulary (brand, model,
 * colour) and "did you mean". Free text is read by the interpreter (search-interpreter.ts).
 */

/**
 * The brand code a structured filter's `brand` stands for: a code (TOYOTA), a name in any case or
 * accent (toyota, Citroen, mercedes benz), or a misspelling within the typo rule (Toyta). Undefined
 * when nothing is close enough.
 */
export function correctBrand(input: string): BrandCode | undefined {
  const trimmed = input.trim();
  if (isBrandCode(trimmed.toUpperCase())) return trimmed.toUpperCase() as BrandCode;
  const words = searchWords(trimmed);
  if (words.length === 0) return undefined;
  const match = bestMatchAt(words, 0, (entry) => entry.kind === 'brand');
  return match && match.length === words.length && match.entry.kind === 'brand' ? match.entry.value : undefined;
}

/**
 * A structured filter's `model` in the vocabulary's spelling when it is a known model of the brand
 * (of any brand when none) within the typo rule ("corola" → "Corolla"); else the words as typed.
 */
export function correctModel(input: string, brand?: BrandCode): string {
  const words = searchWords(input);
  if (words.length === 0) return input.trim();
  const match = bestMatchAt(words, 0, (entry) => entry.kind === 'model' && (!brand || entry.brands.includes(brand)));
  if (match && match.length === words.length && match.entry.kind === 'model') return match.entry.value;
  return input.trim();
}

/** The colour code a colour text names in either language ("Negro", "black", "negra"), typo-tolerant. */
export function colourCodeOf(text: string): string | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  const match = bestMatchAt(words, 0, (entry) => entry.kind === 'colour');
  return match && match.length === words.length && match.entry.kind === 'colour' ? match.entry.value : undefined;
}

/**
 * The suggested colour a colour field names: its code (BLACK) as it is, else a colour name in either
 * language, typo-tolerant ("negra" → BLACK); undefined for anything else (a colour of the seller's
 * own words). The listings service answers it as `Opportunity.exteriorColorCode` and `interiorColorCode`.
 */
export function knownColourCode(text: string): string | undefined {
  return findColour(text)?.code ?? findColour(colourCodeOf(text) ?? '')?.code;
}

/**
 * "Did you mean": the text with each word that is not in the vocabulary (nor a year, a number or a
 * small word) replaced by the nearest vocabulary word, looser than the search's own typo rule (one
 * typo from 3 letters, two from 6, a first-letter typo costing one): "sivic" → "civic". Undefined
 * when nothing changes.
 */
export function suggestSearchText(text: string, now: Date = new Date()): string | undefined {
  const { entries } = vocabularyIndex();
  const known = new Set<string>();
  for (const entry of entries) for (const word of entry.words) known.add(word);
  let changed = false;
  const words = searchWords(text).map((word) => {
    if (known.has(word) || STOP_WORDS.has(word) || /\d/.test(word) || interpretYear(word, now) !== undefined) return word;
    const max = word.length >= 6 ? 2 : word.length >= 3 ? 1 : 0;
    if (max === 0) return word;
    let best: { word: string; typos: number } | undefined;
    for (const candidate of known) {
      if (candidate.length < 3 || /\d/.test(candidate)) continue;
      const typos = editDistance(word, candidate, max);
      if (typos <= max && (!best || typos < best.typos)) best = { word: candidate, typos };
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? words.join(' ') : undefined;
}
