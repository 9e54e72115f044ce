import { graphql } from '../../generated/gql';

/** A queued ad's version and complaint flag: what /opportunityAdministration reads of the queue (operations.ts). */
export const REVIEW_FLAG_FIELDS = graphql(`
  fragment ReviewFlagFields on ReviewQueueItem {
    version
    openComplaints
    flagged
  }
`);

/**
 * What the queue's rows (riskOperations.ts) and the review screen both read of a queued ad: which ad
 * and version, its level and status, since when it waits, its complaints, risk and hold, its price
 * and the market's. Written once (decision 0192).
 */
export const REVIEW_QUEUE_ITEM_FIELDS = graphql(`
  fragment ReviewQueueItemFields on ReviewQueueItem {
    id
    ...ReviewFlagFields
    brand
    model
    year
    level
    status
    queuedAt: queuedSince
    riskScore
    heldFor
    price {
      ...MoneyFields
    }
    marketEstimate {
      ...MoneyFields
    }
  }
`);

/** One ad of the review queue with what an administrator weighs (issue 31): photos, price and market, seller, evidence. */
export const REVIEW_ITEM = graphql(`
  query ReviewItem($id: ID!) {
    reviewQueueItem(id: $id) {
      ...ReviewQueueItemFields
      seller {
        id
        fullName
        email
        memberSince
        adCount
        publicAdCount
        rejectedAdCount
        openComplaints
      }
      evidence {
        reason
        weight
        label
        otherAds {
          id
          brand
          model
          year
          status
          sellerName
        }
        matchedWords
        sharedPhoneAccounts
        adsOfNewAccount
        percentBelowEstimate
      }
      opportunity {
        id
        attachmentIds
        description
        message
        knownDamage
        askingPrice {
          amount
          currency
        }
        mileage
        mileageUnit
      }
    }
  }
`);

/** Approves the version of the ad the administrator saw (issue 28: refused in words when it changed since). */
export const APPROVE_SEEN = graphql(`
  mutation ApproveSeen($id: ID!, $version: Int!) {
    approveOpportunity(id: $id, version: $version) {
      reviewId
      decision
    }
  }
`);

/** Rejects the version of the ad the administrator saw, with the reason mailed to the owner. */
export const REJECT_SEEN = graphql(`
  mutation RejectSeen($id: ID!, $reason: String!, $version: Int!) {
    rejectOpportunity(id: $id, reason: $reason, version: $version) {
      reviewId
      decision
    }
  }
`);
