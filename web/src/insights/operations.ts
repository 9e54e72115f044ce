import { graphql } from '../../generated/gql';

/** The funnel's counters over a period (an ad's totals, the similar ads' median). */
export const AD_FUNNEL_FIGURES = graphql(`
  fragment AdFunnelFigures on AdFunnelTotals {
    impressions
    views
    whatsappContacts
    phoneContacts
    favourites
    shares
  }
`);

/** The same counters as whole numbers (an ad's period, asked for as `totals: counts`). */
export const AD_FUNNEL_COUNT_FIGURES = graphql(`
  fragment AdFunnelCountFigures on AdFunnelCounts {
    impressions
    views
    whatsappContacts
    phoneContacts
    favourites
    shares
  }
`);

/** One day of an ad's funnel. */
export const AD_FUNNEL_DAY_FIGURES = graphql(`
  fragment AdFunnelDayFigures on AdFunnelDay {
    day: date
    impressions
    views
    whatsappContacts
    phoneContacts
    favourites
    shares
  }
`);

/** Seller insights (issue 20): every ad of the signed-in seller over 30 days (sparklines, dealer totals, CSV). */
export const MY_AD_INSIGHTS = graphql(`
  query MyAdInsights {
    myAdInsights(days: 30) {
      opportunity {
        ...AdTitleFields
      }
      days {
        ...AdFunnelDayFigures
      }
      totals: counts {
        ...AdFunnelCountFigures
      }
    }
  }
`);

/** One ad's 30-day funnel, the similar ads' median and the hints (the detail view). */
export const AD_INSIGHTS = graphql(`
  query AdInsights($id: ID!) {
    opportunityInsights(opportunityId: $id, days: 30) {
      opportunity {
        id
      }
      days {
        ...AdFunnelDayFigures
      }
      totals: counts {
        ...AdFunnelCountFigures
      }
      similar {
        count
        median {
          ...AdFunnelFigures
        }
      }
      hints {
        code
        value
      }
    }
  }
`);

/** Whether the signed-in account is a dealer (merchant): dealers get the totals and the CSV export. */
export const MY_ACCOUNT_TYPE = graphql(`
  query MyAccountType {
    me {
      id
      userType
    }
  }
`);
