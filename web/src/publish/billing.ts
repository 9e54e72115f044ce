import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { IdType, InvoiceData, Level, PlanLevel } from '@ruedas/domain';
import { parse } from 'graphql';
import { useSession } from '../session/session';
import type { InvoiceValues } from './InvoiceFields';
import type { PlanBalance, Prices } from './rules';

/**
 * The billing subgraph's operations the screens use (services/billing/src/schema.graphql).
 * Typed by hand until the billing subgraph is in the composed supergraph the codegen reads.
 */
const typed = <R, V>(source: string) => parse(source) as TypedDocumentNode<R, V>;

interface LevelPrices {
  goldLevel: number;
  silverLevel: number;
  bronzeLevel: number;
}

export const PRICES = typed<{ prices: { single: LevelPrices; inPlan: LevelPrices; quickApproval: number } }, Record<string, never>>(`
  query Prices {
    prices {
      single { goldLevel silverLevel bronzeLevel }
      inPlan { goldLevel silverLevel bronzeLevel }
      quickApproval
    }
  }
`);

export const MIN_PLAN_QUANTITY = typed<{ minPlanQuantity: number; maxPlanQuantity: number }, Record<string, never>>(`
  query MinPlanQuantity {
    minPlanQuantity
    maxPlanQuantity
  }
`);

export const MY_PLAN_STATUS = typed<{ myPlanStatus: PlanBalance[] }, Record<string, never>>(`
  query MyPlanStatus {
    myPlanStatus { planLevel availableOpportunities expirationDate blocked }
  }
`);

export interface ElectronicInvoice extends InvoiceData {
  idType: IdType;
}

export type InvoiceStatus = 'NEW' | 'TRANSFER_PENDING' | 'PAID' | 'VOID' | 'CANCELLED';

export interface AdInvoice {
  id: string;
  status: InvoiceStatus;
  amount: number;
  level: Level;
  quickApproval: boolean;
  redirectUrl: string | null;
  electronicInvoice: ElectronicInvoice | null;
}

export const OPPORTUNITY_INVOICE = typed<{ opportunityInvoice: AdInvoice | null }, { opportunityId: string }>(`
  query OpportunityInvoice($opportunityId: ID!) {
    opportunityInvoice(opportunityId: $opportunityId) {
      id status amount level quickApproval redirectUrl
      electronicInvoice { idType identification fullname address email phone province canton district }
    }
  }
`);

export interface CheckoutResult {
  opportunityId: string;
  isPayed: boolean;
  redirectUrl: string | null;
  total: number;
  coveredByPlan: boolean;
}

export const CHECKOUT_OPPORTUNITY = typed<{ checkoutOpportunity: CheckoutResult }, { opportunityId: string; invoice: ElectronicInvoiceInput | null }>(`
  mutation CheckoutOpportunity($opportunityId: ID!, $invoice: ElectronicInvoiceInput) {
    checkoutOpportunity(opportunityId: $opportunityId, invoice: $invoice) {
      opportunityId isPayed redirectUrl total coveredByPlan
    }
  }
`);

export const BUY_PLAN = typed<
  { buyPlan: { redirectUrl: string; invoice: { id: string; amount: number } } },
  { plan: { planLevel: PlanLevel; totalOpportunities: number }; invoice: ElectronicInvoiceInput | null }
>(`
  mutation BuyPlan($plan: PlanInput!, $invoice: ElectronicInvoiceInput) {
    buyPlan(plan: $plan, invoice: $invoice) {
      redirectUrl
      invoice { id amount }
    }
  }
`);

export type PaymentOutcome = 'APPROVED' | 'DECLINED' | 'CANCELLED';

export interface PaymentResult {
  outcome: PaymentOutcome;
  invoiceId: string;
  kind: 'OPPORTUNITY' | 'PLAN';
  opportunityId: string | null;
  plan: { planLevel: PlanLevel; totalOpportunities: number } | null;
  amount: number;
  isPayed: boolean;
}

export const CONFIRM_PAYMENT = typed<{ confirmPayment: PaymentResult }, { response: string }>(`
  mutation ConfirmPayment($response: String!) {
    confirmPayment(response: $response) {
      outcome invoiceId kind opportunityId amount isPayed
      plan { planLevel totalOpportunities }
    }
  }
`);

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

export function pricesFrom(data: { single: LevelPrices; inPlan: LevelPrices; quickApproval: number } | undefined): Prices | null {
  if (!data) return null;
  const levels = (prices: LevelPrices) => ({ GOLD: prices.goldLevel, SILVER: prices.silverLevel, BRONZE: prices.bronzeLevel });
  return { single: levels(data.single), inPlan: levels(data.inPlan), quickApproval: data.quickApproval };
}

/** Prices (public) and, for a signed-in seller, the plan balances. */
export function usePricesAndBalances() {
  const signedIn = useSession().status === 'signedIn';
  const prices = useQuery(PRICES, { fetchPolicy: 'cache-and-network' });
  const balances = useQuery(MY_PLAN_STATUS, { skip: !signedIn, fetchPolicy: 'network-only' });
  return {
    prices: pricesFrom(prices.data?.prices),
    balances: balances.data?.myPlanStatus ?? [],
    loading: prices.loading || balances.loading,
  };
}
