import { MORE_THAN_SEVEN_PASSENGERS, type Currency, type PassengerChoice } from './enums';
import { interpretYear } from './search';
import { foldSearchText } from './search-vocabulary';

/**
 * The numbers of a free-text search (issue 27): prices ("menos de 10 millones", "hasta ₡8.5
 * millones", "entre 5 y 8 millones", "$15 mil", "15k", "under 10 million colones", "below
 * $12,000"), years and year ranges ("del 2014 al 2017", "2015-2018", "from 2015"), seats ("7
 * pasajeros", "más de 7 pasajeros" = 888) and mileage ("menos de 100 mil km"). Pure.
 */

/** One token of a typed text: its folded word and where it stands in the text (for chips that cut it out). */
export interface Token {
  /** As typed. */
  raw: string;
  /** Folded (lower case, no accents); a sign as it is ($, ₡, -, +, <, >). */
  word: string;
  start: number;
  end: number;
}

/** Numbers with separators ("8.5", "12,000", "8.500.000"), words and letters-with-digits, signs of money and ranges. */
const TOKEN = /\d+(?:[.,]\d+)+(?:k|m)?(?![\p{L}\p{N}])|[\p{L}\p{N}]+|[₡¢$<>+\-–]/gu;
const DIGITS = /^\d/;

/**
 * The tokens of a text. A hyphen or a plus is kept only next to a number ("2015-2018", "2015+"):
 * elsewhere it joins words ("CR-V" is "cr", "v").
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const found of text.matchAll(TOKEN)) {
    const raw = found[0];
    const start = found.index ?? 0;
    out.push({ raw, word: raw === '¢' ? '₡' : raw === '–' ? '-' : foldSearchText(raw), start, end: start + raw.length });
  }
  return out.filter((token, at) => {
    if (token.word === '-') return DIGITS.test(out[at - 1]?.word ?? '') && DIGITS.test(out[at + 1]?.word ?? '');
    if (token.word === '+') return DIGITS.test(out[at - 1]?.word ?? '');
    return true;
  });
}

/** "8.5" and "8,5" are decimals; "12,000" and "8.500.000" have thousands separators. */
function parseNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const groups = text.split(/[.,]/);
  if (groups.some((group) => !/^\d+$/.test(group))) return undefined;
  if (groups.slice(1).every((group) => group.length === 3)) return Number(groups.join(''));
  if (groups.length === 2) return Number(`${groups[0]}.${groups[1]}`);
  return undefined;
}

/** Small numbers in words, for seats ("siete pasajeros"). */
const NUMBER_WORDS = new Map<string, number>(
  [
    ['dos', 'two', 2],
    ['tres', 'three', 3],
    ['cuatro', 'four', 4],
    ['cinco', 'five', 5],
    ['seis', 'six', 6],
    ['siete', 'seven', 7],
    ['ocho', 'eight', 8],
    ['nueve', 'nine', 9],
  ].flatMap(([es, en, n]) => [
    [es as string, n as number],
    [en as string, n as number],
  ]),
);

const SCALE_WORDS = new Map<string, number>([
  ['k', 1_000],
  ['mil', 1_000],
  ['thousand', 1_000],
  ['millon', 1_000_000],
  ['millones', 1_000_000],
  ['million', 1_000_000],
  ['millions', 1_000_000],
  ['mill', 1_000_000],
  ['mills', 1_000_000],
  ['m', 1_000_000],
  ['palo', 1_000_000],
  ['palos', 1_000_000],
]);

const CURRENCY_WORDS = new Map<string, Currency>([
  ['colones', 'CRC'],
  ['colon', 'CRC'],
  ['crc', 'CRC'],
  ['₡', 'CRC'],
  ['dolares', 'USD'],
  ['dolar', 'USD'],
  ['dollars', 'USD'],
  ['dollar', 'USD'],
  ['usd', 'USD'],
  ['$', 'USD'],
]);

