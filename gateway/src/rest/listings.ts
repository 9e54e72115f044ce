import { AD_STATUSES, LEVEL_CODES, OWNER_STATUSES, MAX_PAGE_NUMBER, type AdStatus, type Level, type Page } from '@ruedas/domain';
import { REST_AD_FIELD_SELECTION } from './ad-fields';
import { BadRequest, isForbidden, type RestRequest, type RestRoute } from './route';
import { pageParameter, restPageOf, restPageSchema } from './pages';

/**
 * Paths served by the listings subgraph: spec 01 §7 (`/opportunity/...`, `/tally/...`,
 * `/users/protected/myWishList`) and the owner and admin ad calls of spec 02 §7.
 *
 * The legacy ad object differs from GraphQL's in four ways: `extraList` and `attachmentIds` are
 * comma-separated text, `phoneList` is JSON text, and `level` is the numeric code (FREE 1 to GOLD 4).
 * `carIdNumber` and `dateCreated` are present only when GraphQL gives them (owner and admins).
 */
export const AD_FIELDS =
  `id ${REST_AD_FIELD_SELECTION} status isNew user { id } dateCreated viewCount ` +
  // Issue 19: the fair-price rating, time on market and price history (additive).
  'priceRating { label basis estimateCrc lowCrc highCrc comparableCount priceCrc differencePercent } firstPublishedAt daysOnMarket priceHistory { ' +
  'changedAt oldPrice oldCurrency newPrice newCurrency } priceDrop { changedAt previousPrice previousCurrency amount currency percent }';
const PAGE_FIELDS = `items { ${AD_FIELDS} } page pageSize totalItems totalPages`;

export interface GraphAd extends Record<string, unknown> {
  extraList: string[];
  attachmentIds: string[];
  phoneList: Array<{ phone: string; phoneType: string }>;
  level: Level;
  carIdNumber: string | null;
  dateCreated: string | null;
}

type GraphPage = Page<GraphAd>;

export function restAd(ad: GraphAd) {
  const { extraList, attachmentIds, phoneList, level, carIdNumber, dateCreated, ...rest } = ad;
  return {
    ...rest,
    extraList: extraList.join(','),
    attachmentIds: attachmentIds.join(','),
    phoneList: JSON.stringify(phoneList),
    level: LEVEL_CODES[level],
    ...(carIdNumber !== null ? { carIdNumber } : {}),
    ...(dateCreated !== null ? { dateCreated } : {}),
  };
}

/** The paginated result of spec 01 §3 (items, totalItems, perPage, pageNumber), plus totalPages. */
function restPage(page: GraphPage) {
  return restPageOf(page, restAd);
}

const pageNumber = (text: string | undefined): number => pageParameter('page', text);

function adStatus(text: unknown, name = 'status'): AdStatus {
  if (!AD_STATUSES.includes(text as AdStatus)) throw new BadRequest(`${name}: expected one of ${AD_STATUSES.join(', ')}, got "${String(text ?? '')}"`);
  return text as AdStatus;
}

function bodyId(body: unknown): string {
  const id = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
  if (typeof id !== 'string' || id.trim() === '') throw new BadRequest('id: the body must be the ad object with its id');
  return id;
}

const newStatus = (body: unknown) => adStatus(body && typeof body === 'object' ? (body as Record<string, unknown>).newStatus : undefined, 'newStatus');

