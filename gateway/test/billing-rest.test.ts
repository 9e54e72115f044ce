// Full services, not light subgraph fixtures: billing's checkout, its sandbox pages and listings' levels working together.
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { composeSupergraph, restRoutes, subgraphs } from '../src';
import { E_INVOICE, eventually, legacyAd, type Json, type Stack } from './stack';
import { stackForFile } from './stack-for-file';

// The billing paths of /api/v1 over HTTP, with every real subgraph in process behind the gateway and
// billing's own sandbox checkout pages on the same server, as the all-in-one launcher wires them.

let stack: Stack;

const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', other: 'ADVERTISER', buyer: 'ADVERTISER' } as const;

const { users, api } = stackForFile(people, async (started) => {
  stack = started;

  // Listings and billing learn of the users from identity's events.
  await eventually(async () => {
    const res = await api('GET', '/users/protected/planstatus', { token: users.seller.token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  });
});

const legacy = (overrides: Json = {}) => legacyAd(1, overrides);

/** Pays on the sandbox page as a browser does; answers the signed response of the redirect back. */
async function pay(redirectUrl: string, cardNumber = '4242424242424242') {
  const url = new URL(redirectUrl);
  const page = await stack.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  const posted = await stack.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/40', cvc: '123', holder: 'Ana Mora', action: 'pay' }).toString(),
  });
  expect(posted.statusCode).toBe(303);
  const back = new URL(posted.headers.location as string, 'https://ruedas.test');
  return { path: back.pathname, response: back.searchParams.get('response') as string };
}

async function adStatus(id: string) {
  return (await api('GET', `/opportunity/${id}`, { token: users.seller.token })).body.status as string;
}

describe('prices and plan limits', () => {
  it('GET /opportunity/plansPrices/ answers single and in-plan prices per level and quick approval', async () => {
    const { status, body } = await api('GET', '/opportunity/plansPrices/');
    expect(status).toBe(200);
    expect(body).toEqual({
      single: { goldLevel: 25_000, silverLevel: 15_000, bronzeLevel: 8000 },
      inPlan: { goldLevel: 12_500, silverLevel: 7500, bronzeLevel: 4000 },
      quickApproval: 3000,
    });
  });

  it('GET /opportunity/minNumberOppToBuyInPlan answers the minimum (not an ad id)', async () => {
    const res = await stack.inject({ method: 'GET', url: '/api/v1/opportunity/minNumberOppToBuyInPlan' });
    expect([res.statusCode, res.json()]).toEqual([200, 10]);
  });

  it('GET /users/protected/planstatus is keyed by level and needs a session', async () => {
    expect((await api('GET', '/users/protected/planstatus')).body.code).toBe('0003');
    const { body } = await api('GET', '/users/protected/planstatus', { token: users.seller.token });
    expect(Object.keys(body)).toEqual(['GOLD', 'SILVER', 'BRONZE']);
    expect(body.GOLD).toMatchObject({ planLevel: 'GOLD', availableOpportunities: 0, expirationDate: null, blocked: false });
  });
});

