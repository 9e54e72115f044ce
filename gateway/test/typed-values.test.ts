// Full services, not light subgraph fixtures: billing's money and moderation's dates as the services answer them, payments
// through billing's sandbox pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { adInput, eventually, payAtSandbox, startStack, type Json, type Stack } from './stack';

// Billing's money and moderation's dates as another team's client reads them (issue 18, decisions
// 0070 and 0095): Money { amount, currency } beside every deprecated Float, DateTime beside every
// deprecated String instant, Date arguments and fields for Costa Rica days. Every real subgraph runs
// in process behind the gateway; payments go through billing's sandbox pages as a browser's would.

let stack: Stack;
let seller: { id: string; token: string };
let admin: { id: string; token: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Today in Costa Rica (UTC-6 all year), as a Date argument. */
const today = () => new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
const crc = (amount: string) => ({ amount, currency: 'CRC' });

/** A fresh ad of the seller, public (an administrator's status change: an audit entry). */
async function publicAd(overrides: Json = {}): Promise<string> {
  const created = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput(overrides) },
    seller.token,
  );
  const id = created.createOpportunity.id as string;
  await eventually(() => stack.data('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, admin.token));
  return id;
}

/** A GOLD ad checked out, paid on the sandbox page and confirmed: answers the checkout and the confirmation. */
async function paidGoldAd() {
  const created = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ level: 'GOLD' }) },
    seller.token,
  );
  const adId = created.createOpportunity.id as string;
  const checkout = await eventually(() =>
    stack.data(
      'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { redirectUrl total amountDue { amount currency ' +
        '} invoice { id total { amount currency } } } }',
      { id: adId },
      seller.token,
    ),
  );
  const { posted, response } = await payAtSandbox(stack, checkout.checkoutOpportunity.redirectUrl as string);
  expect(posted.statusCode).toBe(303);
  const confirmed = await stack.data('mutation($r: String!) { confirmPayment(response: $r) { isPayed amount currency total { amount currency } } }', {
    r: response,
  });
  return { adId, checkout: checkout.checkoutOpportunity, confirmed: confirmed.confirmPayment };
}

beforeAll(async () => {
  stack = await startStack({ seller: 'ADVERTISER', admin: 'ADMINISTRATOR' });
  seller = stack.accounts.seller!;
  admin = stack.accounts.admin!;
}, 60_000);
afterAll(() => stack?.stop());