export const adSchema = {
  type: 'object',
  required: ['id', 'brand', 'model', 'year', 'price', 'currency', 'extraList', 'attachmentIds', 'phoneList', 'status', 'level', 'isNew', 'user'],
  properties: {
    id: { type: 'string' },
    brand: { type: 'string', description: 'Brand code (TOYOTA, MERCEDES_BENZ, ...)' },
    model: { type: 'string' },
    year: { type: 'integer' },
    style: { type: 'string' },
    fuelType: { type: 'string' },
    transmissionType: { type: 'string' },
    motorSizeCC: { type: 'integer' },
    mileage: { type: 'integer' },
    mileageUnit: { type: 'string', enum: ['KM', 'MI'] },
    exteriorColor: { type: 'string' },
    interiorColor: { type: 'string' },
    price: { type: 'number' },
    transferPrice: { type: 'number' },
    currency: { type: 'string', enum: ['CRC', 'USD'] },
    payTaxes: { type: 'boolean' },
    carIdNumber: { type: 'string', description: 'The plate: present only for the owner and administrators' },
    passengersNumber: { type: 'integer', description: '2, 3, 4, 5, 7, or 888 for more than 7' },
    province: { type: 'string' },
    canton: { type: 'string' },
    district: { type: 'string' },
    knownDamage: { type: 'string' },
    extraList: { type: 'string', description: 'Comma-separated extra keys' },
    attachmentIds: { type: 'string', description: 'Comma-separated photo ids; the first is the cover' },
    phoneList: { type: 'string', description: 'JSON text of [{ "phone", "phoneType" }], WhatsApp first' },
    priceRating: {
      type: ['object', 'null'],
      description: 'Issue 19: the fair-price rating of a public ad (null otherwise), amounts in colones (dollars converted at the exchange-rate parameter)',
      properties: {
        label: { type: 'string', enum: ['GREAT', 'GOOD', 'FAIR', 'HIGH', 'NONE'] },
        basis: {
          type: 'string',
          enum: ['EXACT', 'MODEL_FAMILY', 'SEGMENT', 'NONE'],
          description: 'EXACT: same brand and model within 2 years; MODEL_FAMILY and SEGMENT: broader groups when too few',
        },
        estimateCrc: { type: ['number', 'null'] },
        lowCrc: { type: ['number', 'null'] },
        highCrc: { type: ['number', 'null'] },
        comparableCount: { type: 'integer' },
        priceCrc: { type: 'number' },
        differencePercent: { type: ['number', 'null'], description: 'Price against the estimate in percent (negative: below)' },
      },
    },
    firstPublishedAt: { type: ['string', 'null'], description: 'Issue 19: when the ad first went public (ISO 8601)' },
    daysOnMarket: { type: ['integer', 'null'], description: 'Issue 19: whole days since the ad first went public' },
    priceHistory: {
      type: 'array',
      description: 'Issue 19: each price change once the ad had been public, oldest first',
      items: {
        type: 'object',
        properties: {
          changedAt: { type: 'string' },
          oldPrice: { type: 'number' },
          oldCurrency: { type: 'string' },
          newPrice: { type: 'number' },
          newCurrency: { type: 'string' },
        },
      },
    },
    priceDrop: {
      type: ['object', 'null'],
      description: 'Issue 19: the last price change when it was a drop within the PRICE_DROP_DAYS parameter',
      properties: {
        changedAt: { type: 'string' },
        previousPrice: { type: 'number' },
        previousCurrency: { type: 'string' },
        amount: { type: 'number' },
        currency: { type: 'string' },
        percent: { type: 'number' },
      },
    },
    status: { type: 'string', enum: [...AD_STATUSES] },
    level: { type: 'integer', enum: Object.values(LEVEL_CODES), description: 'FREE 1, BRONZE 2, SILVER 3, GOLD 4' },
    message: { type: 'string' },
    autoApproval: { type: 'boolean' },
    isNew: { type: 'boolean', description: 'True for 4 days after the ad went public' },
    user: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    dateCreated: { type: 'string', format: 'date-time', description: 'Present only for the owner and administrators' },
    viewCount: { type: 'integer' },
  },
};
const pageSchema = restPageSchema(adSchema);
const phoneSchema = { type: 'object', properties: { phone: { type: 'string' }, phoneType: { type: 'string' } } };
const statusChangeSchema = {
  type: 'object',
  required: ['id', 'newStatus'],
  properties: { id: { type: 'string' }, newStatus: { type: 'string', enum: [...AD_STATUSES] } },
};
const adIdSchema = { type: 'object', required: ['id'], description: 'The ad object; only its id is read', properties: { id: { type: 'string' } } };