describe('POST /opportunity/protected/ (create and pay)', () => {
  it('a free ad: created unpaid, no redirect, waiting for review', async () => {
    const { status, body } = await api('POST', '/opportunity/protected/', { token: users.seller.token, body: { opportunity: legacy(), invoice: null } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ isPayed: false, redirectUrl: null, total: 0 });
    expect(await adStatus(body.opportunityId)).toBe('PENDING_APPROVAL');
  });

  it(
    'a gold ad: redirect to the payment; paid through POST /payment/paymentResponse/ it is public at once; the same response again answers the ' + 'same',
    async () => {
      const { body } = await api('POST', '/opportunity/protected/', {
        token: users.seller.token,
        body: { opportunity: legacy({ level: 4 }), invoice: E_INVOICE },
      });
      expect(body).toMatchObject({ isPayed: false, total: 25_000 });
      expect(body.redirectUrl).toMatch(/^https:\/\/ruedas\.test\/sandbox-pay\//);
      const invoice = await api('GET', `/opportunity/protected/invoice/${body.opportunityId}`, { token: users.seller.token });
      expect(invoice.body).toMatchObject({
        opportunityId: body.opportunityId,
        amount: 25_000,
        status: 'NEW',
        level: 4,
        idType: 'NATIONAL_ID',
        identification: '112340567',
        fullname: 'Ana Mora Solís',
        userId: users.seller.id,
      });
      const paid = await pay(body.redirectUrl);
      expect(paid.path).toBe('/paymentResultView');
      const confirmed = await api('POST', '/payment/paymentResponse/', { body: paid.response, headers: { 'content-type': 'text/plain' } });
      expect(confirmed).toMatchObject({ status: 200, body: { outcome: 'APPROVED', isPayed: true, opportunityId: body.opportunityId, amount: 25_000 } });
      const again = await api('POST', '/payment/paymentResponse/', { body: { response: paid.response } });
      expect(again.body).toEqual(confirmed.body);
      await eventually(async () => {
        if ((await adStatus(body.opportunityId)) !== 'PUBLIC_ONLINE') throw new Error('not public yet');
      });
      expect((await api('GET', `/opportunity/protected/invoice/${body.opportunityId}`, { token: users.seller.token })).body).toMatchObject({
        status: 'PAID',
        paymentMethod: 'CARD',
      });
    },
  );

  it('a tampered response is refused with a translated 400', async () => {
    const res = await api('POST', '/payment/paymentResponse/', { body: 'eyJmb28iOjF9.AAAA', headers: { 'content-type': 'text/plain' }, language: 'en' });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: 'The payment response is not valid. Nothing was charged.' } });
  });

  it('a double submit with the same requestId creates one ad and one invoice', async () => {
    const submit = () =>
      api('POST', '/opportunity/protected/', { token: users.seller.token, body: { opportunity: legacy({ level: 3 }), requestId: 'wizard-42' } });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(second.body.opportunityId).toBe(first.body.opportunityId);
    expect(second.body.redirectUrl).toBe(first.body.redirectUrl);
    const invoices = await api('GET', `/opportunity/protected/invoices/${users.seller.id}`, { token: users.admin.token });
    expect(invoices.body.filter((invoice: Json) => invoice.opportunityId === first.body.opportunityId)).toHaveLength(1);
  });

  it("a legacy client's ad that leaves fields out takes the spec's defaults; what it sends is kept (issue 31)", async () => {
    const { fuelType: _fuel, transmissionType: _gearbox, extraList: _extras, ...rest } = legacy();
    const { body } = await api('POST', '/opportunity/protected/', {
      token: users.seller.token,
      body: { opportunity: { ...rest, passengersNumber: undefined } },
    });
    const ad = (await api('GET', `/opportunity/${body.opportunityId}`, { token: users.seller.token })).body;
    expect(ad).toMatchObject({ fuelType: 'GASOLINE', transmissionType: 'MANUAL', passengersNumber: 5 });
    expect(ad.extraList.split(',')).toContain('AIR_CONDITIONING');
    const sent = await api('POST', '/opportunity/protected/', {
      token: users.seller.token,
      body: { opportunity: legacy({ transmissionType: 'AUTOMATIC', extraList: '' }) },
    });
    const kept = (await api('GET', `/opportunity/${sent.body.opportunityId}`, { token: users.seller.token })).body;
    expect(kept).toMatchObject({ transmissionType: 'AUTOMATIC', extraList: '' });
  });

  it('refuses a visitor (0003) and an invalid ad (400 with fields), creating nothing', async () => {
    expect((await api('POST', '/opportunity/protected/', { body: { opportunity: legacy() } })).body.code).toBe('0003');
    const bad = await api('POST', '/opportunity/protected/', { token: users.seller.token, body: { opportunity: legacy({ model: '' }) } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('model');
    const malformed = await api('POST', '/opportunity/protected/', { token: users.seller.token, body: { opportunity: 'nope' } });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION']);
  });
});

describe('PUT /opportunity/protected/updateMyOpportunity', () => {
  it('an unpaid free ad raised to silver answers the payment redirect; a plain edit answers no payment', async () => {
    const created = await api('POST', '/opportunity/protected/', { token: users.seller.token, body: { opportunity: legacy() } });
    const id = created.body.opportunityId;
    const plain = await api('PUT', '/opportunity/protected/updateMyOpportunity', {
      token: users.seller.token,
      body: { opportunity: legacy({ id, model: 'Yaris' }) },
    });
    expect(plain.body).toEqual({ opportunityId: id, isPayed: false, redirectUrl: null });
    const raised = await api('PUT', '/opportunity/protected/updateMyOpportunity', {
      token: users.seller.token,
      body: { opportunity: legacy({ id, level: 3 }) },
    });
    expect(raised.body).toMatchObject({ opportunityId: id, isPayed: false, total: 15_000 });
    expect(raised.body.redirectUrl).toMatch(/sandbox-pay/);
    expect((await api('PUT', '/opportunity/protected/updateMyOpportunity', { token: users.other.token, body: { opportunity: legacy({ id }) } })).status).toBe(
      404,
    );
  });
});

