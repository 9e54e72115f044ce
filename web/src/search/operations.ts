import type { TypedDocumentNode } from '@apollo/client';
import { parse, print } from 'graphql';
import type { AdCardFieldsFragment, Currency, FuelType, Style, TransmissionType } from '../../generated/gql/graphql';
import { AD_CARD_FIELDS } from '../catalogue/operations';
import type { SearchSortName } from './address';
import type { SearchFilter } from './filter';

/*
 * The search subgraph's operations. They are parsed here rather than written with the generated
 * `graphql()` so that the app builds before the search subgraph is part of the checked-in
 * supergraph; the types below follow services/search/src/schema.graphql.
 * TODO(search): move them to `graphql()` once the supergraph has the search subgraph.
 */

/** The filter a search applied (free text parsed, brand and model corrected), or a suggestion's. */
export interface SearchFilterFieldsFragment {
  __typename?: 'SearchFilter';
  text?: string | null;
  brand?: string | null;
  model?: string | null;
  style?: Style | null;
  styles?: Style[] | null;
  fuelType?: FuelType | null;
  transmissionType?: TransmissionType | null;
  year?: number | null;
  exteriorColor?: string | null;
  interiorColor?: string | null;
  priceFrom?: number | null;
  priceTo?: number | null;
  currency?: Currency | null;
  yearFrom?: number | null;
  yearTo?: number | null;
  mileageMax?: number | null;
  passengersNumber?: number | null;
  motorSizeCCFrom?: number | null;
  motorSizeCCTo?: number | null;
}

export interface SearchOpportunitiesQuery {
  searchOpportunities: {
    __typename?: 'SearchPage';
    items: AdCardFieldsFragment[];
    totalItems: number;
    perPage: number;
    pageNumber: number;
    totalPages: number;
    facets: Array<{ __typename?: 'SearchFacet'; field: string; values: Array<{ __typename?: 'SearchFacetValue'; value: string; count: number }> }>;
    interpretation: SearchFilterFieldsFragment;
  };
}

export interface SearchOpportunitiesQueryVariables {
  filter: SearchFilter;
  pageNumber?: number;
  sort?: SearchSortName;
}

export type SuggestionKind = 'BRAND' | 'MODEL' | 'QUERY';

export interface SearchSuggestionsQuery {
  searchSuggestions: Array<{ __typename?: 'SearchSuggestion'; kind: SuggestionKind; label: string; filter: SearchFilterFieldsFragment }>;
}

const FILTER_FIELDS = `
  fragment SearchFilterFields on SearchFilter {
    text brand model style styles fuelType transmissionType year exteriorColor interiorColor
    priceFrom priceTo currency yearFrom yearTo mileageMax passengersNumber motorSizeCCFrom motorSizeCCTo
  }
`;

/** A page of results with the facet counts and how the free text was read. */
export const SEARCH_OPPORTUNITIES: TypedDocumentNode<SearchOpportunitiesQuery, SearchOpportunitiesQueryVariables> = parse(`
  query SearchOpportunities($filter: SearchFilterInput!, $pageNumber: Int, $sort: SearchSort) {
    searchOpportunities(filter: $filter, pageNumber: $pageNumber, sort: $sort) {
      items { ...AdCardFields }
      totalItems
      perPage
      pageNumber
      totalPages
      facets { field values { value count } }
      interpretation { ...SearchFilterFields }
    }
  }
  ${print(AD_CARD_FIELDS)}
  ${FILTER_FIELDS}
`);

/** At most 10 suggestions for the simple search box. */
export const SEARCH_SUGGESTIONS: TypedDocumentNode<SearchSuggestionsQuery, { text: string }> = parse(`
  query SearchSuggestions($text: String!) {
    searchSuggestions(text: $text) {
      kind
      label
      filter { ...SearchFilterFields }
    }
  }
  ${FILTER_FIELDS}
`);
