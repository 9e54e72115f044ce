import {
  CURRENCIES,
  FUEL_TYPES,
  MAX_PAGE_NUMBER,
  PASSENGER_CHOICES,
  SEARCH_FILTER_FIELDS,
  SEARCH_FILTER_KEYS,
  searchFilterSchema,
  STYLES,
  TRANSMISSION_TYPES,
  validate,
  type SearchFilterKey,
  type SearchFilterKind,
} from '@ruedas/domain';
import { AD_FIELDS, adSchema, restAd, type GraphAd } from './listings';
import { BadRequest, InvalidFields, type RestRequest, type RestRoute } from './route';
import { pageParameter, restPageSchema } from './pages';

/**
 * `POST /search/advanceSearch` (spec 01 §7): the search filter object of 01 §3 with `pageNumber`,
 * answered with the paginated result (items as legacy ad objects, as the listings paths give them).
 * The body is validated with the domain's search filter schema (blank means any; numbers may come
 * as text); a bad field answers 400 VALIDATION with the translated message and each field's
 * rendered message in `fields` (e.g. the highest year of `invalidYear`). A misspelled `brand` or `model` is corrected by the search service, as for the web.
 * `province` and `canton` (codes, as text or numbers) keep the ads of that place, as GraphQL's filter does.
 */
const OPERATION = `query AdvanceSearch($filter: SearchFilterInput!, $pageNumber: Int!, $sort: SearchSort) {
  searchOpportunities(filter: $filter, pageNumber: $pageNumber, sort: $sort) { items { ${AD_FIELDS} } totalItems perPage pageNumber totalPages }
}`;

interface GraphSearchPage {
  items: GraphAd[];
  totalItems: number;
  perPage: number;
  pageNumber: number;
  totalPages: number;
}

function pageNumberOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 1;
  return pageParameter('pageNumber', value);
}

export function advanceSearchVariables({ body }: RestRequest): Record<string, unknown> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('the body must be the search filter object');
  const { pageNumber, sort, ...filter } = body as Record<string, unknown>;
  // Legacy clients send the location codes as numbers (province 1, canton 101): the same codes as text.
  for (const field of ['province', 'canton'] as const) {
    if (typeof filter[field] === 'number' && Number.isInteger(filter[field])) filter[field] = String(filter[field]);
  }
  const result = validate(searchFilterSchema(), filter);
  if (!result.ok) throw new InvalidFields(result.errors);
  // Issue 19: an optional order (BEST_DEAL: the best deals first); relevance when left out.
  if (sort !== undefined && sort !== null && sort !== '' && !SEARCH_SORTS.includes(sort as (typeof SEARCH_SORTS)[number])) {
    throw new BadRequest(`sort: expected one of ${SEARCH_SORTS.join(', ')}, got ${JSON.stringify(sort)}`);
  }
  return { filter: result.data, pageNumber: pageNumberOf(pageNumber), ...(sort ? { sort } : {}) };
}

/** The orders of `searchOpportunities` (GraphQL `SearchSort`). */
const SEARCH_SORTS = ['RELEVANCE', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'YEAR_DESC', 'YEAR_ASC', 'MILEAGE_ASC', 'BEST_DEAL'] as const;

/** Each kind of filter field as JSON Schema (the legacy body: location codes as text or numbers). */
const KIND_SCHEMAS: Record<SearchFilterKind, Record<string, unknown>> = {
  text: { type: 'string' },
  amount: { type: 'number' },
  integer: { type: 'integer' },
  year: { type: 'integer' },
  passengers: { type: 'integer', enum: [...PASSENGER_CHOICES] },
  style: { type: 'string', enum: [...STYLES] },
  fuelType: { type: 'string', enum: [...FUEL_TYPES] },
  transmissionType: { type: 'string', enum: [...TRANSMISSION_TYPES] },
  currency: { type: 'string', enum: [...CURRENCIES] },
  province: { type: ['string', 'integer'] },
  canton: { type: ['string', 'integer'] },
  flag: { type: 'boolean' },
};

/** What the REST body's fields mean where their name does not say it all (the fields are the domain's). */
const DESCRIPTIONS: Partial<Record<SearchFilterKey, string>> = {
  text: 'Free text, read as the simple search box reads it (issue 27: brand, model, years and ranges, prices in colones or dollars, places, seats, mileage; "usado" and the like ignored; not in the legacy filter; optional)',
  brand: 'Brand code (TOYOTA) or name, typo-tolerant',
  model: 'Model, typo-tolerant',
  exteriorColor: 'A colour in Spanish or English (negro, black) or its code (BLACK)',
  currency: 'Currency of priceFrom / priceTo (CRC when empty); matched against the price normalised to CRC',
  passengersNumber: '2, 3, 4 exactly; 5 means 5 or more; 7 means 7 or more; 888 more than 7',
  motorSizeCCTo: '10000 (the top of the range) has no upper bound',
  province: 'Province code where the car is, 1 to 7 (1 San José ... 7 Limón); text or number',
  canton: 'Canton code within that province (e.g. 101 San José, 201 Alajuela); needs province; text or number',
  goodPriceOrBetter: 'Issue 19: only ads whose fair-price label is GOOD or GREAT (not in the legacy filter; optional)',
};

const filterSchema = {
  type: 'object',
  description: 'The search filter of spec 01 §3; every field optional, blank or null means any; numbers may be text.',
  properties: {
    pageNumber: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER, description: 'From 1 (default 1)' },
    ...Object.fromEntries(
      SEARCH_FILTER_KEYS.map((key) => {
        const description = DESCRIPTIONS[key];
        return [key, { ...KIND_SCHEMAS[SEARCH_FILTER_FIELDS[key].kind], ...(description ? { description } : {}) }];
      }),
    ),
    sort: {
      type: 'string',
      enum: [...SEARCH_SORTS],
      description: 'Issue 19: the order (not in the legacy filter; RELEVANCE when empty); BEST_DEAL puts the lowest price against the estimate first',
    },
  },
};

export const searchRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/search/advanceSearch',
    tag: 'search',
    summary: 'Advanced search of the public ads: the filter object with pageNumber; answers a page of ads (relevance, then newest)',
    protected: false,
    operation: OPERATION,
    variables: advanceSearchVariables,
    respond: (data) => {
      const page = data.searchOpportunities as GraphSearchPage;
      return { items: page.items.map(restAd), totalItems: page.totalItems, perPage: page.perPage, pageNumber: page.pageNumber, totalPages: page.totalPages };
    },
    requestSchema: filterSchema,
    responseSchema: restPageSchema(adSchema),
  },
];
