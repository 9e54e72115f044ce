import type { FuelType, Style, TransmissionType } from './enums';
import { isBrandCode, type BrandCode } from './reference/brands';
import { findColour } from './reference/colours';
import { interpretYear } from './search';
import { editDistance, SEARCH_TYPO_RULES, typoBudget, typoDistance } from './search-typos';
import { searchWords, STOP_WORDS, vocabularyIndex, type Entry } from './search-vocabulary';

export { matchesWithTypos, SEARCH_TYPO_RULES, typoBudget, typoDistance, type TypoRules } from './search-typos';
export { foldSearchText, SEARCH_GENERIC_WORDS, SEARCH_SYNONYMS, searchModelVocabulary, searchWords } from './search-vocabulary';

/**
 * Free-text search (01 §2, §5 and DECISIONS.md): one box does what the advanced form does. The words
 * of fuel, transmission, year, colour, style and brand, in Spanish or English, become filters; the
 * rest is the model. Words are matched against the known vocabulary with Meilisearch's typo rules
 * (none under 5 letters, one from 5, two from 9), so "toyta corola 2015 automatico" reads as
 * Toyota, Corolla, 2015, automatic. Pure: shared by the web app and the search service.
 */

/** Total typos of a phrase match, or -1 when a word is outside its budget. */
function phraseTypos(typed: string[], known: string[]): number {
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

interface Match {
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
function bestMatchAt(words: string[], start: number, accept: (entry: Entry) => boolean): Match | undefined {
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

function nearBrand(word: string, brand: BrandCode): boolean {
  return brandWords(brand).some((words) => words.length === 1 && typoDistance(word, words[0] as string, LOOSE_BRAND_TYPOS) <= LOOSE_BRAND_TYPOS);
}

function looseBrandOf(word: string): BrandCode | undefined {
  if (word.length < 6 || /\d/.test(word)) return undefined;
  const found = new Set<BrandCode>();
  for (const entry of vocabularyIndex().entries) {
    if (entry.kind !== 'brand' || entry.words.length !== 1) continue;
    const known = entry.words[0] as string;
    if (known[0] === word[0] && typoDistance(word, known, LOOSE_BRAND_TYPOS) <= LOOSE_BRAND_TYPOS) found.add(entry.value);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** What a free text was read as. Every field is optional; `model` is the rest of the words. */
export interface ParsedSearchText {
  brand?: BrandCode;
  /** The model words: a known model in its own spelling ("Corolla"), else the words as typed. */
  model?: string;
  /** One style, when the words name one. */
  style?: Style;
  /** Every style the words may mean ("4x4": TODO_TERRENO_4X4 and PICK_UP_4X4); one when `style` is set. */
  styles?: Style[];
  fuelType?: FuelType;
  transmissionType?: TransmissionType;
  year?: number;
  /** Colour code of the reference data (BLACK). */
  exteriorColor?: string;
}

/**
 * Reads a free-text search: "toyta corola 2015 automatico" → { brand: TOYOTA, model: 'Corolla',
 * year: 2015, transmissionType: AUTOMATIC }. Known words are corrected with the 5/9 typo rule; the
 * first word of each kind wins; years per `interpretYear`; car words ("carro", "car") and small
 * words ("de", "with") are dropped; the other words are the model.
 */
export function parseSearchText(text: string, now: Date = new Date()): ParsedSearchText {
  const words = searchWords(text).filter((word) => !STOP_WORDS.has(word));
  const parsed: ParsedSearchText = {};
  // The model words; `typed` marks words outside the vocabulary (a brand typo may hide among them).
  const modelWords: Array<{ text: string; typed: boolean }> = [];
  const push = (typed: boolean, ...texts: string[]) => modelWords.push(...texts.map((text) => ({ text, typed })));
  let styleSet: Style[] | undefined;
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    const match = bestMatchAt(words, i, (entry) => entry.kind !== 'model' || !parsed.brand || entry.brands.includes(parsed.brand));
    const year = interpretYear(word, now);
    if (year !== undefined && (!match || match.typos > 0 || match.entry.kind !== 'model')) {
      if (parsed.year === undefined) parsed.year = year;
      else push(true, word);
      i += 1;
      continue;
    }
    if (!match) {
      push(true, word);
      i += 1;
      continue;
    }
    const { entry, length } = match;
    let taken = true;
    switch (entry.kind) {
      case 'generic':
        break;
      case 'fuel':
        if (parsed.fuelType) taken = false;
        else parsed.fuelType = entry.value;
        break;
      case 'transmission':
        if (parsed.transmissionType) taken = false;
        else parsed.transmissionType = entry.value;
        break;
      case 'style':
        // "pick up" then "4x4" narrow each other to one style.
        if (!styleSet) styleSet = entry.value;
        else {
          const both = styleSet.filter((style) => entry.value.includes(style));
          if (both.length > 0) styleSet = both;
          else taken = false;
        }
        break;
      case 'colour':
        if (parsed.exteriorColor) taken = false;
        else parsed.exteriorColor = entry.value;
        break;
      case 'brand':
        if (parsed.brand) taken = false;
        else parsed.brand = entry.value;
        break;
      case 'model':
        push(false, entry.value);
        if (!parsed.brand && entry.brands.length === 1) parsed.brand = entry.brands[0];
        break;
    }
    if (!taken) push(false, ...words.slice(i, i + length));
    i += length;
  }
  if (styleSet) {
    parsed.styles = styleSet;
    if (styleSet.length === 1) parsed.style = styleSet[0];
  }
  // A brand word misspelt beyond the 5/9 rule: dropped when the rest names the brand, else read as the brand.
  let rest = modelWords;
  if (parsed.brand) {
    const brand = parsed.brand;
    rest = modelWords.filter((word) => !(word.typed && word.text.length >= 5 && !/\d/.test(word.text) && nearBrand(word.text, brand)));
  } else {
    const index = modelWords.findIndex((word) => word.typed && looseBrandOf(word.text) !== undefined);
    if (index >= 0) {
      parsed.brand = looseBrandOf(modelWords[index]!.text);
      rest = modelWords.filter((_, at) => at !== index);
    }
  }
  if (rest.length > 0) parsed.model = rest.map((word) => word.text).join(' ');
  return parsed;
}

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
