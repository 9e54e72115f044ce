import { z } from 'zod';
import { brandCodeSchema, currencySchema, fuelTypeSchema, mileageUnitSchema, styleSchema, transmissionTypeSchema } from '../enum-schemas';
import { nextCalendarYear } from '../format';
import { AD_LIMITS } from './ad';
import { MARKET_PRICE_LIMIT } from '../limits';

/**
 * The car a seller is describing in the ad wizard, to estimate its market range (issue 20's pricing
 * help): brand, model, year and mileage as step 1 checks them; style, fuel and transmission when
 * already chosen (they narrow the comparables). The web asks only once this parses; the search
 * service refuses anything else with the same field messages.
 */
export function marketPriceCarSchema(now: Date = new Date()) {
  return z.object({
    brand: brandCodeSchema,
    model: z.string('invalidModel').trim().min(1, 'invalidModel').max(AD_LIMITS.modelMaxLength, 'invalidModel'),
    year: z.number('invalidYear').int('invalidYear').min(AD_LIMITS.minYear, 'invalidYear').max(nextCalendarYear(now), 'invalidYear'),
    mileage: z.number('invalidMileage').int('invalidMileage').min(0, 'invalidMileage').max(AD_LIMITS.maxMileage, 'invalidMileage'),
    mileageUnit: z.preprocess((value) => value ?? 'KM', mileageUnitSchema),
    style: styleSchema.nullish(),
    fuelType: fuelTypeSchema.nullish(),
    transmissionType: transmissionTypeSchema.nullish(),
    /** The currency to answer in besides colones (the ad's); CRC when left out. */
    currency: z.preprocess((value) => value ?? 'CRC', currencySchema),
  });
}
export type MarketPriceCar = z.output<ReturnType<typeof marketPriceCarSchema>>;

/** Requests for a market range from one client address per minute (the wizard asks once per change of the car). */
export const MARKET_PRICE_REQUESTS_PER_MINUTE = MARKET_PRICE_LIMIT.limit;