type Unit = 'km' | 'mi' | 'seats';
const UNIT_WORDS = new Map<string, Unit>([
  ['km', 'km'],
  ['kms', 'km'],
  ['kilometros', 'km'],
  ['kilometraje', 'km'],
  ['kilometers', 'km'],
  ['kilometres', 'km'],
  ['millas', 'mi'],
  ['miles', 'mi'],
  ['mi', 'mi'],
  ['pasajeros', 'seats'],
  ['pasajero', 'seats'],
  ['plazas', 'seats'],
  ['asientos', 'seats'],
  ['puestos', 'seats'],
  ['personas', 'seats'],
  ['seats', 'seats'],
  ['seat', 'seats'],
  ['seater', 'seats'],
  ['passengers', 'seats'],
  ['passenger', 'seats'],
  ['people', 'seats'],
]);

/** An amount as typed: the number with its scale, currency and unit words. */
interface Amount {
  value: number;
  /** The token after it. */
  end: number;
  /** "mil", "millones", "k": the number was scaled. */
  scale: number;
  currency?: Currency;
  unit?: Unit;
  /** The number as typed has no scale, currency or unit (a year, or a bound's other end). */
  plain: boolean;
  /** The number's own word (for years: "2015", "98"). */
  word: string;
}

const at = (tokens: readonly Token[], index: number) => tokens[index]?.word ?? '';

function readAmount(tokens: readonly Token[], start: number): Amount | undefined {
  let index = start;
  let currency = CURRENCY_WORDS.get(at(tokens, index));
  if (currency && (at(tokens, index) === '$' || at(tokens, index) === '₡' || at(tokens, index) === 'usd')) index += 1;
  else currency = undefined;
  const word = at(tokens, index);
  const suffixed = /^(\d+(?:[.,]\d+)*)(k|m)$/.exec(word);
  let value = parseNumber(suffixed ? (suffixed[1] as string) : word);
  let scale = suffixed ? (SCALE_WORDS.get(suffixed[2] as string) as number) : 1;
  const spelt = NUMBER_WORDS.get(word);
  if (value === undefined && spelt !== undefined && UNIT_WORDS.get(at(tokens, index + 1)) === 'seats') value = spelt;
  if (value === undefined) return undefined;
  index += 1;
  const scaleWord = SCALE_WORDS.get(at(tokens, index));
  if (scale === 1 && scaleWord) {
    scale = scaleWord;
    index += 1;
  }
  // "millones de colones"
  const currencyAt = at(tokens, index) === 'de' && CURRENCY_WORDS.has(at(tokens, index + 1)) ? index + 1 : index;
  const after = CURRENCY_WORDS.get(at(tokens, currencyAt));
  if (after) {
    currency ??= after;
    index = currencyAt + 1;
  }
  const unit = currency ? undefined : UNIT_WORDS.get(at(tokens, index));
  if (unit) index += 1;
  return { value: value * scale, end: index, scale, currency, unit, plain: scale === 1 && !currency && !unit, word };
}

type Bound = 'max' | 'min';
/** Bound words before a number, longest first; `exclusive` ones ("antes de 2015") move a year by one. */
const BOUND_PREFIXES: Array<{ words: string[]; bound: Bound; exclusive?: boolean }> = [
  ...[
    'por debajo de',
    'no mas de',
    'menos de',
    'menos que',
    'menor a',
    'menor de',
    'debajo de',
    'less than',
    'up to',
    'no more than',
    'at most',
    'hasta',
    'maximo',
    'max',
    'maximum',
    'under',
    'below',
    'bajo',
    '<',
  ].map((text) => ({ words: text.split(' '), bound: 'max' as const })),
  ...['antes de', 'antes del', 'before', 'older than'].map((text) => ({ words: text.split(' '), bound: 'max' as const, exclusive: true })),
  ...[
    'a partir de',
    'a partir del',
    'mas de',
    'mas que',
    'mayor a',
    'mayor de',
    'arriba de',
    'more than',
    'at least',
    'desde',
    'minimo',
    'min',
    'over',
    'above',
    'from',
    'since',
    '>',
  ].map((text) => ({ words: text.split(' '), bound: 'min' as const })),
  ...['despues de', 'despues del', 'after', 'newer than'].map((text) => ({ words: text.split(' '), bound: 'min' as const, exclusive: true })),
].sort((a, b) => b.words.length - a.words.length);

