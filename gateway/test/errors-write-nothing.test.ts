// Full services, not light subgraph fixtures: 'nothing written' is read back from listings' and billing's stores, and one ad
// per idempotency key is listings' own rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, E_INVOICE, eventually, legacyAd, startStack, type Json, type Stack } from './stack';

/**
 * Issue 14 item 5: an answer with an error means nothing changed. The attack run's requests are
 * sent as they were (an invoice of 123, invalid invoice fields, an edit with "invoice": "bad") and
 * the seller's ads are counted and read back; retries of one create with one idempotency key, in
 * parallel bursts over REST and GraphQL, make one ad.
 */

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', retrier: 'ADVERTISER', grapher: 'ADVERTISER' } as const;

beforeAll(async () => {
  stack = await startStack(people);
  await eventually(async () => {
    for (const name of Object.keys(people)) {
      const res = await stack.api('GET', '/users/protected/planstatus', { token: stack.accounts[name]!.token });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  });
}, 120_000);
afterAll(() => stack?.stop());

const legacy = (overrides: Json = {}) => legacyAd(4, overrides);

/** Every ad of a seller, whatever its status (the administrator's view). */
async function adsOf(name: string): Promise<Json[]> {
  const res = await stack.api('GET', `/opportunity/protected/userOpportunities/${stack.accounts[name]!.id}/1`, { token: stack.accounts.admin!.token });
  expect(res.status).toBe(200);
  return res.body.items as Json[];
}
const create = (name: string, body: Json, headers: Record<string, string> = {}, language = 'es') =>
  stack.api('POST', '/opportunity/protected/', { token: stack.accounts[name]!.token, body, headers, language });

describe('POST /opportunity/protected/ refused: nothing created', () => {
  it('"invoice": 123, 5 of 5 times', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await create('seller', { opportunity: legacy(), invoice: 123 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect(await adsOf('seller')).toHaveLength(0);
  });

  it('invalid invoice fields: 400 with the translated fields, 5 of 5 times', async () => {
    for (const language of ['es', 'en', 'es', 'en', 'es']) {
      const res = await create(
        'seller',
        { opportunity: legacy(), invoice: { ...E_INVOICE, email: 'not-an-email', phone: '12', identification: 42 } },
        {},
        language,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        fields: {
          'invoice.email': { messageKey: 'invalidEmail' },
          'invoice.phone': { messageKey: 'invalidPhone' },
          'invoice.identification': { messageKey: 'required' },
        },
      });
      expect(res.body.message).toBe(
        language === 'en' ? 'Some of the data is not valid. Check the fields shown.' : 'Algunos datos no son válidos. Revise los campos indicados.',
      );
    }
    expect(await adsOf('seller')).toHaveLength(0);
  });

  it("an Idempotency-Key header that contradicts the body's requestId", async () => {
    const res = await create('seller', { opportunity: legacy(), invoice: E_INVOICE, requestId: 'one' }, { 'idempotency-key': 'two' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('requestId');
    expect(await adsOf('seller')).toHaveLength(0);
  });

  it('a valid request still creates the ad and answers the payment redirect', async () => {
    const res = await create('seller', { opportunity: legacy(), invoice: E_INVOICE });
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toMatch(/sandbox-pay/);
    expect(await adsOf('seller')).toHaveLength(1);
  });
});

describe('PUT /opportunity/protected/updateMyOpportunity refused: nothing changed', () => {
  it('"invoice": "bad" and invalid invoice fields leave the ad as it was', async () => {
    const created = await create('seller', { opportunity: legacy({ level: 1 }) });
    const id = created.body.opportunityId as string;
    const before = (await stack.api('GET', `/opportunity/${id}`, { token: stack.accounts.seller!.token })).body;
    const bad = await stack.api('PUT', '/opportunity/protected/updateMyOpportunity', {
      token: stack.accounts.seller!.token,
      body: { opportunity: legacy({ id, level: 3, model: 'Yaris' }), invoice: 'bad' },
    });
    expect(bad.status).toBe(400);
    const invalid = await stack.api('PUT', '/opportunity/protected/updateMyOpportunity', {
      token: stack.accounts.seller!.token,
      body: { opportunity: legacy({ id, level: 3, model: 'Yaris' }), invoice: { ...E_INVOICE, email: 'nope' } },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'VALIDATION', fields: { 'invoice.email': { messageKey: 'invalidEmail' } } } });
    const after = (await stack.api('GET', `/opportunity/${id}`, { token: stack.accounts.seller!.token })).body;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ model: 'Corolla', level: 1 });
  });
});

describe('a retried create with one idempotency key makes one ad', () => {
  it('REST: a burst of 20 parallel retries with one Idempotency-Key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create('retrier', { opportunity: legacy(), invoice: E_INVOICE }, { 'idempotency-key': 'wizard-burst-1' })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.opportunityId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.redirectUrl)).size).toBe(1);
    expect(await adsOf('retrier')).toHaveLength(1);
    const invoices = await stack.api('GET', `/opportunity/protected/invoices/${stack.accounts.retrier!.id}`, { token: stack.accounts.admin!.token });
    expect(invoices.body).toHaveLength(1);
  });

  it('GraphQL: a burst of 20 parallel createOpportunity with one requestId', async () => {
    const mutation = 'mutation C($input: OpportunityInput!, $requestId: String) { createOpportunity(input: $input, requestId: $requestId) { id } }';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stack.graphql(mutation, { input: adInput(), requestId: 'wizard-burst-2' }, { token: stack.accounts.grapher!.token })),
    );
    expect(answers.every((a) => !a.errors)).toBe(true);
    expect(new Set(answers.map((a) => a.data?.createOpportunity.id)).size).toBe(1);
    expect(await adsOf('grapher')).toHaveLength(1);
  });
});
