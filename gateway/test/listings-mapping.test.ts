import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { composeSupergraph, openApiDocument, restRoutes, subgraphs } from '../src';

// The listings table through the facade's public route list: each operation is valid against the
// composed API schema, and each `respond` and `variables` turns GraphQL shapes into the legacy ones.
const find = (method: string, path: string) => {
  const route = restRoutes.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};
const request = (params: Record<string, string> = {}, body: unknown = undefined) => ({ params, query: {}, body });

const graphAd = {
  id: 'ad1',
  brand: 'TOYOTA',
  model: 'Corolla',
  year: 2018,
  extraList: ['AIR_CONDITIONING', 'SUNROOF'],
  attachmentIds: ['p1', 'p2'],
  phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
  level: 'SILVER',
  status: 'PUBLIC_ONLINE',
  isNew: true,
  user: { id: 'u1' },
  carIdNumber: null,
  dateCreated: null,
};

describe('the listings paths of the REST facade', () => {
  const apiSchema = buildSchema(composeSupergraph(subgraphs).apiSchemaSdl);
  const listingPaths = restRoutes.filter((r) => r.tag !== 'billing' && /^\/(opportunity|tally)\/|myWishList/.test(r.path));

  it('cover every /opportunity, /tally and myWishList call of both specs in scope', () => {
    expect(listingPaths.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /users/protected/myWishList',
      'GET /opportunity/:id',
      'GET /opportunity/:id/contact',
      'GET /opportunity/available/:page',
      'GET /opportunity/homeCarousel',
      'GET /opportunity/protected/:status/:page',
      'GET /opportunity/protected/myOpportunities/:status/:page',
      'GET /opportunity/protected/statusHistory/:opportunityId',
      'GET /opportunity/protected/userActiveOpportunities/:page/:userId',
      'GET /opportunity/protected/userOpportunities/:userId/:page',
      'GET /opportunity/sellerAvailableOpportunities/:sellerId/:page',
      'GET /tally/:id/count',
      'GET /tally/:id/increment',
      'GET /users/protected/myWishList/:page',
      'POST /users/protected/myWishList',
      'PUT /opportunity/protected/myOpportunityStatusUpdate',
      'PUT /opportunity/protected/updateStatus',
    ]);
  });

  it.each(listingPaths.map((r) => [`${r.method} ${r.path}`, r] as const))('%s runs an operation valid against the supergraph', (_name, route) => {
    expect(validate(apiSchema, parse(route.operation)).map((e) => e.message)).toEqual([]);
  });

  it('marks exactly the paths with the protected segment as needing a token', () => {
    for (const r of listingPaths) expect(r.protected, r.path).toBe(r.path.includes('/protected/'));
  });

  it('answers the legacy ad object: comma-separated lists, phones as JSON text, the level code, no plate or date when GraphQL gives none', () => {
    const ad = find('GET', '/opportunity/:id').respond({ opportunity: graphAd }) as Record<string, unknown>;
    expect(ad).toEqual({
      id: 'ad1',
      brand: 'TOYOTA',
      model: 'Corolla',
      year: 2018,
      extraList: 'AIR_CONDITIONING,SUNROOF',
      attachmentIds: 'p1,p2',
      phoneList: '[{"phone":"88881234","phoneType":"WHATSAPP"}]',
      level: 3,
      status: 'PUBLIC_ONLINE',
      isNew: true,
      user: { id: 'u1' },
    });
    expect(ad).not.toHaveProperty('carIdNumber');
    const owned = find('GET', '/opportunity/:id').respond({
      opportunity: { ...graphAd, level: 'GOLD', carIdNumber: 'ABC123', dateCreated: '2025-03-01T12:00:00.000Z', extraList: [] },
    });
    expect(owned).toMatchObject({ level: 4, carIdNumber: 'ABC123', dateCreated: '2025-03-01T12:00:00.000Z', extraList: '' });
  });

  it('answers the paginated result of spec 01 §3', () => {
    const page = find('GET', '/opportunity/available/:page').respond({
      availableOpportunities: { items: [graphAd], page: 2, pageSize: 10, totalItems: 11, totalPages: 2 },
    });
    expect(page).toMatchObject({ totalItems: 11, perPage: 10, pageNumber: 2, totalPages: 2, items: [{ id: 'ad1', level: 3 }] });
  });

  it('reads whole page numbers from 1 and refuses anything else with a 400', () => {
    const available = find('GET', '/opportunity/available/:page');
    expect(available.variables?.(request({ page: '3' }))).toEqual({ page: 3 });
    for (const page of ['0', '-1', 'abc', '1.5', '01', '99999999999']) {
      expect(() => available.variables?.(request({ page })), page).toThrow(
        expect.objectContaining({ statusCode: 400, message: expect.stringContaining('page') }),
      );
    }
  });

  it('refuses an unknown status with a 400 before any operation runs', () => {
    const byStatus = find('GET', '/opportunity/protected/:status/:page');
    expect(byStatus.variables?.(request({ status: 'RENEWED', page: '1' }))).toEqual({ status: 'RENEWED', page: 1 });
    expect(() => byStatus.variables?.(request({ status: 'public_online', page: '1' }))).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => find('PUT', '/opportunity/protected/updateStatus').variables?.(request({}, { id: 'ad1', newStatus: 'GONE' }))).toThrow(/newStatus/);
  });

  it('lets an owner ask only for SOLD, and reads the ad id from the body', () => {
    const sold = find('PUT', '/opportunity/protected/myOpportunityStatusUpdate');
    expect(sold.variables?.(request({}, { id: 'ad1', newStatus: 'SOLD' }))).toEqual({ id: 'ad1' });
    expect(() => sold.variables?.(request({}, { id: 'ad1', newStatus: 'EXPIRED' }))).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringContaining('SOLD') }),
    );
    const add = find('POST', '/users/protected/myWishList');
    expect(add.variables?.(request({}, { ...graphAd, id: 'ad9' }))).toEqual({ id: 'ad9' });
    for (const body of [undefined, 'ad1', {}, { id: ' ' }, { id: 7 }])
      expect(() => add.variables?.(request({}, body))).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it('documents the paginated shape and the ad object in OpenAPI', () => {
    const doc = openApiDocument(restRoutes);
    const get = doc.paths['/api/v1/opportunity/available/{page}']?.get as {
      responses: Record<number, { content: Record<string, { schema: { required: string[] } }> }>;
    };
    expect(get.responses[200]!.content['application/json']!.schema.required).toEqual(['items', 'totalItems', 'perPage', 'pageNumber', 'totalPages']);
    expect(doc.paths['/api/v1/users/protected/myWishList']).toHaveProperty('delete.security', [{ bearer: [] }]);
  });
});
