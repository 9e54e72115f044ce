import type { FuelType, Style, TransmissionType } from './enums';
import { findBrand } from './reference/brands';
import { findColour } from './reference/colours';
import { findCanton, findProvince } from './reference/locations';
import type { InterpretedFilter } from './search-interpreter';

/**
 * A search interpretation written back as one canonical Spanish phrase (issue 27): what popular
 * queries are counted and offered as, never somebody's own text. The interpreter reads the phrase
 * back to the same filter: "Toyota Corolla 2014-2017 automático hasta 10 millones en San José".
 * Undefined when the filter holds something the phrase cannot say (two styles that are no family).
 */

const TRANSMISSION: Record<TransmissionType, string> = { AUTOMATIC: 'automático', MANUAL: 'manual', TIPTRONIC: 'tiptronic' };
const FUEL: Record<FuelType, string> = { GASOLINE: 'gasolina', DIESEL: 'diésel', HYBRID: 'híbrido', ELECTRIC: 'eléctrico', LPG: 'gas lp' };
const STYLE: Record<Style, string> = {
  SEDAN: 'sedán',
  HATCHBACK: 'hatchback',
  COUPE: 'coupé',
  CONVERTIBLE: 'convertible',
  VAN: 'microbús',
  PANEL: 'panel',
  CAMION: 'camión',
  TODO_TERRENO_4X4: 'todo terreno 4x4',
  TODO_TERRENO_4X2: 'todo terreno 4x2',
  PICK_UP_4X4: 'pick up 4x4',
  PICK_UP_4X2: 'pick up 4x2',
};
/** Two styles the words name together. */
const STYLE_PAIRS: Record<string, string> = {
  'TODO_TERRENO_4X2 TODO_TERRENO_4X4': 'todo terreno',
  'PICK_UP_4X2 PICK_UP_4X4': 'pick up',
  'PICK_UP_4X4 TODO_TERRENO_4X4': '4x4',
  'PICK_UP_4X2 TODO_TERRENO_4X2': '4x2',
};

function money(amount: number, currency: string | undefined): string {
  if (currency === 'USD') return `$${amount}`;
  return amount % 100_000 === 0 && amount >= 1_000_000 ? `${amount / 1_000_000} millones` : `₡${amount}`;
}

function styleWords(filter: InterpretedFilter): string | undefined | null {
  const styles = filter.styles ?? (filter.style ? [filter.style] : []);
  if (styles.length === 0) return null;
  if (styles.length === 1) return STYLE[styles[0] as Style];
  return STYLE_PAIRS[[...styles].sort().join(' ')];
}

/** The canonical phrase of a filter read from a text (brand, model, year or range, gearbox, fuel, style, colour, price, seats, mileage, place). */
export function canonicalSearchText(filter: InterpretedFilter): string | undefined {
  const words: string[] = [];
  if (filter.brand) words.push(findBrand(filter.brand)?.label.es ?? filter.brand);
  if (filter.model) words.push(filter.model);
  if (filter.year !== undefined) words.push(String(filter.year));
  else if (filter.yearFrom !== undefined && filter.yearTo !== undefined) words.push(`${filter.yearFrom}-${filter.yearTo}`);
  else if (filter.yearFrom !== undefined) words.push(`desde ${filter.yearFrom}`);
  else if (filter.yearTo !== undefined) words.push(`hasta ${filter.yearTo}`);
  if (filter.transmissionType) words.push(TRANSMISSION[filter.transmissionType]);
  if (filter.fuelType) words.push(FUEL[filter.fuelType]);
  const style = styleWords(filter);
  if (style === undefined) return undefined;
  if (style) words.push(style);
  if (filter.exteriorColor) {
    const colour = findColour(filter.exteriorColor);
    if (!colour) return undefined;
    words.push(colour.label.es.toLowerCase());
  }
  const { priceFrom, priceTo, currency } = filter;
  if (priceFrom !== undefined && priceTo !== undefined) words.push(`entre ${money(priceFrom, currency)} y ${money(priceTo, currency)}`);
  else if (priceTo !== undefined) words.push(`hasta ${money(priceTo, currency)}`);
  else if (priceFrom !== undefined) words.push(`desde ${money(priceFrom, currency)}`);
  if (filter.passengersNumber !== undefined) words.push(filter.passengersNumber === 888 ? 'más de 7 pasajeros' : `${filter.passengersNumber} pasajeros`);
  if (filter.mileageMax !== undefined) words.push(`hasta ${filter.mileageMax} km`);
  const place = filter.canton ? findCanton(filter.canton)?.name : filter.province ? findProvince(filter.province)?.name : undefined;
  if (place) words.push(`en ${place}`);
  return words.length > 0 ? words.join(' ') : undefined;
}
