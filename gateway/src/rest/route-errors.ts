import type { RestRoute } from './route';

/**
 * The error answers each path gives besides 400 VALIDATION, 503 and (protected paths) 401 0003 and
 * 403 FORBIDDEN, as the services raise them, for the OpenAPI document: 401 0001, 403 0002 and 423
 * 0005 at sign-in, 404 NOT_FOUND for an unknown record, 409 CONFLICT for a state that forbids the
 * change (or a concurrent write). 429 RATE_LIMITED (Retry-After, RateLimit-*) is not listed here:
 * the document declares it on every path whose operation runs a rate-limited field
 * (`RATE_LIMITED_FIELDS` of `@ruedas/domain`).
 */
export const ROUTE_ERRORS: Readonly<Record<string, NonNullable<RestRoute['errors']>>> = {
  'POST /users/login': [401, 403, 423],
  'GET /users/sellerInfo/:sellerId': [404],
  'GET /users/protected/:userId': [404],
  'PUT /users/protected/updateMyProfile': [409],
  'PUT /users/protected/adminUpdate': [404, 409],
  'POST /users/impersonalRegister': [409],
  'GET /opportunity/:id': [404],
  'GET /opportunity/:id/contact': [404],
  'GET /tally/:id/increment': [404],
  'GET /tally/:id/count': [404],
  'GET /opportunity/protected/statusHistory/:opportunityId': [404],
  'PUT /opportunity/protected/myOpportunityStatusUpdate': [404, 409],
  'PUT /opportunity/protected/updateStatus': [404, 409],
  'POST /users/protected/myWishList': [404],
  'POST /opportunity/protected/': [409],
  'PUT /opportunity/protected/updateMyOpportunity': [404, 409],
  'GET /opportunity/protected/invoice/:id': [404],
  'POST /plan/protected/plan': [409],
  'POST /payment/paymentResponse/': [404, 409],
  'GET /opportunity/protected/invoices/:userId': [404],
  'PUT /globalParameter/protected': [409],
  'POST /complaint': [404, 409],
  'POST /complaint/protected/:id/resolve/': [404],
  'POST /analytics/contactByWhatsapp': [404],
  'PUT /alerts/protected/savedSearches/:id': [404],
  'DELETE /alerts/protected/savedSearches/:id': [404],
  'PUT /alerts/protected/favourites/:opportunityId': [404],
  'POST /alerts/unsubscribe': [404],
};

/** The route with its documented error answers. */
export const withErrors = (route: RestRoute): RestRoute => ({ ...route, errors: route.errors ?? ROUTE_ERRORS[`${route.method} ${route.path}`] });
