import { CLICK_TYPES, COMPLAINT_CATEGORIES, COMPLAINT_OUTCOMES, GLOBAL_PARAMETERS, type Page } from '@ruedas/domain';
import { DATE_FORMATS, dateParameterSchema, legacyDate } from './dates';
import { BadRequest, type RestRoute } from './route';
import { pageParameter, restPageOf, restPageSchema } from './pages';

/**
 * Paths served by the moderation subgraph: global parameters (02 §7), complaints (01 §7 and 02 §7)
 * contact analytics (01 §7) and the dashboard (02 §3; its path is not in the spec, so it follows the
 * purchases report's: `/dashboard/protected/{startDate}/{endDate}`). Rules and their translated errors stay in the service; the facade
 * only reshapes (a missing text is passed as empty so the service names the field).
 */
const PARAMETER_FIELDS = 'id label quantity defaultValue min max integer unit';
const COMPLAINT_FIELDS = 'id opportunityId category details dateCreated resolved outcome';
const ADMIN_COMPLAINT_FIELDS = `${COMPLAINT_FIELDS} ad { brand model year status }`;

const parameterSchema = {
  type: 'object',
  required: ['id', 'label', 'quantity'],
  properties: {
    id: { type: 'string', description: 'The parameter key, e.g. ITEMS_PER_LIST' },
    label: { type: 'string', description: 'In the language of Accept-Language' },
    quantity: { type: 'number' },
    defaultValue: { type: 'number' },
    min: { type: 'number' },
    max: { type: 'number' },
    integer: { type: 'boolean' },
    unit: { type: 'string', enum: [...new Set(GLOBAL_PARAMETERS.map((parameter) => parameter.unit.toUpperCase()))] },
  },
};
const complaintSchema = {
  type: 'object',
  required: ['id', 'opportunityId', 'details', 'dateCreated', 'resolved'],
  properties: {
    id: { type: 'string' },
    opportunityId: { type: 'string' },
    category: { type: 'string', enum: [...COMPLAINT_CATEGORIES], description: 'What is wrong (OTHER for a report sent without one)' },
    details: { type: 'string' },
    dateCreated: { type: 'string', format: 'date-time' },
    resolved: { type: 'boolean' },
    outcome: { type: ['string', 'null'], enum: [...COMPLAINT_OUTCOMES, null], description: 'What the administrator did; null until resolved' },
    brand: { type: 'string', description: 'Administrators: the ad’s brand code' },
    model: { type: 'string' },
    year: { type: 'integer' },
    opportunityStatus: { type: 'string' },
  },
};

interface GraphComplaint extends Record<string, unknown> {
  ad?: { brand: string; model: string; year: number; status: string } | null;
}

/** A complaint as the legacy clients read it; administrators also get the ad's brand, model, year and status. */
function restComplaint(complaint: GraphComplaint) {
  const { ad, ...rest } = complaint;
  return { ...rest, ...(ad ? { brand: ad.brand, model: ad.model, year: ad.year, opportunityStatus: ad.status } : {}) };
}

const object = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const pageNumber = (value: string | undefined): number => pageParameter('page', value);

function parameterChanges(body: unknown): Array<{ id: string; quantity: number }> {
  if (!Array.isArray(body) || body.length === 0) throw new BadRequest('the body must be the list of changed parameters [{ "id", "quantity" }]');
  return body.map((entry, index) => {
    const { id, quantity } = object(entry);
    if (typeof id !== 'string' || id === '') throw new BadRequest(`[${index}].id: expected the parameter key`);
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) throw new BadRequest(`[${index}].quantity: expected a number`);
    return { id, quantity };
  });
}

const ADS_FIELDS = 'totalCreated totalFree totalPaid totalGoldLevel totalSilverLevel totalBronzeLevel immediateApproval';
const PLAN_FIELDS = 'totalCreated totalOpportunities totalGoldLevel totalSilverLevel totalBronzeLevel';
const SUMMARY_FIELDS =
  `totalRevenue opportunitiesSummary { ${ADS_FIELDS} } inPlanOpportunitiesSummary { ${ADS_FIELDS} } paidOpportunitiesSummary ` +
  `{ ${ADS_FIELDS} }
  plansSummary { paidPlans { ${PLAN_FIELDS} } sponsoredPlans { ${PLAN_FIELDS} } } renewingSummary { pending expired }
  usersSummary { totalCreated organic impersonalSummary { totalRegistered totalConfirmed totalNoConfirmed } }`;
const DASHBOARD_OPERATION =
  `query Dashboard($from: String, $to: String) { dashboard(from: $from, to: $to) {
  generalData { ${SUMMARY_FIELDS} }
  periodData { from to summary { ${SUMMARY_FIELDS} } chartSeries { free { labels data } paid { labels data } } totalReportedOpportunities searches ` +
  `usersPurchases
    clickedOpportunities { opportunityId brand model year clicks } topBrandModelSearches { brand model searches } countedOpportunitiesByBrand { brand total } }
} }`;

