// Full services, not light subgraph fixtures: media hashes the photos, moderation assesses the ads from listings' events.
import { testPicture } from '@ruedas/testing/pictures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, eventually, sellerProfile, startStack, type Json, type Stack } from './stack';

/**
 * Issue 20 through the whole stack: photos uploaded over REST (re-encoded and hashed by media), ads
 * created over GraphQL, the signals read from the admin's review queue; reports hiding an ad.
 */
const QUEUE =
  `query Q($order: ReviewQueueOrder) { reviewQueue(orderBy: $order) { totalItems items { id riskScore heldFor status riskReasons { reason ` +
  `weight label } } } }`;
const CREATE = 'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id } }';
const PROFILE = 'mutation P($input: ProfileInput!) { updateMyProfile(input: $input) { id } }';
const SET_STATUS = 'mutation S($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { id status } }';
const REPORT = 'mutation R($input: ComplaintInput!) { reportOpportunity(input: $input) { id } }';
const APPROVE = 'mutation A($id: ID!) { approveOpportunity(id: $id) { decision } }';
const STATUS = 'query O($id: ID!) { opportunity(id: $id) { id status } }';
const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { status fullName } }';
const PARAMETER = 'mutation P($id: ID!, $quantity: Float!) { updateGlobalParameter(id: $id, quantity: $quantity) { id quantity } }';

const SELLERS = ['ana', 'beto', 'caro', 'dani', 'eva', 'fede', 'gabi', 'hugo', 'ivan'] as const;
type Seller = (typeof SELLERS)[number];

let stack: Stack;
let admin: string;
const token = (name: Seller) => stack.accounts[name]!.token;
/** Each seller's own phone (the stack gives every account the same one). */
const phoneOf = (name: Seller) => `8${String(SELLERS.indexOf(name) + 1).padStart(3, '0')}-4321`;

async function upload(name: Seller, picture: Buffer): Promise<string> {
  const boundary = 'ruedas-risk';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="car.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await stack.api('POST', '/attachment/protected', {
    token: token(name),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return (answer.body as unknown as string[])[0]!;
}

async function createAd(name: Seller, overrides: Json = {}): Promise<string> {
  const input = adInput({ phoneList: [{ phone: phoneOf(name), phoneType: 'WHATSAPP' }], ...overrides });
  return (await stack.data(CREATE, { input }, token(name))).createOpportunity.id as string;
}

async function queue(language = 'es'): Promise<Json[]> {
  const res = await stack.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: QUEUE, variables: {} },
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': language },
  });
  const answer = res.json() as { data: Json };
  return answer.data.reviewQueue.items as Json[];
}

/** The queue's item for an ad once moderation has assessed it with `reasons`. */
async function assessed(id: string, reasons: string[], language = 'es'): Promise<Json> {
  return eventually(async () => {
    const item = (await queue(language)).find((entry) => entry.id === id);
    expect(item?.riskReasons.map((signal: Json) => signal.reason)).toEqual(reasons);
    return item as Json;
  });
}

beforeAll(async () => {
  stack = await startStack({ admin: 'ADMINISTRATOR', ...Object.fromEntries(SELLERS.map((name) => [name, 'ADVERTISER' as const])) });
  admin = stack.accounts.admin!.token;
  // Every ad of this file on one page of the queue.
  await stack.data(PARAMETER, { id: 'ITEMS_PER_LIST', quantity: 100 }, admin);
  for (const name of SELLERS) {
    const input = sellerProfile(name, phoneOf(name));
    await stack.data(PROFILE, { input }, token(name));
  }
}, 60_000);
afterAll(() => stack?.stop());

