import { graphql } from '../../generated/gql';

/** An ad's deal rating as a card shows it (the detail page's evidence adds its range and comparables). */
export const PRICE_RATING_FIELDS = graphql(`
  fragment PriceRatingFields on PriceRating {
    label
    basis
    comparableCount
    estimate {
      amount
    }
    price {
      amount
    }
  }
`);

/** What a miniature card shows. */
export const AD_CARD_FIELDS = graphql(`
  fragment AdCardFields on Opportunity {
    ...AdTitleFields
    fuelType
    transmissionType
    mileage
    mileageUnit
    askingPrice {
      ...MoneyFields
    }
    currency
    extraList
    attachmentIds
    phoneList {
      ...PhoneFields
    }
    level
    message
    isNew
    isFavorite
    isMine
    paymentPending
    rejectionReason
    user {
      id
      fullName
      userType
    }
    place
    priceRating {
      ...PriceRatingFields
    }
    priceDrop {
      droppedBy {
        ...MoneyFields
      }
    }
  }
`);

export const AD_PAGE_FIELDS = graphql(`
  fragment AdPageFields on OpportunityPage {
    items {
      ...AdCardFields
    }
    page
    pageSize
    totalItems
    totalPages
  }
`);

export const HOME_CAROUSEL = graphql(`
  query HomeCarousel {
    homeCarousel {
      ...AdCardFields
    }
  }
`);

export const AVAILABLE_OPPORTUNITIES = graphql(`
  query AvailableOpportunities($page: Int!) {
    availableOpportunities(page: $page) {
      ...AdPageFields
    }
  }
`);

export const SELLER_OPPORTUNITIES = graphql(`
  query SellerOpportunities($sellerId: ID!, $page: Int!, $pageSize: Int) {
    sellerOpportunities(sellerId: $sellerId, page: $page, pageSize: $pageSize) {
      ...AdPageFields
    }
  }
`);

export const SELLER_INFO = graphql(`
  query SellerInfo($sellerId: ID!) {
    sellerInfo(sellerId: $sellerId) {
      fullName
      phones {
        ...PhoneFields
      }
      dealer {
        province
        canton
        district
        provinceName
        cantonName
        districtName
        directions
        hours {
          day
          ranges {
            opens
            closes
          }
        }
        latitude
        longitude
        googleMapsUrl
        wazeUrl
      }
    }
  }
`);

export const MY_OPPORTUNITIES = graphql(`
  query MyOpportunities($status: OpportunityStatus!, $page: Int!) {
    myOpportunities(status: $status, page: $page) {
      ...AdPageFields
    }
  }
`);

/** How many of the seller's ads are in each owner status (My ads opens on the first that has some). */
export const MY_OPPORTUNITY_COUNTS = graphql(`
  query MyOpportunityCounts {
    myOpportunityCounts {
      status
      count
    }
  }
`);

export const MY_WISH_LIST = graphql(`
  query MyWishList($page: Int!, $after: String) {
    myWishList(page: $page, after: $after) {
      ...AdPageFields
      next
    }
  }
`);

export const USER_ACTIVE_OPPORTUNITIES = graphql(`
  query UserActiveOpportunities($userId: ID!, $page: Int!) {
    userActiveOpportunities(userId: $userId, page: $page) {
      ...AdPageFields
    }
  }
`);

/** The ad's own descriptive fields beyond the card: the detail page shows them, the wizard edits them. */
export const AD_DETAIL_FIELDS = graphql(`
  fragment AdDetailFields on Opportunity {
    style
    motorSizeCC
    exteriorColor
    interiorColor
    payTaxes
    carIdNumber
    passengersNumber
    province
    canton
    district
    knownDamage
    description
  }
`);

export const OPPORTUNITY = graphql(`
  query Opportunity($id: ID!) {
    opportunity(id: $id) {
      ...AdCardFields
      ...AdDetailFields
      transferCost {
        ...MoneyFields
      }
      place
      exteriorColorCode
      interiorColorCode
      dateCreated: createdAt
      publishedAt: lastPublishedAt
      viewCount
      ...AdPriceEvidence
    }
  }
`);

