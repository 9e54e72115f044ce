import { graphql } from '../../generated/gql';

/*
 * The selections several features' operations share (issue 34): each written once here and spread
 * by name (`...MoneyFields`) in the operations of catalogue/, publish/, reports/, account/, admin/
 * and search/. The codegen puts each fragment's definition into every document that spreads it.
 * Fragments of one feature stay in its operations (`AdCardFields`, `SavedSearchFields`...); the
 * search filter's is in search/filterFields.ts (read by both codegen targets).
 */

/** An amount of money in its currency (prices, drops, invoice totals). */
export const MONEY_FIELDS = graphql(`
  fragment MoneyFields on Money {
    amount
    currency
  }
`);

/** A phone number and its kind (an account's, an ad's, a seller's). */
export const PHONE_FIELDS = graphql(`
  fragment PhoneFields on Phone {
    phone
    phoneType
  }
`);

/** Who a user is and how to reach them by mail (the admin's and the reports' screens). */
export const USER_CONTACT_FIELDS = graphql(`
  fragment UserContactFields on User {
    id
    fullName
    email
  }
`);

/** Which car an ad is and where it stands (a card, a row of a list, a heading, the wizard). */
export const AD_TITLE_FIELDS = graphql(`
  fragment AdTitleFields on Opportunity {
    id
    brand
    model
    year
    status
  }
`);

/** A search facet's counts (the results' filters, the wizard's model proposals). */
export const SEARCH_FACET_FIELDS = graphql(`
  fragment SearchFacetFields on SearchFacet {
    key
    values {
      value
      count
    }
  }
`);
