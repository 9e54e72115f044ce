import { graphql } from './generated';

// Another team's operations, written against the published schema and typed by its codegen
// (`npm run schema:types -w @ruedas/gateway`): a typo in a field or a variable fails the type check.

/** Public ads found by a search, with the page vocabulary, money and facets. */
export const PARTNER_SEARCH = graphql(`
  query PartnerSearch($filter: SearchFilterInput!, $page: Int, $pageSize: Int) {
    searchOpportunities(filter: $filter, page: $page, pageSize: $pageSize) {
      page
      pageSize
      totalItems
      totalPages
      items {
        id
        brand
        model
        year
        askingPrice {
          amount
          currency
        }
        lastPublishedAt
        photos {
          url
        }
        user {
          fullName
          email
        }
      }
      facets {
        key
        values {
          value
          number
          count
        }
      }
    }
  }
`);

/** Signs in. */
export const PARTNER_LOGIN = graphql(`
  mutation PartnerLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      validUntil
    }
  }
`);

/** An administrator's purchases report and dashboard period: Date arguments, Money and Date answers. */
export const PARTNER_PURCHASES = graphql(`
  query PartnerPurchases($firstDay: Date!, $lastDay: Date!) {
    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {
      userId
      opportunities {
        paid {
          amount
          currency
        }
      }
    }
    dashboard(firstDay: $firstDay, lastDay: $lastDay) {
      periodData {
        firstDay
        lastDay
        chartSeries {
          paid {
            days
            data
          }
        }
      }
      generalData {
        revenue {
          amount
          currency
        }
      }
    }
  }
`);