describe('plans', () => {
  it('POST /plan/protected/plan answers the redirect; paid, the balance shows in planstatus', async () => {
    const res = await api('POST', '/plan/protected/plan', {
      token: users.buyer.token,
      body: { plan: { planLevel: 3, totalOpportunities: 10 }, invoice: null },
    });
    expect(res.body).toMatchObject({ isPayed: false, amount: 75_000 });
    const paid = await pay(res.body.redirectUrl);
    expect(paid.path).toBe('/buyPlanResult');
    expect((await api('POST', '/payment/paymentResponse/', { body: paid.response, headers: { 'content-type': 'text/plain' } })).body).toMatchObject({
      outcome: 'APPROVED',
      kind: 'PLAN',
    });
    const status = await api('GET', '/users/protected/planstatus', { token: users.buyer.token });
    expect(status.body.SILVER).toMatchObject({ availableOpportunities: 10, blocked: false });
    // A silver ad of the buyer is then paid by the plan.
    const ad = await api('POST', '/opportunity/protected/', { token: users.buyer.token, body: { opportunity: legacy({ level: 3 }) } });
    expect(ad.body).toMatchObject({ isPayed: true, redirectUrl: null, coveredByPlan: true });
  });

  it('refuses a quantity under the minimum', async () => {
    const res = await api('POST', '/plan/protected/plan', { token: users.buyer.token, body: { plan: { planLevel: 'GOLD', totalOpportunities: 3 } } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('totalOpportunities');
  });
});

describe('admin reports', () => {
  it("purchases per user and a user's invoices: administrators only; bad dates are 400", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const report = await api('GET', `/opportunity/protected/userPurchases/2020-01-01/${today.slice(0, 4)}-12-31`, { token: users.admin.token });
    expect(report.status).toBe(200);
    expect(report.body.find((row: Json) => row.userId === users.buyer.id)?.plans).toMatchObject({
      silverQuantity: 10,
      totalPaid: 75_000,
      totalPurchasesQuantity: 1,
    });
    expect((await api('GET', '/opportunity/protected/userPurchases/2020-01-01/2020-12-31', { token: users.seller.token })).status).toBe(403);
    expect((await api('GET', '/opportunity/protected/userPurchases/yesterday/today', { token: users.admin.token })).status).toBe(400);
    expect((await api('GET', `/opportunity/protected/invoices/${users.seller.id}`, { token: users.seller.token })).status).toBe(403);
    const invoices = await api('GET', `/opportunity/protected/invoices/${users.seller.id}`, { token: users.admin.token });
    expect(invoices.body.length).toBeGreaterThan(0);
    expect(invoices.body.every((invoice: Json) => invoice.userId === users.seller.id)).toBe(true);
  });
});

describe('the billing paths of the REST facade', () => {
  const billingPaths = restRoutes.filter((r) => r.tag === 'billing');

  it('cover every billing call of spec 02 §7', () => {
    expect(billingPaths.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /opportunity/minNumberOppToBuyInPlan',
      'GET /opportunity/plansPrices/',
      'GET /opportunity/protected/invoice/:id',
      'GET /opportunity/protected/invoices/:userId',
      'GET /opportunity/protected/userPurchases/:startDate/:endDate',
      'GET /users/protected/planstatus',
      'POST /opportunity/protected/',
      'POST /payment/paymentResponse/',
      'POST /plan/protected/plan',
      'PUT /opportunity/protected/updateMyOpportunity',
    ]);
    for (const r of billingPaths) expect(r.protected, r.path).toBe(r.path.includes('/protected/'));
  });

  it('runs operations valid against the supergraph', () => {
    const apiSchema = buildSchema(composeSupergraph(subgraphs).apiSchemaSdl);
    for (const r of billingPaths)
      expect(
        validate(apiSchema, parse(r.operation)).map((e) => e.message),
        r.path,
      ).toEqual([]);
  });
});
