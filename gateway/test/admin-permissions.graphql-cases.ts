import { eventually, type Json } from './stack';
import {
  ad,
  advertiser,
  ADMIN_UPDATE,
  complaint,
  gql,
  ids,
  openInvoice,
  paidAd,
  pending,
  pendingTransfer,
  person,
  pub,
  refund,
  row,
  stack,
  today,
  tokens,
  userEdit,
  waitingForReview,
  type Expected,
  type Who,
} from './admin-permissions.stack';

/** The GraphQL cases of admin-permissions.test.ts: one per schema coordinate whose description names who may use it. */

export interface GraphCase {
  name: string;
  /** The schema coordinates (`Query.users`, `User.email`) whose permission this case checks. */
  covers: string[];
  request: (who: Who) => Promise<[string, Json]> | [string, Json];
  /** Reads the outcome of an answer without errors (default 'ok'). */
  outcome?: (data: Json) => string;
  expected: Expected;
}

const privateUserFields: Record<string, string> = {
  email: 'email',
  phoneList: 'phoneList { phone }',
  province: 'province',
  canton: 'canton',
  district: 'district',
  language: 'language',
  idType: 'idType',
  identification: 'identification',
  role: 'role',
  status: 'status',
  isAdmin: 'isAdmin',
  isImpersonalizator: 'isImpersonalizator',
  impersonal: 'impersonal',
  dateCreated: 'dateCreated',
  createdAt: 'createdAt',
};
/** 'shown' when every value is there, 'hidden' when none is. */
const shown = (values: unknown[]) =>
  values.every((v) => v !== null && v !== undefined)
    ? 'shown'
    : values.every((v) => v === null || v === undefined)
      ? 'hidden'
      : `partly: ${JSON.stringify(values)}`;

