// Full services, not light subgraph fixtures: every service's staff actions must reach moderation's trail through events; a
// fixture would have no events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { adInput, eventually, payAtSandbox, startStack, type Json, type Stack } from './stack';

/**
 * Issue 14 item 7: the impersonator can no longer mint promotional ads without bound (the
 * MAX_PROMOTIONAL_ADS global parameter), and every staff action of every service (user edits,
 * impersonal registrations, parameter changes, ad status changes, complaint resolutions, refunds)
 * lands in moderation's append-only audit trail through events: who, when, what, before and after.
 */

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', impersonator: 'IMPERSONALIZATOR', seller: 'ADVERTISER' } as const;
const token = (name: keyof typeof people) => stack.accounts[name]!.token;

beforeAll(async () => {
  stack = await startStack(people);
}, 120_000);
afterAll(() => stack?.stop());

let people_ = 0;
const person = () => ({
  userType: 'PERSON',
  name: 'Lucía',
  lastName: 'Vega',
  email: `promo${++people_}-${Date.now()}@example.com`,
  phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }],
  province: '1',
  canton: '101',
  district: '10101',
});
const REGISTER = 'mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id email } }';
const TRAIL = `query($filter: StaffActionFilter, $page: Int) { staffActions(filter: $filter, page: $page) {
  totalItems items { id at action actor { id email role } targetType targetId targetLabel before after } } }`;

async function trail(filter: Json) {
  return (await stack.data(TRAIL, { filter }, token('admin'))).staffActions as { totalItems: number; items: Json[] };
}
/** The trail's entries of a filter, once `count` of them have arrived (the trail is built from events). */
const entries = (filter: Json, count = 1) =>
  eventually(async () => {
    const found = await trail(filter);
    if (found.totalItems < count) throw new Error(`${found.totalItems} of ${count} entries`);
    return found.items;
  });
async function usersNamed(email: string) {
  return (await stack.data('query($f: String) { users(filter: $f) { totalItems } }', { f: email }, token('admin'))).users.totalItems as number;
}

