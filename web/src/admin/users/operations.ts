import { graphql } from '../../../generated/gql';

/** A page of the users list (identity; administrators and impersonators). */
export const USERS = graphql(`
  query AdminUsers($filter: String, $sort: UserSort, $page: Int!, $after: String) {
    users(filter: $filter, sort: $sort, page: $page, after: $after) {
      next
      items {
        id
        name
        lastName
        lastName2
        merchantName
        email
        userType
        role
        status
        dateCreated: createdAt
      }
      totalItems
      page
      totalPages
    }
  }
`);

/** Every field of one user, for the admin edit. */
export const ADMIN_USER = graphql(`
  query AdminUser($id: ID!) {
    user(id: $id) {
      id
      fullName
      ...UserPersonFields
      idType
      identification
      role
      status
      impersonal
      dateCreated: createdAt
    }
  }
`);

export const ADMIN_UPDATE_USER = graphql(`
  mutation AdminUpdateUser($input: AdminUserInput!) {
    adminUpdateUser(input: $input) {
      ...UserContactFields
      role
      status
    }
  }
`);

export const IMPERSONAL_REGISTER = graphql(`
  mutation ImpersonalRegister($input: ImpersonalRegistrationInput!) {
    impersonalRegister(input: $input) {
      ...UserContactFields
    }
  }
`);

/** Every ad of a user in any status (listings, administrators). */
export const USER_OPPORTUNITIES_ADMIN = graphql(`
  query UserOpportunitiesAdmin($userId: ID!, $page: Int!) {
    userOpportunities(userId: $userId, page: $page) {
      ...AdPageFields
      items {
        id
        dateCreated: createdAt
        paymentPending
      }
    }
  }
`);