export const GRAPH_CASES: GraphCase[] = [
  // identity
  { name: 'users', covers: ['Query.users'], request: () => ['{ users { totalItems items { id email } } }', {}], expected: gql.staff },
  {
    name: "user (the owner's account, private fields)",
    covers: ['Query.user'],
    request: () => ['query($id: ID!) { user(id: $id) { id fullName email role } }', { id: ids.owner }],
    expected: gql.ownerOrStaff,
  },
  ...Object.entries(privateUserFields).map(([field, selection]): GraphCase => ({
    name: `User.${field} of the seller of a public ad`,
    covers: [`User.${field}`],
    request: () => [`query($id: ID!) { opportunity(id: $id) { id user { id ${selection} } } }`, { id: pub }],
    expected: gql.privateField,
  })),
  {
    name: "adminUpdateUser (an advertiser's data)",
    covers: ['Mutation.adminUpdateUser'],
    request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser()) }],
    expected: gql.staff,
  },
  {
    name: "adminUpdateUser (an advertiser's role)",
    covers: ['Mutation.adminUpdateUser'],
    request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { role: 'TESTUSER' }) }],
    expected: gql.adminOnly,
  },
  {
    name: 'adminUpdateUser (blocking an advertiser)',
    covers: ['Mutation.adminUpdateUser'],
    request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { status: 'BLOCKED_BY_FAILS' }) }],
    expected: gql.adminOnly,
  },
  {
    name: "adminUpdateUser (an advertiser's e-mail)",
    covers: ['Mutation.adminUpdateUser'],
    request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { email: person().email }) }],
    expected: gql.adminOnly,
  },
  {
    name: 'adminUpdateUser (an administrator account)',
    covers: ['Mutation.adminUpdateUser'],
    request: () => [ADMIN_UPDATE, { input: userEdit({ id: ids.staff, email: 'staff@example.com' }, { role: 'ADMINISTRATOR' }) }],
    expected: gql.adminOnly,
  },
  {
    name: 'adminUpdateUser (oneself to ADMINISTRATOR)',
    covers: ['Mutation.adminUpdateUser'],
    request: (who) => {
      const self = who === 'visitor' ? 'owner' : who;
      return [
        ADMIN_UPDATE,
        { input: userEdit({ id: ids[self], email: `${self.toLowerCase()}@example.com` }, { name: 'Persona', lastName: 'Mora', role: 'ADMINISTRATOR' }) },
      ];
    },
    expected: gql.adminOnly,
  },
  {
    name: 'impersonalRegister',
    covers: ['Mutation.impersonalRegister'],
    request: () => [
      'mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id role } }',
      { input: { user: person(), promotionalAds: 2, planLevel: 'SILVER' } },
    ],
    expected: gql.staff,
  },
  {
    // The owner is a private person: who may act reaches the merchant-only rule (VALIDATION); nobody else gets past FORBIDDEN.
    name: "updateDealerInfo (the owner's account)",
    covers: ['Mutation.updateDealerInfo'],
    request: () => [
      'mutation($userId: ID, $input: DealerInfoInput!) { updateDealerInfo(userId: $userId, input: $input) { id } }',
      { userId: ids.owner, input: { province: '1', canton: '101', district: '10101', directions: 'Frente al parque', hours: [] } },
    ],
    expected: row('0003', 'VALIDATION', 'FORBIDDEN', 'FORBIDDEN', 'VALIDATION', 'VALIDATION'),
  },
  // listings
  {
    name: 'opportunity (waiting for approval)',
    covers: ['Query.opportunity'],
    request: () => ['query($id: ID!) { opportunity(id: $id) { id status } }', { id: pending }],
    expected: gql.hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'the plate, dates and payment state of a public ad',
    covers: [
      'Opportunity.carIdNumber',
      'Opportunity.dateCreated',
      'Opportunity.expiresAt',
      'Opportunity.paymentPending',
      'Opportunity.createdAt',
      'Opportunity.periodEndsAt',
    ],
    request: () => ['query($id: ID!) { opportunity(id: $id) { carIdNumber dateCreated expiresAt paymentPending createdAt periodEndsAt } }', { id: pub }],
    outcome: (data) => shown(Object.values(data.opportunity as Json)),
    expected: gql.shownToOwnerOrAdmin,
  },
  {
    name: 'the reason of a rejection (issue 13)',
    covers: ['Opportunity.rejectionReason'],
    request: async () => {
      const id = await ad();
      await eventually(() => stack.data('mutation($id: ID!) { rejectOpportunity(id: $id, reason: "Fotos de otro carro") { reviewId } }', { id }, tokens.admin));
      await eventually(async () => {
        const status = (await stack.data('query($id: ID!) { opportunity(id: $id) { status } }', { id }, tokens.admin)).opportunity?.status;
        if (status !== 'REJECTED') throw new Error(`still ${status}`);
      });
      return ['query($id: ID!) { opportunity(id: $id) { rejectionReason } }', { id }];
    },
    expected: gql.hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'the plate and creation date in search results',
    covers: ['Opportunity.carIdNumber', 'Opportunity.dateCreated'],
    request: async () => {
      await eventually(async () => {
        const found = await stack.data('{ searchOpportunities(filter: { brand: "TOYOTA" }) { items { id } } }');
        if (!(found.searchOpportunities.items as Json[]).some((item) => item.id === pub)) throw new Error('not indexed yet');
      });
      return ['{ searchOpportunities(filter: { brand: "TOYOTA" }) { items { id carIdNumber dateCreated } } }', {}];
    },
    outcome: (data) => {
      const items = data.searchOpportunities.items as Json[];
      return items.length === 0 ? 'nothing found' : shown(items.flatMap((item) => [item.carIdNumber, item.dateCreated]));
    },
    expected: gql.shownToOwnerOrAdmin,
  },
  { name: 'myOpportunities', covers: [], request: () => ['{ myOpportunities { totalItems } }', {}], expected: gql.sellers },
  {
    name: 'opportunitiesByStatus',
    covers: ['Query.opportunitiesByStatus'],
    request: () => ['{ opportunitiesByStatus(status: PENDING_APPROVAL) { totalItems } }', {}],
    expected: gql.adminOnly,
  },
  {
    name: 'userActiveOpportunities',
    covers: ['Query.userActiveOpportunities'],
    request: () => ['query($id: ID!) { userActiveOpportunities(userId: $id) { totalItems } }', { id: ids.owner }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: 'userOpportunities',
    covers: ['Query.userOpportunities'],
    request: () => ['query($id: ID!) { userOpportunities(userId: $id) { totalItems } }', { id: ids.owner }],
    expected: gql.adminOnly,
  },
  {
    name: 'statusHistory (public ad)',
    covers: ['Query.statusHistory'],
    request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: pub }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: 'statusHistoryPage (public ad)',
    covers: ['Query.statusHistoryPage'],
    request: () => ['query($id: ID!) { statusHistoryPage(opportunityId: $id) { totalItems } }', { id: pub }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: "statusHistory: who made an administrator's change",
    covers: ['StatusHistoryEntry.email'],
    request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { email fullName status } }', { id: pub }],
    outcome: (data) => (JSON.stringify(data).includes(stack.accounts.admin!.email) ? 'the staff e-mail' : 'the system'),
    expected: row('0003', 'the system', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'the staff e-mail'),
  },
  // Seller insights (issue 20): an ad's figures to its owner and administrators only.
  {
    name: 'opportunityInsights (public ad)',
    covers: ['Query.opportunityInsights'],
    request: () => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: pub }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: 'opportunityInsights (waiting ad)',
    covers: ['Query.opportunityInsights'],
    request: () => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: pending }],
    expected: gql.hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'statusHistory (waiting ad)',
    covers: ['Query.statusHistory'],
    request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: pending }],
    expected: gql.hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'updateOpportunity (public ad)',
    covers: ['Mutation.updateOpportunity'],
    request: async () => ['mutation($id: ID!) { updateOpportunity(id: $id, input: { model: "Yaris" }) { id } }', { id: await ad({ public: true }) }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: 'markOpportunitySold',
    covers: [],
    request: async () => ['mutation($id: ID!) { markOpportunitySold(id: $id) { id } }', { id: await ad({ public: true }) }],
    expected: gql.ownerOrAdmin,
  },
  {
    name: 'updateOpportunityStatus',
    covers: ['Mutation.updateOpportunityStatus'],
    request: async () => ['mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: await ad() }],
    expected: gql.adminOnly,
  },
  // billing
  {
    name: 'invoice',
    covers: ['Query.invoice'],
    request: async () => ['query($id: ID!) { invoice(id: $id) { id } }', { id: (await openInvoice()).invoiceId }],
    expected: gql.invoiceReaders,
  },
  {
    name: 'refreshPayment',
    covers: ['Mutation.refreshPayment'],
    request: async () => ['mutation($id: ID!) { refreshPayment(invoiceId: $id) { outcome } }', { id: (await openInvoice()).invoiceId }],
    expected: gql.invoiceReaders,
  },
  {
    name: 'opportunityInvoice',
    covers: ['Query.opportunityInvoice'],
    request: async () => ['query($id: ID!) { opportunityInvoice(opportunityId: $id) { id } }', { id: (await openInvoice()).adId }],
    expected: gql.invoiceReaders,
  },
  {
    name: 'userInvoices',
    covers: ['Query.userInvoices'],
    request: () => ['query($id: ID!) { userInvoices(userId: $id) { id } }', { id: ids.owner }],
    expected: gql.adminOnly,
  },
  { name: 'pendingTransfers', covers: ['Query.pendingTransfers'], request: () => ['{ pendingTransfers { id } }', {}], expected: gql.adminOnly },
  { name: 'refunds', covers: ['Query.refunds'], request: () => ['{ refunds { id } }', {}], expected: gql.adminOnly },
  {
    name: 'userPurchases',
    covers: ['Query.userPurchases'],
    request: () => ['query($d: String!) { userPurchases(startDate: $d, endDate: $d) { userId } }', { d: today }],
    expected: gql.adminOnly,
  },
  {
    name: 'userInvoicePage',
    covers: ['Query.userInvoicePage'],
    request: () => ['query($id: ID!) { userInvoicePage(userId: $id) { totalItems } }', { id: ids.owner }],
    expected: gql.adminOnly,
  },
  {
    name: 'pendingTransferPage',
    covers: ['Query.pendingTransferPage'],
    request: () => ['{ pendingTransferPage { totalItems } }', {}],
    expected: gql.adminOnly,
  },
  { name: 'refundPage', covers: ['Query.refundPage'], request: () => ['{ refundPage { totalItems } }', {}], expected: gql.adminOnly },
  {
    name: 'userPurchasePage',
    covers: ['Query.userPurchasePage'],
    request: () => ['query($d: Date!) { userPurchasePage(firstDay: $d, lastDay: $d) { totalItems } }', { d: today }],
    expected: gql.adminOnly,
  },
  {
    name: 'submitTransferReference',
    covers: ['Mutation.submitTransferReference'],
    request: async () => [
      'mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }',
      { id: (await openInvoice()).invoiceId },
    ],
    expected: gql.invoiceReaders,
  },
  {
    name: 'confirmTransfer',
    covers: ['Mutation.confirmTransfer'],
    request: async () => ['mutation($id: ID!) { confirmTransfer(invoiceId: $id) { status } }', { id: await pendingTransfer() }],
    expected: gql.adminOnly,
  },
  {
    name: 'rejectTransfer',
    covers: ['Mutation.rejectTransfer'],
    request: async () => ['mutation($id: ID!) { rejectTransfer(invoiceId: $id) { status } }', { id: await pendingTransfer() }],
    expected: gql.adminOnly,
  },
  {
    name: 'cancelOpportunityPayment',
    covers: ['Mutation.cancelOpportunityPayment'],
    request: async () => ['mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { status } }', { id: (await paidAd()).adId }],
    expected: row('0003', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok'),
  },
  {
    name: 'markRefundDone',
    covers: ['Mutation.markRefundDone'],
    request: async () => ['mutation($id: ID!) { markRefundDone(refundId: $id) { status } }', { id: await refund() }],
    expected: gql.adminOnly,
  },
  // moderation
  { name: 'globalParameters', covers: ['Query.globalParameters'], request: () => ['{ globalParameters { id quantity } }', {}], expected: gql.adminOnly },
  { name: 'reviewQueue', covers: ['Query.reviewQueue'], request: () => ['{ reviewQueue { totalItems } }', {}], expected: gql.adminOnly },
  {
    name: 'reviewQueueItem',
    covers: ['Query.reviewQueueItem'],
    request: async () => ['query($id: ID!) { reviewQueueItem(id: $id) { id seller { rejectedAdCount } } }', { id: await waitingForReview() }],
    expected: gql.adminOnly,
  },
  { name: 'complaints', covers: ['Query.complaints'], request: () => ['{ complaints { totalItems } }', {}], expected: gql.adminOnly },
  { name: 'dashboard', covers: ['Query.dashboard'], request: () => ['{ dashboard { generalData { totalRevenue } } }', {}], expected: gql.adminOnly },
  {
    name: 'staffActions',
    covers: ['Query.staffActions'],
    request: () => ['{ staffActions(filter: { action: PARAMETER_CHANGED }) { totalItems items { id actor { email } before after } } }', {}],
    expected: gql.adminOnly,
  },
  {
    name: 'updateGlobalParameters',
    covers: ['Mutation.updateGlobalParameters'],
    request: () => ['mutation { updateGlobalParameters(parameters: [{ id: "GOLD_CAROUSEL_COUNT", quantity: 12 }]) { id } }', {}],
    expected: gql.adminOnly,
  },
  {
    name: 'updateGlobalParameter',
    covers: ['Mutation.updateGlobalParameter'],
    request: () => ['mutation { updateGlobalParameter(id: "GOLD_CAROUSEL_COUNT", quantity: 12) { id } }', {}],
    expected: gql.adminOnly,
  },
  {
    name: 'approveOpportunity',
    covers: ['Mutation.approveOpportunity'],
    request: async () => ['mutation($id: ID!) { approveOpportunity(id: $id) { reviewId } }', { id: await waitingForReview() }],
    expected: gql.adminOnly,
  },
  {
    name: 'rejectOpportunity',
    covers: ['Mutation.rejectOpportunity'],
    request: async () => ['mutation($id: ID!) { rejectOpportunity(id: $id, reason: "Fotos de otro carro") { reviewId } }', { id: await waitingForReview() }],
    expected: gql.adminOnly,
  },
  {
    name: 'resolveComplaint',
    covers: ['Mutation.resolveComplaint'],
    request: async () => ['mutation($id: ID!) { resolveComplaint(id: $id) { id } }', { id: await complaint() }],
    expected: gql.adminOnly,
  },
  {
    name: "a complaint's ad, read by whoever filed it",
    covers: ['Complaint.ad', 'Complaint.opportunity'],
    request: () => [
      'mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Precio falso" }) { ad { brand } opportunity { id } } }',
      { id: pub },
    ],
    outcome: (data) => shown([data.reportOpportunity.ad, data.reportOpportunity.opportunity]),
    expected: gql.shownToAdmin,
  },
];