describe('promotional ads are bounded by MAX_PROMOTIONAL_ADS', () => {
  it('refuses 1,000,000 promotional GOLD ads (a burst of 10), in Spanish and English, registering nobody', async () => {
    const users = Array.from({ length: 10 }, person);
    const answers = await Promise.all(
      users.map((user, i) =>
        stack.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token('impersonator')}`, 'accept-language': i % 2 ? 'en' : 'es' },
          payload: { query: REGISTER, variables: { input: { user, promotionalAds: 1_000_000, planLevel: 'GOLD' } } },
        }),
      ),
    );
    answers.forEach((answer, i) => {
      const error = answer.json().errors?.[0];
      expect(error).toMatchObject({
        message: translate('promotionalAdsAboveMaximum', i % 2 ? 'en' : 'es', { maximum: 20 }),
        extensions: {
          code: 'VALIDATION',
          fields: {
            promotionalAds: {
              messageKey: 'promotionalAdsAboveMaximum',
              message: translate('promotionalAdsAboveMaximum', i % 2 ? 'en' : 'es', { maximum: 20 }),
            },
          },
        },
      });
    });
    for (const user of users) expect(await usersNamed(user.email)).toBe(0);
    // The REST path of the same registration is refused alike.
    const rest = await stack.api('POST', '/users/impersonalRegister', {
      token: token('impersonator'),
      body: { user: person(), plan: { planLevel: 'GOLD', totalOpportunities: 1_000_000 } },
    });
    expect(rest.status).toBe(400);
  });

  it('grants up to the bound; an administrator may raise it (an audited parameter change)', async () => {
    const user = person();
    const granted = await stack.data(REGISTER, { input: { user, promotionalAds: 20, planLevel: 'GOLD' } }, token('impersonator'));
    expect(granted.impersonalRegister.email).toBe(user.email);
    const over = await stack.graphql(REGISTER, { input: { user: person(), promotionalAds: 25, planLevel: 'GOLD' } }, { token: token('impersonator') });
    expect(over.errors?.[0]?.extensions?.fields).toHaveProperty('promotionalAds');
    await stack.data('mutation { updateGlobalParameter(id: "MAX_PROMOTIONAL_ADS", quantity: 30) { quantity } }', {}, token('admin'));
    await eventually(() => stack.data(REGISTER, { input: { user: person(), promotionalAds: 25, planLevel: 'SILVER' } }, token('impersonator')));
  });
});

describe('the audit trail of staff actions', () => {
  it('records an impersonal registration: who, when, what, after', async () => {
    const user = person();
    const registered = await stack.data(REGISTER, { input: { user, promotionalAds: 5, planLevel: 'BRONZE' } }, token('impersonator'));
    const [entry] = await entries({ targetId: registered.impersonalRegister.id });
    expect(entry).toMatchObject({
      action: 'IMPERSONAL_REGISTRATION',
      targetType: 'USER',
      targetLabel: user.email,
      actor: { id: stack.accounts.impersonator!.id, email: stack.accounts.impersonator!.email, role: 'IMPERSONALIZATOR' },
      before: null,
    });
    expect(JSON.parse(entry!.after)).toMatchObject({ email: user.email, promotionalAds: 5, planLevel: 'BRONZE', role: 'ADVERTISER' });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });

  it("records a user edit with the fields before and after, and refuses an impersonator's block, changing nothing", async () => {
    const user = person();
    const {
      impersonalRegister: { id },
    } = await stack.data(REGISTER, { input: { user } }, token('impersonator'));
    const edit = {
      id,
      userType: 'PERSON',
      name: 'Marta',
      lastName: 'Vega',
      email: user.email,
      phoneList: user.phoneList,
      province: '1',
      canton: '101',
      district: '10101',
    };
    const refused = await stack.graphql(
      'mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id } }',
      { input: { ...edit, status: 'BLOCKED_BY_FAILS' } },
      { token: token('impersonator') },
    );
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', messageKey: 'impersonatorStatusNotAllowed' } });
    await stack.data('mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id } }', { input: edit }, token('admin'));
    const [entry] = await entries({ targetId: id, action: 'USER_UPDATED' });
    expect(entry).toMatchObject({ actor: { id: stack.accounts.admin!.id, role: 'ADMINISTRATOR' }, targetLabel: user.email });
    expect(JSON.parse(entry!.before)).toEqual({ name: 'Lucía' });
    expect(JSON.parse(entry!.after)).toEqual({ name: 'Marta' });
    expect((await trail({ targetId: id, action: 'USER_UPDATED' })).totalItems).toBe(1);
  });

  it('records a parameter change with the value before and after', async () => {
    await stack.data('mutation { updateGlobalParameter(id: "COMPLAINTS_TO_FLAG", quantity: 7) { quantity } }', {}, token('admin'));
    const [entry] = await entries({ targetId: 'COMPLAINTS_TO_FLAG' });
    expect(entry).toMatchObject({ action: 'PARAMETER_CHANGED', targetType: 'PARAMETER', actor: { email: stack.accounts.admin!.email } });
    expect([JSON.parse(entry!.before), JSON.parse(entry!.after)]).toEqual([{ quantity: 3 }, { quantity: 7 }]);
  });

  it("records an administrator's status change of an ad, a complaint resolution and a refund", async () => {
    const {
      createOpportunity: { id: adId },
    } = await stack.data('mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }', { input: adInput() }, token('seller'));
    await stack.data('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { status } }', { id: adId }, token('admin'));
    const status = await entries({ targetId: adId, action: 'AD_STATUS_CHANGED' });
    expect(JSON.parse(status[0]!.before)).toEqual({ status: 'PENDING_APPROVAL' });
    expect(JSON.parse(status[0]!.after)).toEqual({ status: 'PUBLIC_ONLINE' });

    const filed = await eventually(async () => {
      const answer = await stack.graphql(
        'mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Las fotos son de otro carro" }) { id } }',
        { id: adId },
      );
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
      return answer.data!.reportOpportunity.id as string;
    });
    await stack.data('mutation($id: ID!) { resolveComplaint(id: $id) { id } }', { id: filed }, token('admin'));
    const resolved = await entries({ targetId: filed, action: 'COMPLAINT_RESOLVED' });
    expect([JSON.parse(resolved[0]!.before), JSON.parse(resolved[0]!.after)]).toEqual([{ resolved: false }, { resolved: true }]);

    const refundId = await refund();
    await stack.data('mutation($id: ID!) { markRefundDone(refundId: $id) { id } }', { id: refundId }, token('admin'));
    const refunded = await entries({ action: 'REFUND_DONE' });
    expect(refunded[0]).toMatchObject({ targetType: 'INVOICE', actor: { id: stack.accounts.admin!.id } });
    expect([JSON.parse(refunded[0]!.before), JSON.parse(refunded[0]!.after)]).toEqual([{ refundStatus: 'PENDING' }, { refundStatus: 'DONE' }]);
  });

  it('filters by action, actor, target and day, and refuses a malformed day', async () => {
    const all = await trail({});
    expect(all.totalItems).toBeGreaterThanOrEqual(8);
    const byImpersonator = await trail({ actor: 'impersonator@' });
    expect(byImpersonator.items.length).toBeGreaterThan(0);
    expect(byImpersonator.items.every((item) => item.actor.role === 'IMPERSONALIZATOR')).toBe(true);
    const params = await trail({ action: 'PARAMETER_CHANGED' });
    expect(params.items.map((item) => item.targetId).sort()).toEqual(['COMPLAINTS_TO_FLAG', 'MAX_PROMOTIONAL_ADS']);
    const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
    expect((await trail({ from: today, to: today })).totalItems).toBe(all.totalItems);
    expect((await trail({ to: '2020-01-01' })).totalItems).toBe(0);
    const bad = await stack.graphql(TRAIL, { filter: { from: '25-11-2026' } }, { token: token('admin') });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', fields: { from: { messageKey: 'invalidDateRange' } } });
    // Newest first.
    const times = all.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

/** A refund waiting for an admin: a gold ad paid on the sandbox page, whose owner then cancelled the payment. */
async function refund(): Promise<string> {
  const {
    createOpportunity: { id },
  } = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ level: 'GOLD' }) },
    token('seller'),
  );
  const checkout = await eventually(() =>
    stack.data('mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { redirectUrl } }', { id }, token('seller')),
  );
  const { response } = await payAtSandbox(stack, checkout.checkoutOpportunity.redirectUrl as string);
  await stack.data('mutation($r: String!) { confirmPayment(response: $r) { isPayed } }', { r: response });
  const cancelled = await eventually(() =>
    stack.data('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { refund { id } } }', { id }, token('seller')),
  );
  return cancelled.cancelOpportunityPayment.refund.id as string;
}
