import { graphql } from '../../generated/gql';

/*
 * The search filter's selection, once for every operation that reads a filter: the search's
 * interpretation and alternatives (search/operations.ts) and the saved searches (alerts/operations.ts).
 * Both codegen targets read this module (codegen.ts), so the alert screens' own target knows it too.
 */

/** The filter a search applied (free text parsed, brand and model corrected), or a suggestion's. */
export const SEARCH_FILTER_FIELDS = graphql(`
  fragment SearchFilterFields on SearchFilter {
    text
    brand
    model
    style
    styles
    fuelType
    transmissionType
    year
    exteriorColor
    interiorColor
    priceFrom
    priceTo
    currency
    yearFrom
    yearTo
    mileageMax
    passengersNumber
    motorSizeCCFrom
    motorSizeCCTo
    province
    canton
    goodPriceOrBetter
  }
`);
