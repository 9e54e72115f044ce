import { graphql } from '../../generated/gql';

/** A global parameter with its rule and label. */
export const GLOBAL_PARAMETER_FIELDS = graphql(`
  fragment GlobalParameterFields on GlobalParameter {
    id
    label
    quantity
    defaultValue
    min
    max
    integer
    unit
  }
`);

/** Every global parameter with its rule, labelled in the request's language (moderation). */
export const GLOBAL_PARAMETERS = graphql(`
  query GlobalParameters {
    globalParameters {
      ...GlobalParameterFields
    }
  }
`);

export const UPDATE_GLOBAL_PARAMETERS = graphql(`
  mutation UpdateGlobalParameters($parameters: [GlobalParameterInput!]!) {
    updateGlobalParameters(parameters: $parameters) {
      ...GlobalParameterFields
    }
  }
`);

/** Unresolved complaints, newest first, with the ad they are about. */
export const UNRESOLVED_COMPLAINTS = graphql(`
  query UnresolvedComplaints($page: Int!, $after: String) {
    complaints(resolved: false, page: $page, after: $after) {
      next
      items {
        id
        opportunityId
        category
        categoryLabel
        details
        dateCreated: createdAt
        ad {
          id
          brand
          model
          year
          status
        }
      }
      page
      totalItems
      totalPages
    }
  }
`);

export const RESOLVE_COMPLAINT = graphql(`
  mutation ResolveComplaint($id: ID!, $outcome: ComplaintOutcome) {
    resolveComplaint(id: $id, outcome: $outcome) {
      id
      resolved
      outcome
    }
  }
`);

/** The ads of one status (listings, admin). */
export const OPPORTUNITIES_BY_STATUS = graphql(`
  query OpportunitiesByStatus($status: OpportunityStatus!, $page: Int!) {
    opportunitiesByStatus(status: $status, page: $page) {
      items {
        ...AdTitleFields
        level
        paymentPending
        dateCreated: createdAt
        user {
          id
          fullName
        }
      }
      page
      totalItems
      totalPages
    }
  }
`);

/** The review queue (moderation): which ads wait for a decision, and their complaint flag. */
export const REVIEW_QUEUE = graphql(`
  query ReviewQueue($page: Int!) {
    reviewQueue(page: $page) {
      items {
        id
        openComplaints
        flagged
      }
      page
      totalPages
    }
  }
`);

export const APPROVE_OPPORTUNITY = graphql(`
  mutation ApproveOpportunity($id: ID!) {
    approveOpportunity(id: $id) {
      reviewId
      decision
    }
  }
`);

export const REJECT_OPPORTUNITY = graphql(`
  mutation RejectOpportunity($id: ID!, $reason: String!) {
    rejectOpportunity(id: $id, reason: $reason) {
      reviewId
      decision
    }
  }
`);

/** The audit trail of staff actions, newest first, filtered (moderation; administrators). */
export const STAFF_ACTIONS_TRAIL = graphql(`
  query StaffActions($filter: StaffActionFilter, $page: Int, $after: String) {
    staffActions(filter: $filter, page: $page, after: $after) {
      next
      items {
        id
        at: performedAt
        action
        actor {
          id
          email
          fullName
          role
        }
        targetType
        targetId
        targetLabel
        before
        after
      }
      page
      pageSize
      totalItems
      totalPages
    }
  }
`);