describe("billing's amounts as Money", () => {
  it('answers the prices as Money beside the deprecated numbers', async () => {
    const data = await stack.data(
      '{ prices { single { gold { amount currency } goldLevel silver { amount } bronze { amount } } inPlan { gold { amount } goldLevel } ' +
        'quickApprovalPrice { amount currency } quickApproval } }',
    );
    const { single, inPlan, quickApprovalPrice, quickApproval } = data.prices;
    expect(single.gold).toEqual(crc(single.goldLevel.toFixed(2)));
    expect(single.gold.amount).toBe('25000.00');
    expect([single.silver.amount, single.bronze.amount]).toEqual(['15000.00', '8000.00']);
    expect(inPlan.gold.amount).toBe(inPlan.goldLevel.toFixed(2));
    expect(quickApprovalPrice).toEqual(crc(quickApproval.toFixed(2)));
  });

  it('answers a checkout, its invoice, the confirmed payment, the purchases report and a refund in Money', async () => {
    const { adId, checkout, confirmed } = await paidGoldAd();
    expect(checkout.amountDue).toEqual(crc('25000.00'));
    expect(checkout.total).toBe(25_000);
    expect(checkout.invoice.total).toEqual(crc('25000.00'));
    expect(confirmed).toEqual({ isPayed: true, amount: 25_000, currency: 'CRC', total: crc('25000.00') });

    const report = await stack.data(
      'query($first: Date!, $last: Date!) { userPurchases(firstDay: $first, lastDay: $last) { userId opportunities { paid { amount currency } ' +
        'totalPaid goldPaid { amount } goldAmount silverPaid { amount } bronzePaid { amount } } plans { paid { amount currency } } } }',
      { first: today(), last: today() },
      admin.token,
    );
    const mine = report.userPurchases.find((row: Json) => row.userId === seller.id);
    expect(mine.opportunities).toMatchObject({
      paid: crc('25000.00'),
      totalPaid: 25_000,
      goldPaid: { amount: '25000.00' },
      goldAmount: 25_000,
      silverPaid: { amount: '0.00' },
    });
    expect(mine.plans.paid).toEqual(crc('0.00'));

    const invoice = await stack.data(
      'query($id: ID!) { opportunityInvoice(opportunityId: $id) { paidAt paymentReceivedAt createdAt } }',
      { id: adId },
      seller.token,
    );
    expect(invoice.opportunityInvoice.paymentReceivedAt).toMatch(ISO_INSTANT);
    expect(invoice.opportunityInvoice.paymentReceivedAt).toBe(invoice.opportunityInvoice.paidAt);

    const cancelled = await stack.data(
      'mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { refund { id amount total { amount currency } recordedAt requestedAt ' +
        'carriedOutAt } } }',
      { id: adId },
      seller.token,
    );
    expect(cancelled.cancelOpportunityPayment.refund).toMatchObject({ amount: 25_000, total: crc('25000.00'), carriedOutAt: null });
    expect(cancelled.cancelOpportunityPayment.refund.recordedAt).toBe(cancelled.cancelOpportunityPayment.refund.requestedAt);
    const done = await stack.data(
      'mutation($id: ID!) { markRefundDone(refundId: $id) { carriedOutAt doneAt } }',
      { id: cancelled.cancelOpportunityPayment.refund.id },
      admin.token,
    );
    expect(done.markRefundDone.carriedOutAt).toMatch(ISO_INSTANT);
    expect(done.markRefundDone.carriedOutAt).toBe(done.markRefundDone.doneAt);
    const refunds = await stack.data('{ refunds(status: DONE) { id total { amount currency } } }', {}, admin.token);
    expect(refunds.refunds).toContainEqual({ id: cancelled.cancelOpportunityPayment.refund.id, total: crc('25000.00') });
  });

  it('keeps the deprecated startDate/endDate working, and names a missing day in both languages', async () => {
    const plans = await stack.data('{ myPlanStatus { planLevel expiresAt expirationDate } }', {}, seller.token);
    expect(plans.myPlanStatus).toContainEqual({ planLevel: 'GOLD', expiresAt: null, expirationDate: null });
    const old = await stack.data(
      'query($s: String!, $e: String!) { userPurchases(startDate: $s, endDate: $e) { userId } }',
      { s: today(), e: today() },
      admin.token,
    );
    expect(Array.isArray(old.userPurchases)).toBe(true);
    for (const language of ['es', 'en'] as const) {
      const res = await stack.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'accept-language': language },
        payload: { query: 'query($first: Date!) { userPurchases(firstDay: $first) { userId } }', variables: { first: today() } },
      });
      const [error] = res.json().errors;
      expect(error.extensions.code).toBe('VALIDATION');
      expect(Object.keys(error.extensions.fields)).toEqual(['lastDay']);
      expect(error.extensions.fields.lastDay.message).toBe(translate('invalidDateRange', language));
    }
  });

  it('refuses a day after the last one naming firstDay, and a visitor before looking at the days', async () => {
    const reversed = await stack.graphql('{ userPurchases(firstDay: "2026-03-31", lastDay: "2026-03-01") { userId } }', {}, { token: admin.token });
    expect(reversed.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', fields: { firstDay: { messageKey: 'invalidDateRange' } } });
    const visitor = await stack.graphql('{ userPurchases(firstDay: "2026-03-31") { userId } }');
    expect(visitor.errors?.[0]?.extensions?.code).toBe('0003');
  });
});

