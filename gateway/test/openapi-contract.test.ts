// Full services, not light subgraph fixtures: the document is checked against what the real services answer; over fixtures
// it would check the fixtures' shapes. The reference page /api/v1/docs, the gateway's own, is in api-headers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { restRoutes } from '../src';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';
import { JPEG } from './fixtures/red-jpeg';

// Every answer a legacy client gets, checked against the OpenAPI document the gateway serves: the
// status must be one the operation documents, and the body must match that response's schema. The
// calls exercise every documented operation that runs a GraphQL operation (and the photo paths),
// with successes and the error answers they document.

let stack: Stack;
let document: Json;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', other: 'ADVERTISER', impersonator: 'IMPERSONALIZATOR' } as const;
type Person = keyof typeof people;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Replaces `#/...` references by what they point at (the document has no cycles). */
function resolved(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(resolved);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/'))
    return resolved(
      ref
        .slice(2)
        .split('/')
        .reduce((at: Json, key) => at[key], document),
    );
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value)]));
}

/** The operation of the document that answers `method` `path` (a concrete path, its query left off). */
function operationOf(method: string, path: string): { template: string; operation: Json } {
  const bare = path.split('?')[0]!;
  // Static segments win over parameters, as the facade's router decides.
  const candidates = Object.keys(document.paths)
    .filter((template) => document.paths[template][method.toLowerCase()])
    .filter((template) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare))
    .sort((a, b) => ((b.match(/\{/g)?.length ?? 0) < (a.match(/\{/g)?.length ?? 0) ? 1 : -1));
  const template = candidates[0];
  if (!template) throw new Error(`${method} ${path} is not documented`);
  return { template, operation: document.paths[template][method.toLowerCase()] };
}

const checked = new Map<string, Set<number>>();

/** One call as a legacy client makes it, its answer checked against the document. */
async function call(
  who: Person | null,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; language?: string; payload?: Buffer } = {},
) {
  const answer = await stack.api(method, path, { ...(who ? { token: stack.accounts[who]!.token } : {}), ...options });
  const { template, operation } = operationOf(method, `/api/v1${path}`);
  const where = `${method} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(Object.keys(operation.responses), where).toContain(String(answer.status));
  const response = resolved(operation.responses[String(answer.status)]) as Json;
  const schema = response.content?.['application/json']?.schema;
  if (schema) {
    const validate = ajv.compile(schema);
    expect(validate(answer.body) ? [] : validate.errors, where).toEqual([]);
  }
  const key = `${method} ${template}`;
  checked.set(key, (checked.get(key) ?? new Set()).add(answer.status));
  return answer;
}

const ok = async (...args: Parameters<typeof call>) => {
  const answer = await call(...args);
  expect(answer.status, `${args[1]} ${args[2]}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  return answer.body;
};

