import { compareSpanish } from '../label';
import { PROVINCES } from './locations-data';

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

export { PROVINCES };

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