interface GraphDashboard {
  generalData: Record<string, unknown>;
  periodData: Record<string, unknown> & { summary: Record<string, unknown> };
}

/**
 * The dashboard as the legacy shape names it (02 §3): generalData; periodData with the same figures
 * plus from, to, chartSeries, totalReportedOpportunities and searches; then usersPurchases,
 * clickedOpportunities, topBrandModelSearches and countedOpportunitiesByBrandDto beside them.
 */
function restDashboard(dashboard: GraphDashboard) {
  const { summary, usersPurchases, clickedOpportunities, topBrandModelSearches, countedOpportunitiesByBrand, ...period } = dashboard.periodData;
  return {
    generalData: dashboard.generalData,
    periodData: { ...summary, ...period },
    usersPurchases,
    clickedOpportunities,
    topBrandModelSearches,
    countedOpportunitiesByBrandDto: countedOpportunitiesByBrand,
  };
}

const count = { type: 'integer' };
const adsSummarySchema = { type: 'object', properties: Object.fromEntries(ADS_FIELDS.split(' ').map((name) => [name, count])) };
const planCountSchema = { type: 'object', properties: Object.fromEntries(PLAN_FIELDS.split(' ').map((name) => [name, count])) };
const summaryProperties = {
  totalRevenue: { type: 'number', description: 'Colones of invoices paid and not cancelled' },
  opportunitiesSummary: adsSummarySchema,
  inPlanOpportunitiesSummary: adsSummarySchema,
  paidOpportunitiesSummary: adsSummarySchema,
  plansSummary: { type: 'object', properties: { paidPlans: planCountSchema, sponsoredPlans: planCountSchema } },
  renewingSummary: { type: 'object', properties: { pending: count, expired: count } },
  usersSummary: {
    type: 'object',
    properties: {
      totalCreated: count,
      organic: count,
      impersonalSummary: { type: 'object', properties: { totalRegistered: count, totalConfirmed: count, totalNoConfirmed: count } },
    },
  },
};
const seriesSchema = {
  type: 'object',
  properties: { labels: { type: 'array', items: { type: 'string', format: 'date' } }, data: { type: 'array', items: count } },
};
const dashboardSchema = {
  type: 'object',
  required: ['generalData', 'periodData'],
  properties: {
    generalData: { type: 'object', properties: summaryProperties },
    periodData: {
      type: 'object',
      properties: {
        ...summaryProperties,
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        chartSeries: { type: 'object', description: 'Ads created per Costa Rica day', properties: { free: seriesSchema, paid: seriesSchema } },
        totalReportedOpportunities: count,
        searches: count,
      },
    },
    usersPurchases: { type: 'integer', description: 'Sellers with an invoice paid in the period' },
    clickedOpportunities: {
      type: 'array',
      items: {
        type: 'object',
        properties: { opportunityId: { type: 'string' }, brand: { type: 'string' }, model: { type: 'string' }, year: count, clicks: count },
      },
    },
    topBrandModelSearches: {
      type: 'array',
      items: { type: 'object', properties: { brand: { type: 'string' }, model: { type: ['string', 'null'] }, searches: count } },
    },
    countedOpportunitiesByBrandDto: { type: 'array', items: { type: 'object', properties: { brand: { type: 'string' }, total: count } } },
  },
};

