import { graphql } from '../../generated/gql';

/** Refunds of cancelled payments (billing, administrators), oldest first, one page; both statuses when `status` is null. */
export const REFUNDS = graphql(`
  query Refunds($status: RefundStatus, $page: Int!) {
    refundPage(status: $status, page: $page) {
      page
      totalPages
      totalItems
      items {
        id
        status
        total {
          amount
          currency
        }
        recordedAt
        carriedOutAt
        invoice {
          id
          codigoint
          opportunityId
          paymentMethod
          user {
            id
            fullName
            email
          }
        }
      }
    }
  }
`);

export const MARK_REFUND_DONE = graphql(`
  mutation MarkRefundDone($refundId: ID!) {
    markRefundDone(refundId: $refundId) {
      id
      status
      carriedOutAt
    }
  }
`);
