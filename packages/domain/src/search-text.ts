import type { FuelType, Style, TransmissionType } from './enums';
import { BRANDS, isBrandCode, type BrandCode } from './reference/brands';
import { COLOURS } from './reference/colours';
import { MODELS_BY_BRAND } from './reference/models';
import { interpretYear } from './search';
import { editDistance, SEARCH_TYPO_RULES, typoBudget, typoDistance } from './search-typos';

export { matchesWithTypos, SEARCH_TYPO_RULES, typoBudget, typoDistance, type TypoRules } from './search-typos';

/**
 * Free-text search (01 §2, §5 and DECISIONS.md): one box does what the advanced form does. The words
 * of fuel, transmission, year, colour, style and brand, in Spanish or English, become filters; the
 * rest is the model. Words are matched against the known vocabulary with Meilisearch's typo rules
 * (none under 5 letters, one from 5, two from 9), so "toyta corola 2015 automatico" reads as
 * Toyota, Corolla, 2015, automatic. Pure: shared by the web app and the search service.
 */

/** Lower case, accents dropped ("Diésel" → "diesel", "Citroën" → "citroen"). */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The words of a text, folded; punctuation and hyphens separate words ("CR-V" → cr, v). */
export function searchWords(text: string): string[] {
  return foldSearchText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Words of one meaning in both languages (folded, without accents). Each line is one value. */
const FUEL_WORDS: Record<FuelType, string[]> = {
  GASOLINE: ['gasolina', 'gasoline', 'petrol', 'nafta'],
  DIESEL: ['diesel'],
  HYBRID: ['hibrido', 'hibrida', 'hybrid'],
  ELECTRIC: ['electrico', 'electrica', 'electric'],
  LPG: ['gas lp', 'lpg', 'glp', 'gas licuado'],
};

const TRANSMISSION_WORDS: Record<TransmissionType, string[]> = {
  AUTOMATIC: ['automatico', 'automatica', 'automatic'],
  TIPTRONIC: ['tiptronic'],
  MANUAL: ['manual', 'mecanico', 'mecanica', 'estandar', 'standard'],
};

/**
 * Style words. "4x4" alone, "todo terreno" alone and "pick up" alone name two styles each; a
 * family word with a traction word ("pick up 4x4", "suv 4x2") names one.
 */
const STYLE_WORDS: Record<string, { styles: Style[]; words: string[] }> = {
  SEDAN: { styles: ['SEDAN'], words: ['sedan'] },
  HATCHBACK: { styles: ['HATCHBACK'], words: ['hatchback', 'hatch'] },
  COUPE: { styles: ['COUPE'], words: ['coupe'] },
  CONVERTIBLE: { styles: ['CONVERTIBLE'], words: ['convertible', 'descapotable', 'cabrio'] },
  VAN: { styles: ['VAN'], words: ['microbus', 'van', 'buseta'] },
  PANEL: { styles: ['PANEL'], words: ['panel'] },
  CAMION: { styles: ['CAMION'], words: ['camion', 'truck'] },
  TODO_TERRENO_4X4: { styles: ['TODO_TERRENO_4X4'], words: ['todo terreno 4x4', 'todoterreno 4x4', 'suv 4x4', 'suv 4wd', 'todo terreno 4wd'] },
  TODO_TERRENO_4X2: { styles: ['TODO_TERRENO_4X2'], words: ['todo terreno 4x2', 'todoterreno 4x2', 'suv 4x2'] },
  PICK_UP_4X4: { styles: ['PICK_UP_4X4'], words: ['pick up 4x4', 'pickup 4x4', 'pick up 4wd', 'pickup 4wd', '4x4 pick up', '4x4 pickup'] },
  PICK_UP_4X2: { styles: ['PICK_UP_4X2'], words: ['pick up 4x2', 'pickup 4x2', '4x2 pick up', '4x2 pickup'] },
  TODO_TERRENO: { styles: ['TODO_TERRENO_4X2', 'TODO_TERRENO_4X4'], words: ['todo terreno', 'todoterreno', 'suv'] },
  PICK_UP: { styles: ['PICK_UP_4X2', 'PICK_UP_4X4'], words: ['pick up', 'pickup'] },
  TRACTION_4X4: { styles: ['TODO_TERRENO_4X4', 'PICK_UP_4X4'], words: ['4x4', '4wd', 'awd'] },
  TRACTION_4X2: { styles: ['TODO_TERRENO_4X2', 'PICK_UP_4X2'], words: ['4x2', '2wd'] },
};

/** Gendered and other forms of the colour names of the reference data. */
const COLOUR_EXTRA_WORDS: Record<string, string[]> = {
  BLACK: ['negra'],
  WHITE: ['blanca'],
  RED: ['roja'],
  SILVER: ['plateada', 'plata'],
  GOLD: ['dorada'],
  GREY: ['gray', 'plomo'],
  BROWN: ['marron'],
  ORANGE: ['anaranjada', 'naranja'],
  YELLOW: ['amarilla'],
  PURPLE: ['morada'],
  WINE: ['vinotinto', 'burgundy'],
};

/** Brand names people write differently from the reference data. */
const BRAND_EXTRA_WORDS: Partial<Record<BrandCode, string[]>> = {
  MERCEDES_BENZ: ['mercedes', 'benz', 'mercedes benz'],
  VOLKSWAGEN: ['vw'],
  CHEVROLET: ['chevy'],
  LAND_ROVER: ['landrover'],
};

/** Words every car ad is, in both languages: they narrow nothing and are dropped. */
export const SEARCH_GENERIC_WORDS = ['carro', 'carros', 'auto', 'autos', 'car', 'cars', 'vehiculo', 'vehiculos', 'automovil', 'vehicle', 'coche'];

/** Small words that carry no filter ("de", "with", "año"). */
const STOP_WORDS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'un', 'una', 'en', 'con', 'y', 'o', 'color', 'ano', 'modelo', 'the', 'a', 'an', 'in', 'with', 'and', 'or', 'of', 'year', 'model', 'colour', 'for', 'por', 'para']);