const BOUND_SUFFIXES: Array<{ words: string[]; bound: Bound }> = [
  ...['en adelante', 'o mas', 'y mas', 'para arriba', 'or newer', 'or more', 'or later', 'and up', '+'].map((text) => ({
    words: text.split(' '),
    bound: 'min' as const,
  })),
  ...['o menos', 'para abajo', 'or less', 'or older', 'or under'].map((text) => ({ words: text.split(' '), bound: 'max' as const })),
];

const RANGE_OPENERS = new Set(['entre', 'between', 'de', 'del', 'desde', 'from']);
/** Words between the two ends of a range; "y"/"and" only after "entre"/"between". */
const RANGE_JOINERS = new Set(['a', 'al', 'hasta', 'to', '-']);
const PAIR_JOINERS = new Set(['y', 'and']);

const startsWith = (tokens: readonly Token[], index: number, words: readonly string[]) => words.every((word, k) => at(tokens, index + k) === word);

/** What a quantity sets. */
export interface QuantityFilter {
  priceFrom?: number;
  priceTo?: number;
  currency?: Currency;
  year?: number;
  yearFrom?: number;
  yearTo?: number;
  mileageMax?: number;
  passengersNumber?: PassengerChoice;
}

export type QuantityKind = 'PRICE' | 'YEAR' | 'PASSENGERS' | 'MILEAGE';

export interface Quantity {
  kind: QuantityKind | 'NONE';
  filter: QuantityFilter;
  /** The token after the quantity. */
  end: number;
}

/** Amounts under this many colones, with no currency named ("15k", "15 mil"), are dollars: no car costs ₡15,000. */
const LOWEST_COLONES_PRICE = 200_000;
/** A plain number this large with a bound word is a price, not a year or a count. */
const LOWEST_PLAIN_PRICE = 1_000;
const KM_PER_MILE = 1.609344;

/** "más de 7", "more than 7": strictly more; "desde 7", "at least 7", "7 o más": 7 or more. */
const STRICT_MIN_WORDS = new Set(['mas', 'more', 'mayor', 'over', 'above', 'arriba']);

function passengersChoice(count: number, bound: Bound | undefined, strict = false): PassengerChoice | undefined {
  const least = strict ? count + 1 : count;
  if (!Number.isInteger(count) || count < 2 || bound === 'max') return undefined;
  if (least > 7) return MORE_THAN_SEVEN_PASSENGERS;
  if (least >= 6) return 7;
  if (least === 5) return 5;
  return least as PassengerChoice;
}

function priceOf(amount: Amount): { value: number; currency: Currency } | undefined {
  const money = !amount.plain && amount.unit === undefined;
  if (!money && amount.value < LOWEST_PLAIN_PRICE) return undefined;
  const currency = amount.currency ?? (amount.value < LOWEST_COLONES_PRICE ? 'USD' : 'CRC');
  return { value: amount.value, currency };
}

/** A year a plain number names: four digits, or two ("98", "18") outside a price. */
const yearOf = (amount: Amount, now: Date) => (amount.plain ? interpretYear(amount.word, now) : undefined);

/** A bounded single amount (`bound` undefined: as typed, no bound word). */
function single(amount: Amount, bound: Bound | undefined, exclusive: boolean, now: Date, strict = false): Quantity | undefined {
  const end = amount.end;
  if (amount.unit === 'seats') {
    const passengersNumber = passengersChoice(amount.value, bound, strict);
    return passengersNumber === undefined ? { kind: 'NONE', filter: {}, end } : { kind: 'PASSENGERS', filter: { passengersNumber }, end };
  }
  if (amount.unit === 'km' || amount.unit === 'mi') {
    const km = Math.round(amount.unit === 'mi' ? amount.value * KM_PER_MILE : amount.value);
    return bound === 'min' ? { kind: 'NONE', filter: {}, end } : { kind: 'MILEAGE', filter: { mileageMax: km }, end };
  }
  const year = yearOf(amount, now);
  if (year !== undefined && (bound !== undefined || /^\d{4}$/.test(amount.word) || amount.word.length === 2)) {
    const shift = exclusive ? 1 : 0;
    if (bound === 'max') return { kind: 'YEAR', filter: { yearTo: year - shift }, end };
    if (bound === 'min') return { kind: 'YEAR', filter: { yearFrom: year + shift }, end };
    return { kind: 'YEAR', filter: { year }, end };
  }
  const price = priceOf(amount);
  if (!price || (amount.plain && bound === undefined)) return undefined;
  const side = bound === 'min' ? 'priceFrom' : 'priceTo';
  return { kind: 'PRICE', filter: { [side]: price.value, currency: price.currency }, end };
}

