import { graphql } from '../../generated/gql';

/** The review queue with its risk scores and reasons (issue 20), riskiest first. */
export const RISK_REVIEW_QUEUE = graphql(`
  query RiskReviewQueue($page: Int!, $orderBy: ReviewQueueOrder, $after: String) {
    reviewQueue(page: $page, orderBy: $orderBy, after: $after) {
      next
      items {
        id
        version
        brand
        model
        year
        level
        status
        queuedAt: queuedSince
        openComplaints
        flagged
        riskScore
        heldFor
        riskReasons {
          reason
          weight
          label
        }
        price {
          amount
          currency
        }
        marketEstimate {
          amount
          currency
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