/**
 * The synonym groups of search, in both languages (folded). The search index gets them as its
 * synonyms; the parser reads every one of them as the same filter value.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  SEARCH_GENERIC_WORDS,
  ...Object.values(FUEL_WORDS),
  ...Object.values(TRANSMISSION_WORDS),
  ['4x4', '4wd', 'awd', 'todo terreno', 'todoterreno'],
  ['pick up', 'pickup'],
  ['microbus', 'van', 'buseta'],
  ['camion', 'truck'],
  ['convertible', 'descapotable', 'cabrio'],
  ...COLOURS.map((colour) => [...new Set([foldSearchText(colour.label.es), foldSearchText(colour.label.en), ...(COLOUR_EXTRA_WORDS[colour.code] ?? [])])]),
  ['mercedes', 'mercedes benz'],
  ['vw', 'volkswagen'],
  ['chevy', 'chevrolet'],
];

type Entry =
  | { kind: 'fuel'; value: FuelType; words: string[] }
  | { kind: 'transmission'; value: TransmissionType; words: string[] }
  | { kind: 'style'; value: Style[]; words: string[] }
  | { kind: 'colour'; value: string; words: string[] }
  | { kind: 'brand'; value: BrandCode; words: string[] }
  | { kind: 'model'; value: string; brands: BrandCode[]; words: string[] }
  | { kind: 'generic'; value: null; words: string[] };

/** The vocabulary: each entry is a phrase (its words, folded). */
function buildVocabulary(): Entry[] {
  const entries: Entry[] = [];
  const phrase = (text: string) => searchWords(text);
  for (const [value, words] of Object.entries(FUEL_WORDS)) for (const w of words) entries.push({ kind: 'fuel', value: value as FuelType, words: phrase(w) });
  for (const [value, words] of Object.entries(TRANSMISSION_WORDS)) for (const w of words) entries.push({ kind: 'transmission', value: value as TransmissionType, words: phrase(w) });
  for (const { styles, words } of Object.values(STYLE_WORDS)) for (const w of words) entries.push({ kind: 'style', value: styles, words: phrase(w) });
  for (const colour of COLOURS) {
    const words = new Set([colour.label.es, colour.label.en, ...(COLOUR_EXTRA_WORDS[colour.code] ?? [])].map(foldSearchText));
    for (const w of words) entries.push({ kind: 'colour', value: colour.code, words: phrase(w) });
  }
  for (const brand of BRANDS) {
    if (brand.code === 'OTHER') continue;
    const words = new Set([brand.label.es, brand.code.replace(/_/g, ' '), ...(BRAND_EXTRA_WORDS[brand.code] ?? [])].map(foldSearchText));
    for (const w of words) entries.push({ kind: 'brand', value: brand.code, words: phrase(w) });
  }
  const models = new Map<string, { value: string; brands: BrandCode[] }>();
  for (const [brand, names] of Object.entries(MODELS_BY_BRAND) as Array<[BrandCode, readonly string[]]>) {
    for (const name of names) {
      const key = searchWords(name).join(' ');
      const known = models.get(key);
      if (known) known.brands.push(brand);
      else models.set(key, { value: name, brands: [brand] });
    }
  }
  for (const [key, model] of models) entries.push({ kind: 'model', ...model, words: key.split(' ') });
  for (const w of SEARCH_GENERIC_WORDS) entries.push({ kind: 'generic', value: null, words: [w] });
  return entries;
}

interface VocabularyIndex {
  entries: Entry[];
  byFirstLetter: Map<string, Entry[]>;
  byLength: Map<number, Entry[]>;
  /** Entries by their words run together ("cr v" → "crv", "4runner"), for words split or joined. */
  byCompact: Map<string, Entry[]>;
  /** Entries of several words, with their compact form (a typed word may join them: "landcruser"). */
  multiWord: Array<{ entry: Entry; compact: string }>;
  longest: number;
}

let vocabulary: VocabularyIndex | undefined;

function vocabularyIndex(): VocabularyIndex {
  if (!vocabulary) {
    const entries = buildVocabulary();
    const byFirstLetter = new Map<string, Entry[]>();
    const byCompact = new Map<string, Entry[]>();
    for (const entry of entries) {
      // A typo may hit the first letter too, so typo matching scans all; exact matching uses this map.
      const first = entry.words[0]?.[0] ?? '';
      const list = byFirstLetter.get(first) ?? [];
      list.push(entry);
      byFirstLetter.set(first, list);
      const compact = entry.words.join('');
      byCompact.set(compact, [...(byCompact.get(compact) ?? []), entry]);
    }
    const byLength = new Map<number, Entry[]>();
    for (const entry of entries) byLength.set(entry.words.length, [...(byLength.get(entry.words.length) ?? []), entry]);
    const multiWord = entries.filter((entry) => entry.words.length > 1).map((entry) => ({ entry, compact: entry.words.join('') }));
    vocabulary = { entries, byFirstLetter, byLength, byCompact, multiWord, longest: Math.max(...entries.map((e) => e.words.length)) };
  }
  return vocabulary;
}

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

/** Every model of the vocabulary with its brands (for suggestions). */
export function searchModelVocabulary(): Array<{ model: string; brands: BrandCode[] }> {
  return vocabularyIndex()
    .entries.filter((entry): entry is Extract<Entry, { kind: 'model' }> => entry.kind === 'model')
    .map((entry) => ({ model: entry.value, brands: entry.brands }));
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