function range(low: Amount, high: Amount, now: Date): Quantity | undefined {
  const end = high.end;
  // "entre 5 y 8 millones": the first end takes the second's scale, currency and unit.
  let first = low;
  if (low.plain && !high.plain) {
    const scaled = low.value * high.scale;
    first = { ...low, value: scaled, scale: high.scale, currency: high.currency, unit: high.unit, plain: false };
  }
  const from = yearOf(first, now);
  const to = yearOf(high, now);
  if (from !== undefined && to !== undefined) return { kind: 'YEAR', filter: { yearFrom: Math.min(from, to), yearTo: Math.max(from, to) }, end };
  if (first.unit === 'seats' && high.unit === 'seats') {
    const passengersNumber = passengersChoice(first.value, undefined);
    return passengersNumber === undefined ? undefined : { kind: 'PASSENGERS', filter: { passengersNumber }, end };
  }
  if (first.unit !== undefined || high.unit !== undefined) return high.unit === 'km' || high.unit === 'mi' ? single(high, 'max', false, now) : undefined;
  const a = priceOf(first);
  const b = priceOf(high);
  if (!a || !b || (first.plain && high.plain)) return undefined;
  const currency = high.currency ?? first.currency ?? b.currency;
  return { kind: 'PRICE', filter: { priceFrom: Math.min(a.value, b.value), priceTo: Math.max(a.value, b.value), currency }, end };
}

/**
 * The quantity starting at token `index`, with its bound words ("menos de", "hasta", "from"),
 * range words ("entre … y …", "del … al …", "2015-2018") and bound words after it ("2015 en
 * adelante"); undefined when the tokens there are no quantity. A quantity that sets no filter
 * (a mileage's lower bound) is `NONE`: its words are read, and ignored.
 */
export function readQuantity(tokens: readonly Token[], index: number, now: Date): Quantity | undefined {
  // A range: "entre 5 y 8 millones", "del 2014 al 2017", "2015-2018", "2015 a 2018".
  const opener = RANGE_OPENERS.has(at(tokens, index)) ? 1 : 0;
  const low = readAmount(tokens, index + opener);
  if (low) {
    const joiner = at(tokens, low.end);
    if (RANGE_JOINERS.has(joiner) || (opener && PAIR_JOINERS.has(joiner) && at(tokens, index) !== 'de' && at(tokens, index) !== 'del')) {
      const high = readAmount(tokens, low.end + 1);
      const found = high && range(low, high, now);
      if (found) return found;
    }
  }
  for (const prefix of BOUND_PREFIXES) {
    if (!startsWith(tokens, index, prefix.words)) continue;
    const amount = readAmount(tokens, index + prefix.words.length);
    const strict = prefix.bound === 'min' && STRICT_MIN_WORDS.has(prefix.words[0] as string);
    const found = amount && single(amount, prefix.bound, prefix.exclusive === true, now, strict);
    if (found) return found;
  }
  const amount = readAmount(tokens, index);
  if (!amount) return undefined;
  for (const suffix of BOUND_SUFFIXES) {
    if (!startsWith(tokens, amount.end, suffix.words)) continue;
    const found = single(amount, suffix.bound, false, now);
    if (found) return { ...found, end: amount.end + suffix.words.length };
  }
  return single(amount, undefined, false, now);
}
