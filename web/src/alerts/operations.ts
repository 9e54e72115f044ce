import { graphql } from '../../generated/alerts-gql';

/*
 * Saved searches (search subgraph) and alerts on favourites (listings subgraph), issue 19. Typed by
 * their own codegen target (generated/alerts-gql), so only the alert chunks carry them (decision 0064).
 */

export const SAVED_SEARCH_FIELDS = graphql(`
  fragment SavedSearchFields on SavedSearch {
    id
    name
    frequency
    paused
    createdAt: savedAt
    alertsSent
    filter {
      ...SearchFilterFields
    }
  }
`);

export const MY_SAVED_SEARCHES = graphql(`
  query MySavedSearches {
    mySavedSearches {
      ...SavedSearchFields
    }
  }
`);

export const SAVE_SEARCH = graphql(`
  mutation SaveSearch($input: SavedSearchInput!) {
    saveSearch(input: $input) {
      ...SavedSearchFields
    }
  }
`);

export const UPDATE_SAVED_SEARCH = graphql(`
  mutation UpdateSavedSearch($id: ID!, $change: SavedSearchChangeInput!) {
    updateSavedSearch(id: $id, change: $change) {
      ...SavedSearchFields
    }
  }
`);

export const DELETE_SAVED_SEARCH = graphql(`
  mutation DeleteSavedSearch($id: ID!) {
    deleteSavedSearch(id: $id)
  }
`);

/** The favourites' alert settings, as each of their operations answers them. */
export const FAVOURITE_ALERTS_FIELDS = graphql(`
  fragment FavouriteAlertsFields on FavouriteAlertSettings {
    allFavourites
    paused
    chosen
  }
`);

export const MY_FAVOURITE_ALERTS = graphql(`
  query MyFavouriteAlerts {
    myFavouriteAlerts {
      ...FavouriteAlertsFields
    }
  }
`);

export const SET_FAVOURITE_ALERTS = graphql(`
  mutation SetFavouriteAlerts($allFavourites: Boolean, $paused: Boolean) {
    setFavouriteAlerts(allFavourites: $allFavourites, paused: $paused) {
      ...FavouriteAlertsFields
    }
  }
`);

export const SET_FAVOURITE_ALERT = graphql(`
  mutation SetFavouriteAlert($opportunityId: ID!, $enabled: Boolean!) {
    setFavouriteAlert(opportunityId: $opportunityId, enabled: $enabled) {
      ...FavouriteAlertsFields
    }
  }
`);
