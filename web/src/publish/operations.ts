import { graphql } from '../../generated/gql';

/** The longest seller's description (the AD_DESCRIPTION_MAX_LENGTH global parameter). */
export const AD_DESCRIPTION_MAX_LENGTH = graphql(`
  query AdDescriptionMaxLength {
    adDescriptionMaxLength
  }
`);

/** An ad with every field the wizard edits (owner or admin read: the plate comes too). */
export const AD_TO_EDIT = graphql(`
  query AdToEdit($id: ID!) {
    opportunity(id: $id) {
      ...AdTitleFields
      ...SavedAdFields
      ...AdDetailFields
      fuelType
      transmissionType
      mileage
      mileageUnit
      askingPrice {
        amount
      }
      transferCost {
        amount
      }
      currency
      extraList
      attachmentIds
      phoneList {
        ...PhoneFields
      }
      message
      paymentPending
      isMine
    }
  }
`);

/** What creating or editing an ad answers: where it stands now. */
export const SAVED_AD_FIELDS = graphql(`
  fragment SavedAdFields on Opportunity {
    id
    status
    level
    autoApproval
  }
`);

export const CREATE_OPPORTUNITY = graphql(`
  mutation CreateOpportunity($input: OpportunityInput!, $requestId: String) {
    createOpportunity(input: $input, requestId: $requestId) {
      ...SavedAdFields
    }
  }
`);

export const UPDATE_OPPORTUNITY = graphql(`
  mutation UpdateOpportunity($id: ID!, $input: OpportunityInput!) {
    updateOpportunity(id: $id, input: $input) {
      ...SavedAdFields
    }
  }
`);
