import { INVOICE_STATUSES, PAYMENT_METHODS } from '@ruedas/domain';
import { DATE_FORMATS, dateParameterSchema, legacyDate } from './dates';
import { BadRequest, type RestExecute, type RestRequest, type RestRoute } from './route';

import {
  checkedInvoiceInput,
  INVOICE_FIELDS,
  INVOICE_INPUT_FIELDS,
  invoiceInput,
  level,
  objectOf,
  opportunityInput,
  withLegacyDefaults,
  requestIdOf,
  restInvoice,
  type GraphInvoice,
} from './billing-input';

/**
 * Paths served by the billing subgraph (spec 02 §7): prices, the minimum plan quantity, plan
 * status, creating and updating an ad with its payment (listings then billing), the invoice of an
 * ad, plan purchase, the provider's payment response, purchases per user and a user's invoices.
 *
 * The legacy ad object of a request may use the legacy encodings (level as its code 1 to 4,
 * `extraList` and `attachmentIds` as comma-separated text, `phoneList` as JSON text) or GraphQL's.
 * The legacy invoice object is flat: the electronic-invoice data sits beside the invoice's own fields.
 */

export { checkedInvoiceInput, invoiceInput, opportunityInput, restInvoice } from './billing-input';

const CREATE_AD =
  'mutation CreateOpportunity($input: OpportunityInput!, $requestId: String) { createOpportunity(input: $input, requestId: $requestId) { id level ' +
  'autoApproval } }';
const UPDATE_AD =
  'mutation UpdateOpportunity($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id level autoApproval paymentPending } }';

const CHECKOUT =
  `mutation Checkout($id: ID!, $invoice: ElectronicInvoiceInput, $level: Level, $autoApproval: Boolean) { ` +
  `checkoutOpportunity(opportunityId: $id, invoice: $invoice, level: $level, autoApproval: $autoApproval) { opportunityId isPayed redirectUrl total ` +
  `coveredByPlan } }`;

/** An ad as listings just saved it: billing waits for this level and quick approval to reach it. */
interface SavedAd {
  id: string;
  level: string;
  autoApproval: boolean;
  paymentPending?: boolean | null;
}

/** Checks out an ad and answers the legacy payment redirect `{ opportunityId, isPayed, redirectUrl }`. */
async function checkoutAnswer(execute: RestExecute, ad: SavedAd, invoice: Record<string, unknown> | null) {
  const data = await execute(CHECKOUT, { id: ad.id, invoice, level: ad.level, autoApproval: ad.autoApproval });
  const result = data.checkoutOpportunity as { opportunityId: string; isPayed: boolean; redirectUrl: string | null; total: number; coveredByPlan: boolean };
  return {
    opportunityId: result.opportunityId,
    isPayed: result.isPayed,
    redirectUrl: result.redirectUrl,
    total: result.total,
    coveredByPlan: result.coveredByPlan,
  };
}

const bodyOf = (request: RestRequest) => objectOf(request.body ?? {}, 'body');