export const moderationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/globalParameter/protected',
    summary: 'Every global parameter with its value in force (administrators)',
    tag: 'globalParameter',
    protected: true,
    operation: `query GlobalParameters { globalParameters { ${PARAMETER_FIELDS} } }`,
    respond: (d) => d.globalParameters,
    responseSchema: { type: 'array', items: parameterSchema },
  },
  {
    method: 'PUT',
    path: '/globalParameter/protected',
    summary:
      'Changes global parameters (administrators): counts, days and minutes 1 to 100, prices amounts; all or nothing. Every service applies them ' +
      'without a restart. Answers every parameter.',
    tag: 'globalParameter',
    protected: true,
    operation:
      `mutation UpdateGlobalParameters($parameters: [GlobalParameterInput!]!) { updateGlobalParameters(parameters: $parameters) ` + `{ ${PARAMETER_FIELDS} } }`,
    variables: ({ body }) => ({ parameters: parameterChanges(body) }),
    respond: (d) => d.updateGlobalParameters,
    responseSchema: { type: 'array', items: parameterSchema },
    requestSchema: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'quantity'],
        properties: { id: { type: 'string' }, label: { type: 'string', description: 'Ignored' }, quantity: { type: 'number' } },
      },
    },
  },
  {
    method: 'POST',
    path: '/complaint',
    summary:
      'Reports a public ad (anybody): a category (OTHER when left out) and details, at most 500 characters, required for OTHER; one open complaint ' +
      'per person and ad (409), a few an hour per person and address (429)',
    tag: 'complaint',
    protected: false,
    operation: `mutation Report($input: ComplaintInput!) { reportOpportunity(input: $input) { ${COMPLAINT_FIELDS} } }`,
    variables: ({ body }) => {
      const { opportunityId, category, details } = object(body);
      return { input: { opportunityId: text(opportunityId), details: text(details), ...(typeof category === 'string' ? { category } : {}) } };
    },
    respond: (d) => restComplaint(d.reportOpportunity as GraphComplaint),
    responseSchema: complaintSchema,
    requestSchema: {
      type: 'object',
      required: ['opportunityId'],
      properties: {
        opportunityId: { type: 'string' },
        category: { type: 'string', enum: [...COMPLAINT_CATEGORIES] },
        details: { type: 'string', maxLength: 500 },
      },
    },
  },
  {
    method: 'GET',
    path: '/complaint/protected/unresolved/:page',
    summary: 'Unresolved complaints, newest first, with the ad (administrators). :page from 1.',
    tag: 'complaint',
    protected: true,
    operation:
      `query Complaints($page: Int!) { complaints(resolved: false, page: $page) { items { ${ADMIN_COMPLAINT_FIELDS} } page pageSize ` +
      `totalItems totalPages } }`,
    variables: ({ params }) => ({ page: pageNumber(params.page) }),
    respond: (d) => {
      return restPageOf(d.complaints as Page<GraphComplaint>, restComplaint);
    },
    responseSchema: restPageSchema(complaintSchema),
  },
  {
    method: 'POST',
    path: '/complaint/protected/:id/resolve/',
    summary:
      'Resolves a complaint (administrators), with an optional outcome (NO_ACTION, AD_CHANGED, AD_REMOVED, SELLER_BLOCKED) recorded in the audit ' +
      'trail; resolving it again changes nothing (the documented path ends with a slash)',
    tag: 'complaint',
    protected: true,
    operation: `mutation Resolve($id: ID!, $outcome: ComplaintOutcome) { resolveComplaint(id: $id, outcome: $outcome) { ${ADMIN_COMPLAINT_FIELDS} } }`,
    variables: ({ params, body }) => {
      const outcome = object(body).outcome;
      return { id: params.id, ...(typeof outcome === 'string' ? { outcome } : {}) };
    },
    respond: (d) => restComplaint(d.resolveComplaint as GraphComplaint),
    responseSchema: complaintSchema,
  },
  {
    method: 'POST',
    path: '/analytics/contactByWhatsapp',
    summary: 'Records a WhatsApp contact click on a public ad (anybody); counted once per client and ad every 5 minutes',
    tag: 'analytics',
    protected: false,
    operation:
      'mutation Click($id: ID!, $clickType: ContactClickType!) { recordContactClick(opportunityId: $id, clickType: $clickType) { opportunityId ' +
      'clickType dateCreated counted } }',
    variables: ({ body }) => {
      const { opportunityId, clickType } = object(body);
      if (typeof opportunityId !== 'string' || opportunityId === '') throw new BadRequest('opportunityId: expected the ad id');
      const type = clickType ?? 'CONTACT_SELLER_BY_WHATSAPP';
      if (!(CLICK_TYPES as readonly unknown[]).includes(type)) throw new BadRequest(`clickType: expected one of ${CLICK_TYPES.join(', ')}`);
      return { id: opportunityId, clickType: type };
    },
    respond: (d) => d.recordContactClick,
    responseSchema: {
      type: 'object',
      required: ['opportunityId', 'clickType', 'dateCreated', 'counted'],
      properties: {
        opportunityId: { type: 'string' },
        clickType: { type: 'string', enum: [...CLICK_TYPES] },
        dateCreated: { type: 'string', format: 'date-time' },
        counted: { type: 'boolean', description: 'False when already counted in the last 5 minutes' },
      },
    },
    requestSchema: {
      type: 'object',
      required: ['opportunityId'],
      properties: { opportunityId: { type: 'string' }, clickType: { type: 'string', enum: [...CLICK_TYPES] } },
    },
  },
  {
    method: 'GET',
    path: '/dashboard/protected/:startDate/:endDate',
    summary:
      `The dashboard (administrators): all-time figures and those of the Costa Rica days startDate..endDate (both included, at most 366 days; ` +
      `each ${DATE_FORMATS}), TESTUSER activity left out`,
    tag: 'dashboard',
    protected: true,
    parameters: { startDate: dateParameterSchema, endDate: dateParameterSchema },
    operation: DASHBOARD_OPERATION,
    variables: ({ params }) => {
      return { from: legacyDate('startDate', params.startDate), to: legacyDate('endDate', params.endDate) };
    },
    respond: (d) => restDashboard(d.dashboard as GraphDashboard),
    responseSchema: dashboardSchema,
  },
  {
    method: 'GET',
    path: '/dashboard/protected',
    summary: 'The dashboard (administrators) for the last 30 days up to today',
    tag: 'dashboard',
    protected: true,
    operation: DASHBOARD_OPERATION,
    respond: (d) => restDashboard(d.dashboard as GraphDashboard),
    responseSchema: dashboardSchema,
  },
];