describe('scam and duplicate signals in the review queue (issue 20)', () => {
  it("flags a photo of another seller's ad, even re-encoded and resized, and not the original", async () => {
    const original = await createAd('ana', { attachmentIds: [await upload('ana', await testPicture(101))] });
    const copy = await createAd('beto', { model: 'Yaris', attachmentIds: [await upload('beto', await testPicture(101, { width: 320, quality: 55 }))] });
    const flagged = await assessed(copy, ['PHOTO_OF_OTHER_SELLER'], 'en');
    expect(flagged).toMatchObject({
      riskScore: 60,
      heldFor: null,
      riskReasons: [{ reason: 'PHOTO_OF_OTHER_SELLER', weight: 60, label: "Photos identical to another seller's" }],
    });
    await assessed(original, []);
    // Riskiest first by default; oldest first on request.
    const ids = (await queue()).map((item) => item.id);
    expect(ids.indexOf(copy)).toBeLessThan(ids.indexOf(original));
    const oldest = await stack.data(QUEUE, { order: 'OLDEST' }, admin);
    const oldestIds = oldest.reviewQueue.items.map((item: Json) => item.id);
    expect(oldestIds.indexOf(original)).toBeLessThan(oldestIds.indexOf(copy));
  });

  it('flags the same photo in two live ads of one seller as a duplicate ad; a different photo is clean', async () => {
    const first = await createAd('caro', { attachmentIds: [await upload('caro', await testPicture(202))] });
    const second = await createAd('caro', { model: 'Rav4', attachmentIds: [await upload('caro', await testPicture(202, { brightness: 1.1, quality: 70 }))] });
    const other = await createAd('caro', { model: 'Hilux', attachmentIds: [await upload('caro', await testPicture(203))] });
    const item = await assessed(second, ['DUPLICATE_AD']);
    expect(item).toMatchObject({ riskScore: 50, riskReasons: [{ reason: 'DUPLICATE_AD', label: 'Anuncio duplicado del mismo vendedor' }] });
    await assessed(first, []);
    await assessed(other, []);
  });

  it('flags text asking for money before the car is seen, in Spanish and in English, and not an honest description', async () => {
    const spanish = await createAd('dani', {
      description: 'Excelente estado. Para apartarlo pida el número: adelanto por SINPE Móvil a nombre de mi primo.',
    });
    const english = await createAd('eva', {
      description: 'I am abroad for work, pay the deposit by Western Union and the shipping company brings the car to you.',
    });
    const honest = await createAd('eva', {
      model: 'Yaris',
      description: 'Acepto SINPE Móvil o transferencia al firmar el traspaso. Se recibe carro como parte de pago; revíselo antes de comprar.',
    });
    expect((await assessed(spanish, ['ADVANCE_PAYMENT_TEXT'])).riskScore).toBe(60);
    expect((await assessed(english, ['ADVANCE_PAYMENT_TEXT'], 'en')).riskReasons[0].label).toBe('Asks for money before the car is seen');
    await assessed(honest, []);
  });

  it("flags a phone number used by another account (written any way), and not the seller's own", async () => {
    const shared = await createAd('fede', { phoneList: [{ phone: phoneOf('gabi').replace('-', ''), phoneType: 'MOBILE' }] });
    const own = await createAd('gabi', { model: 'Yaris' });
    expect((await assessed(shared, ['SHARED_PHONE'])).riskScore).toBe(25);
    // gabi's number is now on two accounts: gabi's next ad shows it too.
    await assessed(own, ['SHARED_PHONE']);
  });

  it('flags every ad of a brand-new account that publishes NEW_ACCOUNT_MAX_ADS (4) ads at once, not the first three before the fourth', async () => {
    const ids: string[] = [];
    for (const model of ['Corolla', 'Yaris', 'Hilux']) ids.push(await createAd('hugo', { model }));
    for (const id of ids) await assessed(id, []);
    ids.push(await createAd('hugo', { model: 'Rav4' }));
    for (const id of ids) expect((await assessed(id, ['NEW_ACCOUNT_BURST'])).riskScore).toBe(20);
  });
});

describe('reports by several people hide an ad until an administrator decides (issue 20)', () => {
  it('hides a public ad once reports weigh REPORTS_TO_HIDE, queues it, and an approval brings it back, all in its history', async () => {
    // The stack's accounts are new (a third each, issue 28): three of them, from their own addresses, weigh one.
    await stack.data(PARAMETER, { id: 'REPORTS_TO_HIDE', quantity: 1 }, admin);
    const id = await createAd('ivan');
    await stack.data(SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, admin);
    const report = async (name: Seller, remoteAddress: string) => {
      const answer = await stack.graphql(
        REPORT,
        { input: { opportunityId: id, details: 'Pide adelanto antes de verlo' } },
        { token: token(name), remoteAddress },
      );
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    };
    await eventually(async () => expect((await stack.data(STATUS, { id })).opportunity.status).toBe('PUBLIC_ONLINE'));
    await eventually(() => report('ana', '192.0.2.31'));
    // One person is not enough (and reporting twice is refused: one open complaint per person).
    const again = await stack.graphql(REPORT, { input: { opportunityId: id, details: 'otra vez' } }, { token: token('ana'), remoteAddress: '192.0.2.31' });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await report('beto', '192.0.2.32');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stack.data(STATUS, { id }, admin)).opportunity.status).toBe('PUBLIC_ONLINE');
    await report('caro', '192.0.2.33');
    const held = await eventually(async () => {
      const item = (await queue()).find((entry) => entry.id === id);
      expect(item).toMatchObject({ heldFor: 'REPORTS', status: 'PENDING_APPROVAL' });
      return item;
    });
    expect(held).toBeDefined();
    // Hidden from the public: a visitor no longer reads it.
    expect((await stack.graphql(STATUS, { id })).data?.opportunity ?? null).toBeNull();
    await stack.data(APPROVE, { id }, admin);
    await eventually(async () => expect((await stack.data(STATUS, { id })).opportunity.status).toBe('PUBLIC_ONLINE'));
    const history = (await stack.data(HISTORY, { id }, admin)).statusHistory.map((entry: Json) => entry.status);
    expect(history).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE', 'PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE']);
    // The reports before the decision are settled: they do not hide it again.
    expect((await queue()).some((entry) => entry.id === id)).toBe(false);
  });
});