/** Issue 19: the fair-price evidence, the time on market and the price history of the detail page. */
export const AD_PRICE_EVIDENCE = graphql(`
  fragment AdPriceEvidence on Opportunity {
    priceRating {
      ...PriceRatingFields
      rangeLow {
        amount
      }
      rangeHigh {
        amount
      }
      differencePercent
      comparablePrices {
        amount
      }
    }
    daysOnMarket
    priceHistory {
      changedAt: occurredAt
      priceBefore {
        ...MoneyFields
      }
      priceAfter {
        ...MoneyFields
      }
    }
    priceDrop {
      droppedBy {
        ...MoneyFields
      }
    }
  }
`);

export const OPPORTUNITY_CONTACT = graphql(`
  query OpportunityContact($id: ID!) {
    opportunityContact(id: $id) {
      fullName
      phones {
        ...PhoneFields
      }
    }
  }
`);

export const STATUS_HISTORY = graphql(`
  query StatusHistory($opportunityId: ID!) {
    statusHistory(opportunityId: $opportunityId) {
      email
      authorKind
      fullName
      status
      statusDate: changedAt
    }
  }
`);

/** Who the signed-in user is, for what the session does not keep: the id and the admin flag. */
export const VIEWER = graphql(`
  query Viewer {
    me {
      id
      isAdmin
      isImpersonalizator
    }
  }
`);

export const INCREMENT_VIEW_COUNT = graphql(`
  mutation IncrementViewCount($opportunityId: ID!) {
    incrementViewCount(opportunityId: $opportunityId)
  }
`);

export const MARK_OPPORTUNITY_SOLD = graphql(`
  mutation MarkOpportunitySold($id: ID!) {
    markOpportunitySold(id: $id) {
      id
      status
    }
  }
`);

export const UPDATE_OPPORTUNITY_STATUS = graphql(`
  mutation UpdateOpportunityStatus($id: ID!, $status: OpportunityStatus!) {
    updateOpportunityStatus(id: $id, status: $status) {
      id
      status
    }
  }
`);

export const ADD_TO_WISH_LIST = graphql(`
  mutation AddToWishList($opportunityId: ID!) {
    addToWishList(opportunityId: $opportunityId) {
      id
      isFavorite
    }
  }
`);

export const REMOVE_FROM_WISH_LIST = graphql(`
  mutation RemoveFromWishList($opportunityId: ID!) {
    removeFromWishList(opportunityId: $opportunityId)
  }
`);

/** The report-ad dialog (moderation's complaints; anybody, visitors too). */
export const REPORT_OPPORTUNITY = graphql(`
  mutation ReportOpportunity($input: ComplaintInput!) {
    reportOpportunity(input: $input) {
      id
    }
  }
`);

/** A WhatsApp contact click (moderation's contact analytics; counted once per client and ad every 5 minutes). */
export const RECORD_CONTACT_CLICK = graphql(`
  mutation RecordContactClick($opportunityId: ID!) {
    recordContactClick(opportunityId: $opportunityId, clickType: CONTACT_SELLER_BY_WHATSAPP) {
      counted
    }
  }
`);

/** Why an ad is no longer public and which car it was (its old link offers similar ones). */
export const UNAVAILABLE_OPPORTUNITY = graphql(`
  query UnavailableOpportunity($id: ID!) {
    unavailableOpportunity(id: $id) {
      id
      reason
      brand
      model
      year
      style
    }
  }
`);

/** A few public ads like a given car (the search service's results, first page; `pageSize` as many as are shown, ITEMS_PER_LIST when left out). */
export const SIMILAR_OPPORTUNITIES = graphql(`
  query SimilarOpportunities($filter: SearchFilterInput!, $pageSize: Int) {
    searchOpportunities(filter: $filter, page: 1, pageSize: $pageSize, sort: RELEVANCE) {
      items {
        ...AdCardFields
      }
      totalItems
    }
  }
`);

/** Colones per dollar (the exchange-rate parameter), for amounts shown in both currencies. */
export const CRC_PER_USD = graphql(`
  query CrcPerUsd {
    crcPerUsd
  }
`);
