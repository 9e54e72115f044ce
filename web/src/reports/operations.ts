import { graphql } from '../../generated/gql';

/** One block of a user's purchases: the ads settled or the plans bought in the period. */
export const PURCHASE_BLOCK_FIELDS = graphql(`
  fragment PurchaseBlockFields on PurchaseBlock {
    userFullName
    paid {
      amount
    }
    totalPurchasesQuantity
    goldQuantity
    goldPaid {
      amount
    }
    silverQuantity
    silverPaid {
      amount
    }
    bronzeQuantity
    bronzePaid {
      amount
    }
    freeQuantity
  }
`);

/** Purchases per user between two Costa Rica days (billing, admins). */
export const USER_PURCHASES = graphql(`
  query UserPurchases($firstDay: Date!, $lastDay: Date!) {
    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {
      userId
      user {
        ...UserContactFields
      }
      opportunities {
        ...PurchaseBlockFields
      }
      plans {
        ...PurchaseBlockFields
      }
    }
  }
`);

/** A user's invoices, newest first (billing, admins), and who the user is (identity). */
export const USER_INVOICES = graphql(`
  query UserInvoices($userId: ID!) {
    user(id: $userId) {
      ...UserContactFields
    }
    userInvoices(userId: $userId) {
      id
      codigoint
      kind
      opportunityId
      plan {
        planLevel
        totalOpportunities
      }
      level
      quickApproval
      total {
        ...MoneyFields
      }
      status
      paymentMethod
      refnum
      creationDate: createdAt
      paidAt: paymentReceivedAt
      electronicInvoice {
        fullname
        identification
      }
    }
  }
`);

/** Counts of ads in a dashboard summary. */
export const DASHBOARD_ADS = graphql(`
  fragment DashboardAds on DashboardAdsSummary {
    totalCreated
    totalFree
    totalPaid
    totalGoldLevel
    totalSilverLevel
    totalBronzeLevel
    immediateApproval
  }
`);

export const DASHBOARD_PLANS = graphql(`
  fragment DashboardPlans on DashboardPlanCount {
    totalCreated
    totalOpportunities
    totalGoldLevel
    totalSilverLevel
    totalBronzeLevel
  }
`);

/** One dashboard summary (general data, or a period's). */
export const DASHBOARD_FIGURES = graphql(`
  fragment DashboardFigures on DashboardSummary {
    revenue {
      amount
    }
    opportunitiesSummary {
      ...DashboardAds
    }
    inPlanOpportunitiesSummary {
      ...DashboardAds
    }
    paidOpportunitiesSummary {
      ...DashboardAds
    }
    plansSummary {
      paidPlans {
        ...DashboardPlans
      }
      sponsoredPlans {
        ...DashboardPlans
      }
    }
    renewingSummary {
      pending
      expired
    }
    usersSummary {
      totalCreated
      organic
      impersonalSummary {
        totalRegistered
        totalConfirmed
        totalNoConfirmed
      }
    }
  }
`);

/** The dashboard of moderation: all-time figures and a period's (admins). */
export const DASHBOARD = graphql(`
  query Dashboard($from: Date, $to: Date) {
    dashboard(firstDay: $from, lastDay: $to) {
      generalData {
        ...DashboardFigures
      }
      periodData {
        from: firstDay
        to: lastDay
        summary {
          ...DashboardFigures
        }
        chartSeries {
          free {
            labels: days
            data
          }
          paid {
            labels: days
            data
          }
        }
        totalReportedOpportunities
        searches
        usersPurchases
        activityFrom
        clickedOpportunities {
          opportunityId
          brand
          model
          year
          clicks
        }
        topBrandModelSearches {
          brand
          model
          searches
        }
        countedOpportunitiesByBrand {
          brand
          total
        }
      }
    }
  }
`);
