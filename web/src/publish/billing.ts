import { useQuery } from '@apollo/client/react';
import { graphql } from '../../generated/gql';
import type { ConfirmPaymentMutation, MyPlanStatusQuery, OpportunityInvoiceQuery } from '../../generated/gql/graphql';
import { amountOf } from '../prices/amount';
import { useSession } from '../session/session';
import type { InvoiceValues } from './InvoiceFields';
import type { PlanBalance, Prices } from './rules';

/**
 * The billing subgraph's operations the screens use (services/billing/src/schema.graphql), typed by
 * the codegen from the composed supergraph.
 */

interface LevelPrices {
  gold: { amount: string };
  silver: { amount: string };
  bronze: { amount: string };
}

export const LEVEL_PRICE_FIELDS = graphql(`
  fragment LevelPriceFields on LevelPrices {
    gold {
      amount
    }
    silver {
      amount
    }
    bronze {
      amount
    }
  }
`);

export const PRICES = graphql(`
  query Prices {
    prices {
      single {
        ...LevelPriceFields
      }
      inPlan {
        ...LevelPriceFields
      }
      quickApprovalPrice {
        amount
      }
    }
  }
`);

export const MIN_PLAN_QUANTITY = graphql(`
  query MinPlanQuantity {
    minPlanQuantity
    maxPlanQuantity
  }
`);

export const MY_PLAN_STATUS = graphql(`
  query MyPlanStatus {
    myPlanStatus {
      planLevel
      availableOpportunities
      expirationDate: expiresAt
      blocked
    }
  }
`);

export const OPPORTUNITY_INVOICE = graphql(`
  query OpportunityInvoice($opportunityId: ID!) {
    opportunityInvoice(opportunityId: $opportunityId) {
      id
      status
      total {
        ...MoneyFields
      }
      level
      quickApproval
      redirectUrl
      electronicInvoice {
        idType
        identification
        fullname
        address
        email
        phone
        province
        canton
        district
      }
    }
  }
`);

export type AdInvoice = NonNullable<OpportunityInvoiceQuery['opportunityInvoice']>;
export type ElectronicInvoice = NonNullable<AdInvoice['electronicInvoice']>;

/**
 * Settles a just-saved ad. `level` and `autoApproval` are the ones createOpportunity or
 * updateOpportunity answered: billing learns ads from listings' events, which may not have arrived yet.
 */
export const CHECKOUT_OPPORTUNITY = graphql(`
  mutation CheckoutOpportunity($opportunityId: ID!, $invoice: ElectronicInvoiceInput, $level: Level, $autoApproval: Boolean) {
    checkoutOpportunity(opportunityId: $opportunityId, invoice: $invoice, level: $level, autoApproval: $autoApproval) {
      opportunityId
      isPayed
      redirectUrl
      amountDue {
        amount
      }
      coveredByPlan
    }
  }
`);

export const BUY_PLAN = graphql(`
  mutation BuyPlan($plan: PlanInput!, $invoice: ElectronicInvoiceInput) {
    buyPlan(plan: $plan, invoice: $invoice) {
      redirectUrl
      invoice {
        id
        total {
          amount
        }
      }
    }
  }
`);

/** How a payment ended: what the result page shows (and returns to). */
export const PAYMENT_RESULT_FIELDS = graphql(`
  fragment PaymentResultFields on PaymentResult {
    outcome
    invoiceId
    kind
    opportunityId
    total {
      ...MoneyFields
    }
    isPayed
    plan {
      planLevel
      totalOpportunities
    }
  }
`);

export const CONFIRM_PAYMENT = graphql(`
  mutation ConfirmPayment($response: String!) {
    confirmPayment(response: $response) {
      ...PaymentResultFields
    }
  }
`);

/**
 * Where an invoice's payment stands, asked of the payment provider by billing (the return from a
 * provider that sends `?invoice=<id>`, like ONVO Pay); before or after its webhook, the same answer.
 */
export const REFRESH_PAYMENT = graphql(`
  mutation RefreshPayment($invoiceId: ID!) {
    refreshPayment(invoiceId: $invoiceId) {
      ...PaymentResultFields
    }
  }
`);

export type PaymentResult = ConfirmPaymentMutation['confirmPayment'];
type PlanBalanceAnswer = MyPlanStatusQuery['myPlanStatus'][number];

export type ElectronicInvoiceInput = InvoiceValues;

/** The invoice argument: the typed data when an electronic invoice was asked for, else null. */
export function invoiceArgument(electronicInvoice: boolean, invoice: InvoiceValues): ElectronicInvoiceInput | null {
  return electronicInvoice ? { ...invoice } : null;
}

/** The form's values from an invoice's electronic-invoice data. */
export function invoiceValues(data: ElectronicInvoice): InvoiceValues {
  return {
    idType: data.idType,
    identification: data.identification,
    fullname: data.fullname,
    address: data.address,
    email: data.email,
    phone: data.phone,
    province: data.province,
    canton: data.canton,
    district: data.district,
  };
}

export function pricesFrom(data: { single: LevelPrices; inPlan: LevelPrices; quickApprovalPrice: { amount: string } } | undefined): Prices | null {
  if (!data) return null;
  const levels = (prices: LevelPrices) => ({ GOLD: amountOf(prices.gold), SILVER: amountOf(prices.silver), BRONZE: amountOf(prices.bronze) });
  return { single: levels(data.single), inPlan: levels(data.inPlan), quickApproval: amountOf(data.quickApprovalPrice) };
}

/** The balances as the rules read them (no expiry date: never had a plan of that level). */
export function planBalances(data: readonly PlanBalanceAnswer[] | undefined): PlanBalance[] {
  return (data ?? []).map((balance) => ({
    planLevel: balance.planLevel,
    availableOpportunities: balance.availableOpportunities,
    expirationDate: balance.expirationDate ?? null,
    blocked: balance.blocked,
  }));
}

/** Prices (public) and, for a signed-in seller, the plan balances. */
export function usePricesAndBalances() {
  const signedIn = useSession().status === 'signedIn';
  const prices = useQuery(PRICES, { fetchPolicy: 'cache-and-network' });
  const balances = useQuery(MY_PLAN_STATUS, { skip: !signedIn, fetchPolicy: 'network-only' });
  return {
    prices: pricesFrom(prices.data?.prices),
    balances: planBalances(balances.data?.myPlanStatus),
    loading: prices.loading || balances.loading,
  };
}
