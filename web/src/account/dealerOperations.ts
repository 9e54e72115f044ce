import { graphql } from '../../generated/gql';

// A merchant's business page data (issue 13) on the profile screen: read with the seller page's own
// SELLER_INFO query, saved with this one. Every document ships in the generated module every public
// page loads, so the profile adds no query of its own and this answer is small.

export const UPDATE_DEALER_INFO = graphql(`
  mutation UpdateDealerInfo($input: DealerInfoInput!) {
    updateDealerInfo(input: $input) {
      id
    }
  }
`);
