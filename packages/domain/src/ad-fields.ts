import type { Ad } from './validation/ad';

/**
 * The fields of an ad its seller writes (the wizard's steps 1 and 2, as `adSchema` validates them),
 * in the wizard's order: the one list of them. Services copy, compare and audit an ad's fields by it.
 */
export const AD_FIELD_NAMES = [
  'brand',
  'model',
  'year',
  'style',
  'fuelType',
  'transmissionType',
  'motorSizeCC',
  'mileage',
  'mileageUnit',
  'exteriorColor',
  'interiorColor',
  'price',
  'transferPrice',
  'currency',
  'payTaxes',
  'carIdNumber',
  'passengersNumber',
  'province',
  'canton',
  'district',
  'knownDamage',
  'description',
  'extraList',
  'attachmentIds',
  'phoneList',
  'level',
  'message',
  'autoApproval',
] as const satisfies ReadonlyArray<keyof Ad>;
export type AdFieldName = (typeof AD_FIELD_NAMES)[number];

/** The car as the seller wrote it: the validated ad's fields (derived from `adSchema`, never typed again by hand). */
export type AdFields = Pick<Ad, AdFieldName>;

/** Every field of the validated ad is in AD_FIELD_NAMES (a field added to the schema and not here fails the type check). */
export const AD_FIELD_NAMES_COMPLETE: [Exclude<keyof Ad, AdFieldName>] extends [never] ? true : false = true;