const route = (r: Omit<RestRoute, 'tag'>): RestRoute => ({ tag: r.path.startsWith('/tally') ? 'tally' : 'opportunity', ...r });
const paged = (field: string) => (data: Record<string, unknown>) => restPage(data[field] as GraphPage);
const MY_ADS = `query MyAds($status: OpportunityStatus!, $page: Int!) { myOpportunities(status: $status, page: $page) { ${PAGE_FIELDS} } }`;
const BY_STATUS = `query ByStatus($status: OpportunityStatus!, $page: Int!) { opportunitiesByStatus(status: $status, page: $page) { ${PAGE_FIELDS} } }`;
const PAGE = `:page path parameter: a whole number from 1 to ${MAX_PAGE_NUMBER}.`;
const STATUS = `:status path parameter: one of ${AD_STATUSES.join(', ')}.`;

export const listingRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/opportunity/homeCarousel',
    summary: 'Gold ads for the home carousel',
    protected: false,
    operation: `query HomeCarousel { homeCarousel { ${AD_FIELDS} } }`,
    respond: (d) => (d.homeCarousel as GraphAd[]).map(restAd),
    responseSchema: { type: 'array', items: adSchema },
  }),
  route({
    method: 'GET',
    path: '/opportunity/available/:page',
    summary: `Public ads, gold first, newest first within a level. ${PAGE}`,
    protected: false,
    operation: `query Available($page: Int!) { availableOpportunities(page: $page) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ page: pageNumber(params.page) }),
    respond: paged('availableOpportunities'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/sellerAvailableOpportunities/:sellerId/:page',
    summary: `A seller's public ads. ${PAGE}`,
    protected: false,
    operation: `query SellerAds($sellerId: ID!, $page: Int!) { sellerOpportunities(sellerId: $sellerId, page: $page) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ sellerId: params.sellerId, page: pageNumber(params.page) }),
    respond: paged('sellerOpportunities'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/:id',
    summary: 'One ad: public ones for anybody, any status for its owner and administrators',
    protected: false,
    operation: `query Opportunity($id: ID!) { opportunity(id: $id) { ${AD_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => restAd(d.opportunity as GraphAd),
    responseSchema: adSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/:id/contact',
    summary: "The seller's name and the ad's phones",
    protected: false,
    operation: 'query Contact($id: ID!) { opportunityContact(id: $id) { fullName phones { phone phoneType } } }',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => d.opportunityContact,
    responseSchema: {
      type: 'object',
      required: ['fullName', 'phones'],
      properties: { fullName: { type: 'string' }, phones: { type: 'array', items: phoneSchema } },
    },
  }),
  route({
    method: 'GET',
    path: '/tally/:id/increment',
    summary: 'Counts one view of an ad; answers the new count',
    protected: false,
    operation: 'mutation Increment($id: ID!) { incrementViewCount(opportunityId: $id) }',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => d.incrementViewCount,
    responseSchema: { type: 'integer' },
  }),
  route({
    method: 'GET',
    path: '/tally/:id/count',
    summary: 'How many times an ad was opened',
    protected: false,
    operation: 'query Count($id: ID!) { viewCount(opportunityId: $id) }',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => d.viewCount,
    responseSchema: { type: 'integer' },
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/myOpportunities/:status/:page',
    summary: `The signed-in user's ads in a status (the six owner statuses). ${STATUS} ${PAGE}`,
    protected: true,
    operation: MY_ADS,
    variables: ({ params }) => ({ status: adStatus(params.status), page: pageNumber(params.page) }),
    respond: paged('myOpportunities'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/userActiveOpportunities/:page/:userId',
    summary: `A user's public ads (that user or an administrator). ${PAGE}`,
    protected: true,
    operation: `query UserActive($userId: ID!, $page: Int!) { userActiveOpportunities(userId: $userId, page: $page) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ userId: params.userId, page: pageNumber(params.page) }),
    respond: paged('userActiveOpportunities'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/userOpportunities/:userId/:page',
    summary: `Every ad of a user, any status (administrators). ${PAGE}`,
    protected: true,
    operation: `query UserAds($userId: ID!, $page: Int!) { userOpportunities(userId: $userId, page: $page) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ userId: params.userId, page: pageNumber(params.page) }),
    respond: paged('userOpportunities'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/statusHistory/:opportunityId',
    summary: "An ad's status changes, oldest first (its owner or an administrator)",
    protected: true,
    operation: 'query History($id: ID!) { statusHistory(opportunityId: $id) { email fullName status statusDate } }',
    variables: ({ params }) => ({ id: params.opportunityId }),
    respond: (d) => d.statusHistory,
    responseSchema: {
      type: 'array',
      items: {
        type: 'object',
        required: ['email', 'fullName', 'status', 'statusDate'],
        properties: {
          email: { type: 'string' },
          fullName: { type: 'string' },
          status: { type: 'string' },
          statusDate: { type: 'string', format: 'date-time' },
        },
      },
    },
  }),
  route({
    method: 'GET',
    path: '/opportunity/protected/:status/:page',
    summary:
      `Ads in a status: every ad for administrators, the caller's own ads for an owner (decision 0160; an owner's statuses are ` +
      `${OWNER_STATUSES.join(', ')}). ${STATUS} ${PAGE}`,
    protected: true,
    operation: BY_STATUS,
    variables: ({ params }) => ({ status: adStatus(params.status), page: pageNumber(params.page) }),
    run: async (execute, { params }) => {
      const variables = { status: adStatus(params.status), page: pageNumber(params.page) };
      try {
        return restPage((await execute(BY_STATUS, variables)).opportunitiesByStatus as GraphPage);
      } catch (error) {
        // Not an administrator: the spec's other reading of the path, the owner's list by status.
        if (!isForbidden(error)) throw error;
        return restPage((await execute(MY_ADS, variables)).myOpportunities as GraphPage);
      }
    },
    respond: paged('opportunitiesByStatus'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'PUT',
    path: '/opportunity/protected/myOpportunityStatusUpdate',
    summary: 'The owner marks a public ad SOLD (final)',
    protected: true,
    operation: `mutation MarkSold($id: ID!) { markOpportunitySold(id: $id) { ${AD_FIELDS} } }`,
    variables: ({ body }: RestRequest) => {
      if (newStatus(body) !== 'SOLD') throw new BadRequest('newStatus: an owner may only set SOLD');
      return { id: bodyId(body) };
    },
    respond: (d) => restAd(d.markOpportunitySold as GraphAd),
    responseSchema: adSchema,
    requestSchema: { ...statusChangeSchema, properties: { ...statusChangeSchema.properties, newStatus: { type: 'string', enum: ['SOLD'] } } },
  }),
  route({
    method: 'PUT',
    path: '/opportunity/protected/updateStatus',
    summary: 'Sets any status of any ad (administrators); recorded in the history',
    protected: true,
    operation: `mutation SetStatus($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { ${AD_FIELDS} } }`,
    variables: ({ body }) => ({ status: newStatus(body), id: bodyId(body) }),
    respond: (d) => restAd(d.updateOpportunityStatus as GraphAd),
    responseSchema: adSchema,
    requestSchema: statusChangeSchema,
  }),
  route({
    method: 'GET',
    path: '/users/protected/myWishList/:page',
    summary: `The signed-in user's favourites, newest first. ${PAGE}`,
    protected: true,
    operation: `query WishList($page: Int!) { myWishList(page: $page) { ${PAGE_FIELDS} } }`,
    variables: ({ params }) => ({ page: pageNumber(params.page) }),
    respond: paged('myWishList'),
    responseSchema: pageSchema,
  }),
  route({
    method: 'POST',
    path: '/users/protected/myWishList',
    summary: 'Adds a public ad to the favourites; answers the ad',
    protected: true,
    operation: `mutation AddFavourite($id: ID!) { addToWishList(opportunityId: $id) { ${AD_FIELDS} } }`,
    variables: ({ body }) => ({ id: bodyId(body) }),
    respond: (d) => restAd(d.addToWishList as GraphAd),
    responseSchema: adSchema,
    requestSchema: adIdSchema,
  }),
  route({
    method: 'DELETE',
    path: '/users/protected/myWishList',
    summary: 'Removes an ad from the favourites; true when it was there',
    protected: true,
    operation: 'mutation RemoveFavourite($id: ID!) { removeFromWishList(opportunityId: $id) }',
    variables: ({ body }) => ({ id: bodyId(body) }),
    respond: (d) => d.removeFromWishList,
    responseSchema: { type: 'boolean' },
    requestSchema: adIdSchema,
  }),
];
