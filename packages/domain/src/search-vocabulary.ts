import type { FuelType, Style, TransmissionType } from './enums';
import { BRANDS, type BrandCode } from './reference/brands';
import { COLOURS } from './reference/colours';
import { MODELS_BY_BRAND } from './reference/models';

/**
 * The vocabulary of free-text search: words folded as search compares them, the words of fuel,
 * transmission, style, colour and brand in both languages, the models of the reference data, the
 * synonym groups the search index gets, and the index the parser (search-text.ts) matches against.
 */

/** Lower case, accents dropped ("Diésel" → "diesel", "Citroën" → "citroen"). */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
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
export const STOP_WORDS = new Set([
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'un',
  'una',
  'en',
  'con',
  'y',
  'o',
  'color',
  'ano',
  'modelo',
  'the',
  'a',
  'an',
  'in',
  'with',
  'and',
  'or',
  'of',
  'year',
  'model',
  'colour',
  'for',
  'por',
  'para',
]);

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

export type Entry =
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
  for (const [value, words] of Object.entries(TRANSMISSION_WORDS))
    for (const w of words) entries.push({ kind: 'transmission', value: value as TransmissionType, words: phrase(w) });
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

export function vocabularyIndex(): VocabularyIndex {
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

/** Every model of the vocabulary with its brands (for suggestions). */
export function searchModelVocabulary(): Array<{ model: string; brands: BrandCode[] }> {
  return vocabularyIndex()
    .entries.filter((entry): entry is Extract<Entry, { kind: 'model' }> => entry.kind === 'model')
    .map((entry) => ({ model: entry.value, brands: entry.brands }));
}
