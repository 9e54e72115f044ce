import { compareSpanish } from '../label';
import hierarchy from './costa-rica-locations.json' with { type: 'json' };

/**
 * Costa Rica's 7 provinces, 84 cantons and 484 districts with their official codes:
 * province "1", canton "101" (province + 2 digits), district "10101" (canton + 2 digits).
 * Place names are proper nouns, the same in both languages.
 */
export interface District {
  readonly code: string;
  readonly name: string;
}
export interface Canton {
  readonly code: string;
  readonly name: string;
  readonly districts: readonly District[];
}
export interface Province {
  readonly code: string;
  readonly name: string;
  readonly cantons: readonly Canton[];
}

/** A code and a name, as a dropdown shows it. */
export interface LocationOption {
  readonly code: string;
  readonly name: string;
}

/**
 * The places of the shared hierarchy as costa-rica-locations.json writes it (a copy of the project's
 * reference file, /work/shared/data/costa-rica-locations.json): `{ provinceCode: [name, { cantonCode:
 * [name, { districtCode: name }] }] }`, each code relative to its parent ("1" is canton 101 inside
 * province 1), in the order of their codes with their full codes (parent plus two digits). A value
 * of another shape fails at load.
 */
function places<T>(entries: unknown, parent: string, read: (value: unknown, code: string) => T): (T & { code: string })[] {
  if (typeof entries !== 'object' || entries === null) throw new Error(`costa-rica-locations.json: the places of "${parent}" are not an object`);
  return Object.entries(entries)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([relative, value]) => {
      const code = parent === '' ? relative : parent + relative.padStart(2, '0');
      return { code, ...read(value, code) };
    });
}

/** A [name, places] pair of the hierarchy, as its name and its places. */
function named(value: unknown, code: string): { name: string; within: unknown } {
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw new Error(`costa-rica-locations.json: ${code} is not [name, places]`);
  return { name: value[0], within: value[1] };
}

function nameOf(value: unknown, code: string): { name: string } {
  if (typeof value !== 'string') throw new Error(`costa-rica-locations.json: ${code} has no name`);
  return { name: value };
}

export const PROVINCES: readonly Province[] = places(hierarchy, '', named).map(({ code, name, within }) => ({
  code,
  name,
  cantons: places(within, code, named).map((canton) => ({ code: canton.code, name: canton.name, districts: places(canton.within, canton.code, nameOf) })),
}));

const provinceByCode = new Map(PROVINCES.map((p) => [p.code, p]));
const cantonByCode = new Map(PROVINCES.flatMap((p) => p.cantons.map((c) => [c.code, c] as const)));
const districtByCode = new Map(PROVINCES.flatMap((p) => p.cantons.flatMap((c) => c.districts.map((d) => [d.code, d] as const))));

export function findProvince(code: string): Province | undefined {
  return provinceByCode.get(code);
}
export function findCanton(code: string): Canton | undefined {
  return cantonByCode.get(code);
}
export function findDistrict(code: string): District | undefined {
  return districtByCode.get(code);
}

/**
 * Where a place is, in words: "Carmen, San José, San José" (district, canton, province), leaving
 * out a code the tables do not know. The listings service answers it as `Opportunity.place`.
 */
export function placeName(place: { province: string; canton: string; district: string }): string {
  return [findDistrict(place.district)?.name, findCanton(place.canton)?.name, findProvince(place.province)?.name]
    .filter((name) => name !== undefined)
    .join(', ');
}

function sortedOptions(items: readonly LocationOption[]): LocationOption[] {
  return items.map(({ code, name }) => ({ code, name })).sort((a, b) => compareSpanish(a.name, b.name));
}

/** Provinces sorted by name with Spanish collation. */
export function provinceOptions(): LocationOption[] {
  return sortedOptions(PROVINCES);
}

/** The cantons of a province sorted by name; empty for an unknown province. */
export function cantonOptions(provinceCode: string): LocationOption[] {
  return sortedOptions(findProvince(provinceCode)?.cantons ?? []);
}

/** The districts of a canton sorted by name; empty for an unknown canton. */
export function districtOptions(cantonCode: string): LocationOption[] {
  return sortedOptions(findCanton(cantonCode)?.districts ?? []);
}

export function cantonBelongsTo(cantonCode: string, provinceCode: string): boolean {
  return findProvince(provinceCode)?.cantons.some((c) => c.code === cantonCode) ?? false;
}

export function districtBelongsTo(districtCode: string, cantonCode: string): boolean {
  return findCanton(cantonCode)?.districts.some((d) => d.code === districtCode) ?? false;
}
