import { graphql } from '../../generated/gql';

/**
 * The review queue with its risk scores and reasons (issue 20), riskiest first. A row's own fields are
 * the review screen's too: ReviewQueueItemFields (reviewOperations.ts).
 */
export const RISK_REVIEW_QUEUE = graphql(`
  query RiskReviewQueue($page: Int!, $orderBy: ReviewQueueOrder, $after: String) {
    reviewQueue(page: $page, orderBy: $orderBy, after: $after) {
      next
      items {
        ...ReviewQueueItemFields
        riskReasons {
          reason
          weight
          label
        }
        seller {
          id
          fullName
        }
        opportunity {
          id
          attachmentIds
        }
      }
      page
      totalPages
      totalItems
    }
  }
`);
