import { z } from 'zod';
import { PASSENGER_CHOICES } from '../enums';
import { currencySchema, fuelTypeSchema, styleSchema, transmissionTypeSchema } from '../enum-schemas';
import { nextCalendarYear } from '../format';
import { AD_LIMITS } from './ad';
import { cantonBelongsTo, findProvince } from '../reference/locations';
import { SEARCH_TEXT_MAX_LENGTH } from '../rule-limits';

export { SEARCH_TEXT_MAX_LENGTH };

/** Blank text, null and '' mean "any" in a search filter (legacy clients send them). */
const blankToUndefined = (value: unknown) => (value == null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const optionalText = (key: 'invalidSearchText' | 'invalidModel' | 'invalidBrand' | 'invalidExteriorColor' | 'invalidInteriorColor', max: number) =>
  z.preprocess(blankToUndefined, z.string(key).trim().max(max, key).optional());

const optionalNumber = <T extends z.ZodType<number, number>>(schema: T) =>
  z.preprocess((value) => {
    const blank = blankToUndefined(value);
    if (typeof blank === 'string') return /^\d+(?:\.\d+)?$/.test(blank.trim()) ? Number(blank) : Number.NaN;
    return blank;
  }, schema.optional());

const optionalChoice = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * The search filter of 01 §3 with a free text, as the advanced form, GraphQL and the REST
 * `advanceSearch` body give it. Every field is optional; blank means any; numbers may come as text.
 * Ranges must be ordered; years run from 1900 to next year. `passengersNumber` is "at least" (5 is
 * the "5+" choice; 888 is more than 7).
 */
export function searchFilterSchema(now: Date = new Date()) {
  const maxYear = nextCalendarYear(now);
  let schema = schemasByMaxYear.get(maxYear);
  if (!schema) {
    schema = buildSearchFilterSchema(maxYear);
    schemasByMaxYear.set(maxYear, schema);
  }
  return schema;
}

// Built once per year limit (a search validates its filter on every request; zod schemas are immutable).
const schemasByMaxYear = new Map<number, ReturnType<typeof buildSearchFilterSchema>>();

function buildSearchFilterSchema(maxYear: number) {
  const year = (key: 'invalidYear' | 'invalidYearRange') => optionalNumber(z.number(key).int(key).min(AD_LIMITS.minYear, key).max(maxYear, key));
  const price = optionalNumber(z.number('invalidPriceRange').min(0, 'invalidPriceRange').max(1_000_000_000, 'invalidPriceRange'));
  const cc = optionalNumber(
    z.number('invalidMotorSizeRange').int('invalidMotorSizeRange').min(0, 'invalidMotorSizeRange').max(AD_LIMITS.maxMotorSizeCC, 'invalidMotorSizeRange'),
  );
  return z
    .object({
      text: optionalText('invalidSearchText', SEARCH_TEXT_MAX_LENGTH),
      brand: optionalText('invalidBrand', 60),
      model: optionalText('invalidModel', AD_LIMITS.modelMaxLength),
      style: optionalChoice(styleSchema),
      fuelType: optionalChoice(fuelTypeSchema),
      transmissionType: optionalChoice(transmissionTypeSchema),
      year: year('invalidYear'),
      exteriorColor: optionalText('invalidExteriorColor', 40),
      interiorColor: optionalText('invalidInteriorColor', 40),
      priceFrom: price,
      priceTo: price,
      currency: optionalChoice(currencySchema),
      yearFrom: year('invalidYearRange'),
      yearTo: year('invalidYearRange'),
      mileageMax: optionalNumber(z.number('invalidMileageMax').int('invalidMileageMax').min(0, 'invalidMileageMax')),
      passengersNumber: optionalNumber(z.literal(PASSENGER_CHOICES, 'invalidPassengersNumber')),
      motorSizeCCFrom: cc,
      motorSizeCCTo: cc,
      // Where the car is (issue 13): a province code (1 to 7) and, within it, a canton code (101).
      province: optionalChoice(z.string('invalidProvince').refine((code) => findProvince(code) !== undefined, 'invalidProvince')),
      canton: optionalChoice(z.string('invalidCanton').regex(/^\d{3}$/, 'invalidCanton')),
      // Issue 19: only ads rated a good price or better ("true"/"false" accepted from query strings).
      goodPriceOrBetter: z.preprocess(
        (value) => (value === 'true' ? true : value === 'false' ? false : blankToUndefined(value)),
        z.boolean('invalidGoodPriceFilter').optional(),
      ),
    })
    .superRefine((filter, context) => {
      const order = (from: number | undefined, to: number | undefined, path: string, message: string) => {
        if (from !== undefined && to !== undefined && from > to) context.addIssue({ code: 'custom', path: [path], message });
      };
      order(filter.priceFrom, filter.priceTo, 'priceTo', 'invalidPriceRange');
      order(filter.yearFrom, filter.yearTo, 'yearTo', 'invalidYearRange');
      order(filter.motorSizeCCFrom, filter.motorSizeCCTo, 'motorSizeCCTo', 'invalidMotorSizeRange');
      // A canton needs its province, and must be one of its cantons.
      if (filter.canton !== undefined && (filter.province === undefined || !cantonBelongsTo(filter.canton, filter.province))) {
        context.addIssue({ code: 'custom', path: ['canton'], message: 'invalidCanton' });
      }
    });
}

export type SearchFilterValues = z.output<ReturnType<typeof searchFilterSchema>>;
