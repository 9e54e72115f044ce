import type { SearchFilter } from './filter';

/**
 * How many filters of the advanced panel a search applies, as a person counts them: one per field,
 * a range (price, year, engine size) as one, the currency only with its price range, the free
 * text of the search box not at all. The phone's Filters button shows it.
 */
export function activeFilterCount(filter: SearchFilter): number {
  const groups = [
    filter.brand,
    filter.model,
    filter.style,
    filter.fuelType,
    filter.transmissionType,
    filter.year,
    filter.exteriorColor,
    filter.interiorColor,
    filter.priceFrom ?? filter.priceTo,
    filter.yearFrom ?? filter.yearTo,
    filter.mileageMax,
    filter.passengersNumber,
    filter.motorSizeCCFrom ?? filter.motorSizeCCTo,
    filter.goodPriceOrBetter || undefined,
  ];
  return groups.filter((value) => value !== undefined && value !== '').length;
}