/** A multipart upload of `files` named as given. */
function upload(files: Array<{ name: string; type: string; body: Buffer }>) {
  const boundary = `----ruedas${Math.random().toString(36).slice(2)}`;
  const parts = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.body,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const ids = {} as { ad: string; pending: string; complaint: string };

beforeAll(async () => {
  stack = await startStack(people);
  document = (await stack.api('GET', '/openapi.json')).body;
  // Listings and billing learn of the users from identity's events.
  await eventually(async () => expect((await stack.api('GET', '/users/protected/planstatus', { token: stack.accounts.seller!.token })).status).toBe(200));
}, 60_000);
afterAll(() => stack?.stop());

describe('answers match the OpenAPI document', () => {
  it('system, users and accounts', async () => {
    await ok(null, 'GET', '/globalParameter/systemsVersion');
    const seller = stack.accounts.seller!;
    await ok(null, 'POST', '/users/login', { body: { email: seller.email, password: 'Cielo-Azul-2025' } });
    await call(null, 'POST', '/users/login', { body: { email: seller.email, password: 'wrong-password-1' } });
    await call(null, 'POST', '/users/login', { body: { email: 'x' } });
    await ok('other', 'PUT', '/users/protected/newLanguage', { body: { language: 'en' } });
    await ok('other', 'PUT', '/users/protected/newLanguage', { body: 'es', headers: { 'content-type': 'text/plain' } });
    await call('other', 'PUT', '/users/protected/newLanguage', { body: { language: 'fr' } });
    await call(null, 'PUT', '/users/protected/newLanguage', { body: { language: 'en' } });
    await ok(null, 'POST', '/users/register', {
      body: {
        callbacktoken: null,
        ekey: null,
        user: {
          email: 'nueva@example.com',
          password: 'Montaña-Verde-2026',
          name: 'Nueva',
          lastName: 'Mora',
          userType: 'PERSON',
          phoneList: [{ phone: '8888-4321', phoneType: 'WHATSAPP' }],
          province: '1',
          canton: '101',
          district: '10101',
        },
      },
    });
    await call(null, 'POST', '/users/register', { body: { user: { email: 'no' } } });
    await call(null, 'POST', '/users/accountConfirm', { body: { link: 'not-a-link' } });
    await ok(null, 'POST', '/users/passwordResetGenerateEmail/nueva@example.com/en');
    await call(null, 'POST', '/users/passwordReset', { body: { token: 'not-a-token', password: 'Montaña-Verde-2027' } });
    await ok(null, 'GET', `/users/sellerInfo/${seller.id}`);
    await call(null, 'GET', '/users/sellerInfo/nobody');
    const me = await ok('seller', 'GET', `/users/protected/${seller.id}`);
    await call('seller', 'GET', `/users/protected/${stack.accounts.other!.id}`);
    await call(null, 'GET', `/users/protected/${seller.id}`);
    await ok('seller', 'PUT', '/users/protected/updateMyProfile', { body: me });
    await call('seller', 'PUT', '/users/protected/updateMyProfile', { body: { ...me, name: '1' } });
    const all = await ok('admin', 'GET', '/users/protected/all?sort=email:asc');
    expect(all.length).toBeGreaterThanOrEqual(4);
    await call('seller', 'GET', '/users/protected/all');
    const other = await ok('admin', 'GET', `/users/protected/${stack.accounts.other!.id}`);
    await ok('admin', 'PUT', '/users/protected/adminUpdate', { body: { ...other, lastName2: 'Solís' } });
    await call('admin', 'PUT', '/users/protected/adminUpdate', { body: { ...other, email: 'not-an-email' } });
    await call('seller', 'PUT', '/users/protected/adminUpdate', { body: other });
    await ok('impersonator', 'POST', '/users/impersonalRegister', {
      body: {
        user: {
          email: 'cliente@example.com',
          name: 'Cliente',
          lastName: 'Mora',
          userType: 'PERSON',
          phoneList: [{ phone: '8888-4321' }],
          province: '1',
          canton: '101',
          district: '10101',
        },
        plan: { planLevel: 'GOLD', totalOpportunities: 2 },
      },
    });
    await call('impersonator', 'POST', '/users/impersonalRegister', { body: { user: { email: 'x' } } });
  });

  it('ads, payments, favourites and tallies', async () => {
    await ok(null, 'GET', '/opportunity/plansPrices/');
    await ok(null, 'GET', '/opportunity/minNumberOppToBuyInPlan');
    await ok('seller', 'GET', '/users/protected/planstatus');
    const created = await ok('seller', 'POST', '/opportunity/protected/', {
      body: {
        opportunity: { ...adInput(), level: 1, extraList: 'AIRBAGS', phoneList: JSON.stringify([{ phone: '8888-1234', phoneType: 'WHATSAPP' }]) },
        invoice: null,
      },
    });
    ids.ad = created.opportunityId;
    ids.pending = (await ok('seller', 'POST', '/opportunity/protected/', { body: { opportunity: adInput({ model: 'Yaris' }) } })).opportunityId;
    await call('seller', 'POST', '/opportunity/protected/', { body: { opportunity: adInput({ year: 3000 }) } });
    await call(null, 'POST', '/opportunity/protected/', { body: { opportunity: adInput() } });
    await ok('seller', 'PUT', '/opportunity/protected/updateMyOpportunity', { body: { opportunity: { ...adInput({ price: 9_000_000 }), id: ids.ad } } });
    await call('other', 'PUT', '/opportunity/protected/updateMyOpportunity', { body: { opportunity: { ...adInput(), id: ids.ad } } });
    await ok('admin', 'PUT', '/opportunity/protected/updateStatus', { body: { id: ids.ad, newStatus: 'PUBLIC_ONLINE' } });
    await call('admin', 'PUT', '/opportunity/protected/updateStatus', { body: { id: 'nothing', newStatus: 'PUBLIC_ONLINE' } });
    await call('seller', 'PUT', '/opportunity/protected/updateStatus', { body: { id: ids.ad, newStatus: 'PUBLIC_ONLINE' } });
    await ok('seller', 'GET', `/opportunity/protected/invoice/${ids.ad}`);
    await ok(null, 'GET', '/opportunity/homeCarousel');
    await eventually(async () => expect((await ok(null, 'GET', '/opportunity/available/1')).totalItems).toBe(1));
    await call(null, 'GET', '/opportunity/available/0');
    await ok(null, 'GET', `/opportunity/sellerAvailableOpportunities/${stack.accounts.seller!.id}/1`);
    await ok(null, 'GET', `/opportunity/${ids.ad}`);
    await call(null, 'GET', `/opportunity/${ids.pending}`);
    await ok(null, 'GET', `/opportunity/${ids.ad}/contact`);
    await ok(null, 'GET', `/tally/${ids.ad}/increment`);
    await ok(null, 'GET', `/tally/${ids.ad}/count`);
    await ok('seller', 'GET', '/opportunity/protected/myOpportunities/PENDING_APPROVAL/1');
    await call('seller', 'GET', '/opportunity/protected/myOpportunities/NOPE/1');
    await ok('seller', 'GET', `/opportunity/protected/userActiveOpportunities/1/${stack.accounts.seller!.id}`);
    await ok('admin', 'GET', `/opportunity/protected/userOpportunities/${stack.accounts.seller!.id}/1`);
    await call('other', 'GET', `/opportunity/protected/userOpportunities/${stack.accounts.seller!.id}/1`);
    await ok('seller', 'GET', `/opportunity/protected/statusHistory/${ids.ad}`);
    await ok('admin', 'GET', '/opportunity/protected/PUBLIC_ONLINE/1');
    await ok('other', 'POST', '/users/protected/myWishList', { body: { id: ids.ad } });
    await call('other', 'POST', '/users/protected/myWishList', { body: { id: 'nothing' } });
    await ok('other', 'GET', '/users/protected/myWishList/1');
    await ok('other', 'DELETE', '/users/protected/myWishList', { body: { id: ids.ad } });
    const [photo] = (await ok(
      'seller',
      'POST',
      '/attachment/protected',
      upload([{ name: 'rojo.jpg', type: 'image/jpeg', body: JPEG }]),
    )) as unknown as string[];
    await call('seller', 'POST', '/attachment/protected', upload([{ name: 'notas.txt', type: 'text/plain', body: Buffer.from('no es una foto') }]));
    await call(null, 'POST', '/attachment/protected', upload([{ name: 'rojo.jpg', type: 'image/jpeg', body: JPEG }]));
    const image = await stack.inject({ method: 'GET', url: `/api/v1/attachment/${photo}?thumb=true`, headers: { accept: 'image/webp' } });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(Object.keys(operationOf('GET', `/api/v1/attachment/${photo}`).operation.responses[200].content)).toContain('image/webp');
    await call('other', 'DELETE', `/attachment/protected/${photo}`);
    await ok('seller', 'DELETE', `/attachment/protected/${photo}`);
    await ok(null, 'POST', '/search/advanceSearch', { body: { brand: 'toyota', pageNumber: 1 } });
    await call(null, 'POST', '/search/advanceSearch', { body: { year: 3000 } });

    const plan = await ok('seller', 'POST', '/plan/protected/plan', { body: { plan: { planLevel: 'SILVER', totalOpportunities: 10 }, invoice: null } });
    await call('seller', 'POST', '/plan/protected/plan', { body: { plan: { planLevel: 'SILVER', totalOpportunities: 1 } } });
    const url = new URL(plan.redirectUrl as string);
    const posted = await stack.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'Ana Mora', action: 'pay' }).toString(),
    });
    const response = new URL(posted.headers.location as string, 'https://ruedas.test').searchParams.get('response')!;
    await ok(null, 'POST', '/payment/paymentResponse/', { body: response, headers: { 'content-type': 'text/plain' } });
    await ok(null, 'POST', '/payment/paymentResponse/', { body: { response } });
    await call(null, 'POST', '/payment/paymentResponse/', { body: { response: 'eyJmb28iOjF9.AAAA' } });
    const today = new Date().toISOString().slice(0, 10);
    await ok('admin', 'GET', `/opportunity/protected/userPurchases/2020-01-01/${today}`);
    await call('admin', 'GET', '/opportunity/protected/userPurchases/2020-01-01/tomorrow');
    await ok('admin', 'GET', `/opportunity/protected/invoices/${stack.accounts.seller!.id}`);
    await call('seller', 'GET', `/opportunity/protected/invoices/${stack.accounts.seller!.id}`);
    await ok('seller', 'PUT', '/opportunity/protected/myOpportunityStatusUpdate', { body: { id: ids.ad, newStatus: 'SOLD' } });
    await call('seller', 'PUT', '/opportunity/protected/myOpportunityStatusUpdate', { body: { id: ids.ad, newStatus: 'SOLD' } });
  });

  it('administration: parameters, complaints, contacts, dashboard', async () => {
    const parameters = await ok('admin', 'GET', '/globalParameter/protected');
    expect(parameters.length).toBeGreaterThan(5);
    await ok('admin', 'PUT', '/globalParameter/protected', { body: [{ id: 'ITEMS_PER_LIST', quantity: 12 }] });
    await call('admin', 'PUT', '/globalParameter/protected', { body: [{ id: 'ITEMS_PER_LIST', quantity: 0 }] });
    await call('seller', 'GET', '/globalParameter/protected');
    const target = ids.pending;
    await ok('admin', 'PUT', '/opportunity/protected/updateStatus', { body: { id: target, newStatus: 'PUBLIC_ONLINE' } });
    // Moderation learns of the public ad from listings' events.
    ids.complaint = await eventually(
      async () => (await ok(null, 'POST', '/complaint', { body: { opportunityId: target, details: 'Las fotos son de otro carro' } })).id as string,
    );
    await call(null, 'POST', '/complaint', { body: { opportunityId: target, details: '' } });
    await ok('admin', 'GET', '/complaint/protected/unresolved/1');
    await ok('admin', 'POST', `/complaint/protected/${ids.complaint}/resolve/`);
    await call('admin', 'POST', '/complaint/protected/nothing/resolve/');
    await call(null, 'POST', '/analytics/contactByWhatsapp', { body: { opportunityId: target } });
    await call(null, 'POST', '/analytics/contactByWhatsapp', { body: {} });
    const today = new Date().toISOString().slice(0, 10);
    await ok('admin', 'GET', `/dashboard/protected/${today}/${today}`);
    await ok('admin', 'GET', '/dashboard/protected');
    await call('seller', 'GET', '/dashboard/protected');
    await ok('seller', 'POST', '/users/logout');
  });

  it('saved searches and favourite alerts', async () => {
    const saved = await ok('other', 'POST', '/alerts/protected/savedSearches', {
      body: { name: 'Tucson', frequency: 'DAILY', filter: { text: 'hiunday tucson', yearFrom: 2015 } },
    });
    await call('other', 'POST', '/alerts/protected/savedSearches', { body: { name: '', frequency: 'INSTANT', filter: { yearFrom: 2020, yearTo: 2010 } } });
    await call(null, 'POST', '/alerts/protected/savedSearches', { body: { name: 'x', frequency: 'INSTANT', filter: {} } });
    await ok('other', 'GET', '/alerts/protected/savedSearches');
    await call(null, 'GET', '/alerts/protected/savedSearches');
    await ok('other', 'PUT', `/alerts/protected/savedSearches/${saved.id}`, { body: { name: 'Tucson 2015+', paused: true } });
    await call('seller', 'PUT', `/alerts/protected/savedSearches/${saved.id}`, { body: { paused: true } });
    await call('seller', 'DELETE', `/alerts/protected/savedSearches/${saved.id}`);
    await ok('other', 'DELETE', `/alerts/protected/savedSearches/${saved.id}`);
    await ok('other', 'GET', '/alerts/protected/favourites');
    await call(null, 'GET', '/alerts/protected/favourites');
    await ok('other', 'PUT', '/alerts/protected/favourites', { body: { allFavourites: true, paused: false } });
    await call(null, 'PUT', '/alerts/protected/favourites', { body: { allFavourites: true } });
    await ok('other', 'POST', '/users/protected/myWishList', { body: { id: ids.pending } });
    await ok('other', 'PUT', `/alerts/protected/favourites/${ids.pending}`, { body: { enabled: true } });
    await call('other', 'PUT', '/alerts/protected/favourites/nothing', { body: { enabled: true } });
    await call(null, 'POST', '/alerts/unsubscribe', { body: { token: 'not-a-token' } });
  });

  it('exercised every documented operation of the facade, with an error answer for most', () => {
    const facade = restRoutes.map((route) => `${route.method} /api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(expect.arrayContaining(facade));
    // Images are not JSON: the photo's GET is checked above by its content type, the share page by the media service's tests.
    const notJson = ['GET /api/v1/attachment/{id}', 'GET /preview/{id}'];
    expect(documented.filter((operation) => !checked.has(operation) && !notJson.includes(operation))).toEqual([]);
    const withError = facade.filter((operation) => [...checked.get(operation)!].some((status) => status >= 400));
    expect(withError.length / facade.length).toBeGreaterThan(0.6);
  });
});