const levelPricesSchema = {
  type: 'object',
  required: ['goldLevel', 'silverLevel', 'bronzeLevel'],
  properties: { goldLevel: { type: 'number' }, silverLevel: { type: 'number' }, bronzeLevel: { type: 'number' } },
};
const paymentRedirectSchema = {
  type: 'object',
  required: ['opportunityId', 'isPayed', 'redirectUrl'],
  properties: {
    opportunityId: { type: 'string' },
    isPayed: { type: 'boolean', description: 'True when the ad is paid (by a plan unit, or earlier): it is public at once' },
    redirectUrl: { type: ['string', 'null'], description: 'Where to send the browser to pay; null when nothing is to pay (a free ad waits for review)' },
    total: { type: 'number', description: 'CRC' },
    coveredByPlan: { type: 'boolean' },
  },
};
const invoiceSchema = {
  type: 'object',
  required: ['id', 'codigoint', 'amount', 'status', 'creationDate'],
  properties: {
    id: { type: 'string' },
    codigoint: { type: 'string' },
    kind: { type: 'string', enum: ['OPPORTUNITY', 'PLAN'] },
    opportunityId: { type: ['string', 'null'] },
    level: { type: 'integer', description: 'FREE 1, BRONZE 2, SILVER 3, GOLD 4' },
    quickApproval: { type: 'boolean' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    status: { type: 'string', enum: [...INVOICE_STATUSES] },
    paymentMethod: { type: ['string', 'null'], enum: [...PAYMENT_METHODS, null] },
    refnum: { type: ['string', 'null'] },
    idType: { type: 'string' },
    identification: { type: 'string' },
    fullname: { type: 'string' },
    address: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    province: { type: 'string' },
    canton: { type: 'string' },
    district: { type: 'string' },
    creationDate: { type: 'string', format: 'date-time' },
    paidAt: { type: ['string', 'null'], format: 'date-time' },
    redirectUrl: { type: ['string', 'null'] },
    cancellable: { type: 'boolean' },
    userId: { type: 'string' },
  },
};
const invoiceBodySchema = {
  type: 'object',
  description: 'Electronic-invoice data (optional: null or empty for none)',
  properties: Object.fromEntries(INVOICE_INPUT_FIELDS.map((field) => [field, { type: 'string' }])),
};
/** The body of a path that writes an ad and checks it out: the ad, its electronic-invoice data, and `more`. */
const adBodySchema = (opportunity: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['opportunity'],
  properties: { opportunity, invoice: invoiceBodySchema, ...more },
});
/** The fields of a purchases block (per user, for ads and for plans): asked of GraphQL and documented once. */
const PURCHASE_BLOCK_FIELDS = [
  'userFullName',
  'totalPaid',
  'totalPurchasesQuantity',
  'goldQuantity',
  'goldAmount',
  'silverQuantity',
  'silverAmount',
  'bronzeQuantity',
  'bronzeAmount',
  'freeQuantity',
];
const purchaseBlockSchema = {
  type: 'object',
  properties: Object.fromEntries(PURCHASE_BLOCK_FIELDS.map((field) => [field, { type: field === 'userFullName' ? 'string' : 'number' }])),
};
const planBalanceSchema = {
  type: 'object',
  properties: {
    planLevel: { type: 'string' },
    availableOpportunities: { type: 'integer' },
    expirationDate: { type: ['string', 'null'], format: 'date-time' },
    blocked: { type: 'boolean' },
  },
};

const route = (r: Omit<RestRoute, 'tag'> & { tag?: string }): RestRoute => ({ tag: 'billing', ...r });