describe("moderation's dates as DateTime and Date", () => {
  it('answers a complaint, the complaints list and a contact click with createdAt (DateTime) beside dateCreated', async () => {
    const adId = await publicAd();
    // Moderation learns that the ad is public from listings' events.
    const filed = await eventually(() =>
      stack.data(
        'mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Las fotos son de otro carro" }) { id createdAt dateCreated } }',
        { id: adId },
      ),
    );
    expect(filed.reportOpportunity.createdAt).toMatch(ISO_INSTANT);
    expect(filed.reportOpportunity.createdAt).toBe(new Date(filed.reportOpportunity.dateCreated).toISOString());
    const listed = await stack.data('{ complaints { items { id createdAt } } }', {}, admin.token);
    expect(listed.complaints.items).toContainEqual({ id: filed.reportOpportunity.id, createdAt: filed.reportOpportunity.createdAt });
    const click = await stack.data(
      'mutation($id: ID!) { recordContactClick(opportunityId: $id, clickType: CONTACT_SELLER_BY_WHATSAPP) { createdAt dateCreated } }',
      { id: adId },
    );
    expect(click.recordContactClick.createdAt).toMatch(ISO_INSTANT);
    expect(click.recordContactClick.createdAt).toBe(new Date(click.recordContactClick.dateCreated).toISOString());
  });

  it('answers the review queue with queuedSince (DateTime)', async () => {
    await stack.data('mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }', { input: adInput() }, seller.token);
    const queue = await eventually(async () => {
      const data = await stack.data('{ reviewQueue(orderBy: OLDEST) { items { id queuedSince queuedAt } } }', {}, admin.token);
      if (data.reviewQueue.items.length === 0) throw new Error('the queue is still empty');
      return data.reviewQueue.items as Json[];
    });
    for (const item of queue) {
      expect(item.queuedSince).toMatch(ISO_INSTANT);
      expect(item.queuedSince).toBe(new Date(item.queuedAt).toISOString());
    }
  });

  it('answers the audit trail with performedAt (DateTime) and filters it by firstDay/lastDay (Date)', async () => {
    await publicAd();
    const data = await eventually(async () => {
      const answer = await stack.data(
        'query($day: Date) { staffActions(filter: { firstDay: $day, lastDay: $day }) { items { performedAt at action } } }',
        { day: today() },
        admin.token,
      );
      if (answer.staffActions.items.length === 0) throw new Error('no staff action recorded yet');
      return answer;
    });
    for (const item of data.staffActions.items) {
      expect(item.performedAt).toMatch(ISO_INSTANT);
      expect(item.performedAt).toBe(new Date(item.at).toISOString());
    }
    const none = await stack.data('{ staffActions(filter: { lastDay: "2020-01-01" }) { totalItems } }', {}, admin.token);
    expect(none.staffActions.totalItems).toBe(0);
    const reversed = await stack.graphql(
      '{ staffActions(filter: { firstDay: "2026-03-31", lastDay: "2026-03-01" }) { totalItems } }',
      {},
      { token: admin.token },
    );
    expect(reversed.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', fields: { firstDay: { messageKey: 'invalidDateRange' } } });
  });

  it('takes the dashboard period as Date arguments and answers its days as Date and the revenue as Money', async () => {
    await paidGoldAd();
    const data = await eventually(async () => {
      const answer = await stack.data(
        'query($first: Date, $last: Date) { dashboard(firstDay: $first, lastDay: $last) { generalData { revenue { amount currency } totalRevenue } ' +
          'periodData { firstDay lastDay from to chartSeries { free { days labels data } } summary { revenue { amount } } } } }',
        { first: '2026-01-01', last: today() },
        admin.token,
      );
      if (answer.dashboard.generalData.totalRevenue === 0) throw new Error('the dashboard has not counted the payment yet');
      return answer.dashboard;
    });
    expect(data.generalData.revenue).toEqual(crc(data.generalData.totalRevenue.toFixed(2)));
    expect(data.periodData).toMatchObject({ firstDay: '2026-01-01', lastDay: today(), from: '2026-01-01', to: today() });
    expect(data.periodData.chartSeries.free.days).toEqual(data.periodData.chartSeries.free.labels);
    expect(data.periodData.chartSeries.free.days[0]).toBe('2026-01-01');
    const reversed = await stack.graphql(
      '{ dashboard(firstDay: "2026-03-31", lastDay: "2026-03-01") { generalData { totalRevenue } } }',
      {},
      { token: admin.token },
    );
    expect(reversed.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', fields: { firstDay: { messageKey: 'invalidDateRange' } } });
    const old = await stack.data('{ dashboard(from: "2026-01-01", to: "2026-01-31") { periodData { firstDay lastDay } } }', {}, admin.token);
    expect(old.dashboard.periodData).toEqual({ firstDay: '2026-01-01', lastDay: '2026-01-31' });
  });
});

describe('a Date or DateTime value that is not one', () => {
  const ask = (query: string, variables: Json, language: 'es' | 'en') =>
    stack.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, 'accept-language': language },
      payload: { query, variables },
    });

  it.each(['es', 'en'] as const)('is refused with 400 VALIDATION naming the argument, as a variable or written in the query (%s)', async (language) => {
    for (const [query, variables] of [
      ['query($first: Date!, $last: Date!) { userPurchases(firstDay: $first, lastDay: $last) { userId } }', { first: '31-03-2026', last: '2026-02-30' }],
      ['{ userPurchases(firstDay: "31-03-2026", lastDay: "2026-02-30") { userId } }', {}],
    ] as const) {
      const res = await ask(query, variables, language);
      expect(res.statusCode).toBe(400);
      const [error] = res.json().errors;
      expect(error.extensions.code).toBe('VALIDATION');
      expect(error.message).toBe(translate('invalidDayArgument', language, { name: 'firstDay' }));
      expect(error.extensions.fields).toEqual({
        firstDay: { messageKey: 'invalidDay', message: translate('invalidDay', language) },
        lastDay: { messageKey: 'invalidDay', message: translate('invalidDay', language) },
      });
      expect(Object.keys(error.extensions)).not.toContain('http');
    }
  });

  it('checks Date fields inside an input object, and the deprecated String arguments keep their own rules', async () => {
    const res = await ask('query($filter: StaffActionFilter) { staffActions(filter: $filter) { totalItems } }', { filter: { firstDay: '2026-13-01' } }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(translate('invalidDayArgument', 'en', { name: 'firstDay' }));
    const old = await stack.graphql('{ dashboard(from: "31-03-2026") { generalData { totalRevenue } } }', {}, { token: admin.token });
    expect(old.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', fields: { from: { messageKey: 'invalidDateRange' } } });
  });
});
