import { graphql } from '../../generated/gql';

/*
 * The search subgraph's operations (services/search/src/schema.graphql), typed by the codegen from
 * the composed supergraph. `AdCardFields` is the catalogue's card fragment, `SearchFilterFields` the
 * filter's (`filterFields.ts`, shared with the saved searches' codegen target).
 */

export type {
  SearchFilterFieldsFragment,
  SearchOpportunitiesQuery,
  SearchOpportunitiesQueryVariables,
  SearchSuggestionsQuery,
  SearchSuggestionKind as SuggestionKind,
} from '../../generated/gql/graphql';

/** A page of results with the facet counts and how the free text was read. */
export const SEARCH_OPPORTUNITIES = graphql(`
  query SearchOpportunities($filter: SearchFilterInput!, $page: Int, $sort: SearchSort) {
    searchOpportunities(filter: $filter, page: $page, sort: $sort) {
      items {
        ...AdCardFields
      }
      totalItems
      page
      totalPages
      facets {
        ...SearchFacetFields
      }
      interpretation {
        ...SearchFilterFields
        droppedWords
        parts {
          kind
          text
          textWithout
        }
      }
      alternatives {
        kind
        totalItems
        filter {
          ...SearchFilterFields
        }
      }
    }
  }
`);

/** At most 10 suggestions for the simple search box. */
export const SEARCH_SUGGESTIONS = graphql(`
  query SearchSuggestions($text: String!) {
    searchSuggestions(text: $text) {
      kind
      label
      filter {
        ...SearchFilterFields
      }
    }
  }
`);