export const billingRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/opportunity/plansPrices/',
    summary: 'Prices in CRC: single and in-plan per level, and quick approval (global parameters)',
    protected: false,
    operation: 'query Prices { prices { single { goldLevel silverLevel bronzeLevel } inPlan { goldLevel silverLevel bronzeLevel } quickApproval } }',
    respond: (d) => d.prices,
    responseSchema: {
      type: 'object',
      required: ['single', 'inPlan', 'quickApproval'],
      properties: { single: levelPricesSchema, inPlan: levelPricesSchema, quickApproval: { type: 'number' } },
    },
  }),
  route({
    method: 'GET',
    path: '/opportunity/minNumberOppToBuyInPlan',
    summary: 'Minimum number of ads in a plan purchase (MIN_ADS_IN_PLAN)',
    protected: false,
    operation: 'query MinPlan { minPlanQuantity }',
    respond: (d) => d.minPlanQuantity,
    responseSchema: { type: 'integer' },
  }),
  route({
    method: 'GET',
    path: '/users/protected/planstatus',
    summary: "The signed-in seller's plans keyed by GOLD, SILVER, BRONZE",
    protected: true,
    operation: 'query PlanStatus { myPlanStatus { planLevel availableOpportunities expirationDate blocked } }',
    respond: (d) => Object.fromEntries((d.myPlanStatus as Array<{ planLevel: string }>).map((plan) => [plan.planLevel, plan])),
    responseSchema: { type: 'object', properties: { GOLD: planBalanceSchema, SILVER: planBalanceSchema, BRONZE: planBalanceSchema } },
  }),
  route({
    method: 'POST',
    path: '/opportunity/protected/',
    protected: true,
    summary:
      'Creates an ad (PENDING_APPROVAL) and checks it out: a free ad waits for review (isPayed false, no redirect); a paid level or quick approval ' +
      'answers the redirect to the payment, unless a plan unit pays it (isPayed true). `requestId` in the body or an `Idempotency-Key` header (1 to 100 ' +
      'characters; the same when both are sent) makes a retried or double submit create one ad and charge once. Every field, the invoice included, is ' +
      'checked before anything is written: an error answer created nothing.',
    operation: CREATE_AD,
    run: async (execute, request) => {
      // Everything is read and checked before the first write: an answer with an error created nothing.
      const body = bodyOf(request);
      const requestId = requestIdOf(body, request.headers);
      // A field the legacy client left out takes the spec's default (issue 31).
      const input = withLegacyDefaults(opportunityInput(body.opportunity));
      const invoice = checkedInvoiceInput(body.invoice);
      const created = await execute(CREATE_AD, {
        input,
        requestId,
      });
      return checkoutAnswer(execute, created.createOpportunity as SavedAd, invoice);
    },
    respond: (d) => d,
    responseSchema: paymentRedirectSchema,
    requestSchema: adBodySchema({ type: 'object', description: 'The ad (legacy or GraphQL encodings)' }, { requestId: { type: 'string' } }),
  }),
  route({
    method: 'PUT',
    path: '/opportunity/protected/updateMyOpportunity',
    protected: true,
    summary: 'Edits an ad (owner or admin); when it still waits for a payment (e.g. its level changed), checks it out again and answers the payment redirect',
    operation: UPDATE_AD,
    run: async (execute, request) => {
      const body = bodyOf(request);
      const ad = objectOf(body.opportunity, 'opportunity');
      if (typeof ad.id !== 'string' || ad.id.trim() === '') throw new BadRequest('opportunity.id: the ad to edit');
      const input = opportunityInput(ad);
      const invoice = checkedInvoiceInput(body.invoice);
      const updated = await execute(UPDATE_AD, {
        id: ad.id,
        input,
      });
      const result = updated.updateOpportunity as SavedAd;
      if (!result.paymentPending) return { opportunityId: result.id, isPayed: false, redirectUrl: null };
      return checkoutAnswer(execute, result, invoice);
    },
    respond: (d) => d,
    responseSchema: paymentRedirectSchema,
    requestSchema: adBodySchema({
      type: 'object',
      required: ['id'],
      description: 'The ad with its changes (legacy or GraphQL encodings)',
      properties: { id: { type: 'string' } },
    }),
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/invoice/:id',
    summary: 'The current invoice of an ad being resumed (owner or admin); null when none',
    protected: true,
    operation: `query AdInvoice($id: ID!) { opportunityInvoice(opportunityId: $id) { ${INVOICE_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => restInvoice(d.opportunityInvoice as GraphInvoice | null),
    responseSchema: { anyOf: [invoiceSchema, { type: 'null', description: 'No invoice yet' }] },
  }),
  route({
    method: 'POST',
    path: '/plan/protected/plan',
    summary: 'Buys a prepaid plan: answers the redirect to the payment',
    protected: true,
    operation:
      `mutation BuyPlan($plan: PlanInput!, $invoice: ElectronicInvoiceInput) { buyPlan(plan: $plan, invoice: $invoice) { redirectUrl invoice ` +
      `{ id amount } } }`,
    variables: ({ body }) => {
      const request = objectOf(body ?? {}, 'body');
      const plan = objectOf(request.plan, 'plan');
      const planLevel = level(plan.planLevel ?? 'GOLD');
      const quantity =
        typeof plan.totalOpportunities === 'string' && /^\d+$/.test(plan.totalOpportunities) ? Number(plan.totalOpportunities) : plan.totalOpportunities;
      if (!Number.isInteger(quantity)) throw new BadRequest('plan.totalOpportunities: expected a whole number');
      return { plan: { planLevel, totalOpportunities: quantity }, invoice: invoiceInput(request.invoice) };
    },
    respond: (d) => {
      const bought = d.buyPlan as { redirectUrl: string; invoice: { id: string; amount: number } };
      return { redirectUrl: bought.redirectUrl, isPayed: false, invoiceId: bought.invoice.id, amount: bought.invoice.amount };
    },
    responseSchema: {
      type: 'object',
      required: ['redirectUrl'],
      properties: { redirectUrl: { type: 'string' }, isPayed: { type: 'boolean' }, invoiceId: { type: 'string' }, amount: { type: 'number' } },
    },
    requestSchema: {
      type: 'object',
      required: ['plan'],
      properties: {
        plan: { type: 'object', properties: { planLevel: { type: ['string', 'integer'] }, totalOpportunities: { type: 'integer' } } },
        invoice: invoiceBodySchema,
      },
    },
  }),
  route({
    method: 'POST',
    path: '/payment/paymentResponse/',
    protected: false,
    summary: "The provider's signed response (text, or { response }): verified before anything is paid; the same response again answers the same",
    operation:
      'mutation ConfirmPayment($response: String!) { confirmPayment(response: $response) { outcome invoiceId kind opportunityId plan { planLevel ' +
      'totalOpportunities } amount isPayed } }',
    variables: ({ body }) => {
      const raw = typeof body === 'string' ? body : body && typeof body === 'object' ? (body as Record<string, unknown>).response : undefined;
      if (typeof raw !== 'string') throw new BadRequest('body: the provider response text');
      return {
        response: raw
          .trim()
          .replace(/^\?/, '')
          .replace(/^response=/, ''),
      };
    },
    respond: (d) => d.confirmPayment,
    responseSchema: {
      type: 'object',
      required: ['outcome', 'invoiceId', 'isPayed'],
      properties: {
        outcome: { type: 'string', enum: ['APPROVED', 'DECLINED', 'CANCELLED', 'PENDING', 'DEFERRED'] },
        invoiceId: { type: 'string' },
        kind: { type: 'string' },
        opportunityId: { type: ['string', 'null'] },
        amount: { type: 'number' },
        isPayed: { type: 'boolean' },
      },
    },
    requestSchema: {
      type: 'object',
      required: ['response'],
      properties: { response: { type: 'string', description: 'The provider response text (a leading ? or response= is dropped)' } },
    },
    requestText: 'The provider response text itself, as the provider redirected with it',
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/userPurchases/:startDate/:endDate',
    summary: `Purchases per user between two days, both included (administrators). Each date: ${DATE_FORMATS}`,
    protected: true,
    parameters: { startDate: dateParameterSchema, endDate: dateParameterSchema },
    operation:
      `query Purchases($start: String!, $end: String!) { userPurchases(startDate: $start, endDate: $end) { userId ` +
      `opportunities { ${PURCHASE_BLOCK_FIELDS.join(' ')} } plans { ${PURCHASE_BLOCK_FIELDS.join(' ')} } } }`,
    variables: ({ params }) => {
      return { start: legacyDate('startDate', params.startDate), end: legacyDate('endDate', params.endDate) };
    },
    respond: (d) => d.userPurchases,
    responseSchema: {
      type: 'array',
      items: { type: 'object', properties: { userId: { type: 'string' }, opportunities: purchaseBlockSchema, plans: purchaseBlockSchema } },
    },
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/invoices/:userId',
    summary: "A user's invoices, newest first (administrators)",
    protected: true,
    operation: `query UserInvoices($id: ID!) { userInvoices(userId: $id) { ${INVOICE_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.userId }),
    respond: (d) => (d.userInvoices as GraphInvoice[]).map(restInvoice),
    responseSchema: { type: 'array', items: invoiceSchema },
  }),
];
