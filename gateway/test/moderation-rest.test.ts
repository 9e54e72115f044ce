// Full services, not light subgraph fixtures: global parameters, complaints and contact analytics are moderation's, fed by
// listings' events.
import { describe, expect, it } from 'vitest';
import { adInput, eventually, type Json, type Stack } from './stack';
import { stackForFile } from './stack-for-file';

// The moderation paths of /api/v1 over HTTP (global parameters, complaints, contact analytics), with
// every real subgraph in process behind the gateway, as the all-in-one launcher wires them.

let stack: Stack;

const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', impersonator: 'IMPERSONALIZATOR' } as const;

const { users, api } = stackForFile(people, async (started) => {
  stack = started;

  // Moderation learns of the users (and their roles) from identity's events.
  await eventually(async () => {
    const res = await api('GET', '/globalParameter/protected', { token: users.admin.token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  });
});

const graphql = (query: string, variables: Json, token: string) => stack.data(query, variables, token);

/** A free ad of the seller, approved through moderation's review queue (once moderation has seen it), public. */
async function publicAd(model: string) {
  const created = await graphql(
    'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ model }) },
    users.seller.token,
  );
  const id = created.createOpportunity.id as string;
  await eventually(() => graphql('mutation A($id: ID!) { approveOpportunity(id: $id) { reviewId } }', { id }, users.admin.token));
  await eventually(async () => {
    const res = await api('GET', `/opportunity/${id}`);
    if (res.body.status !== 'PUBLIC_ONLINE') throw new Error(`still ${res.body.status}`);
  });
  return id;
}

describe('global parameters over REST', () => {
  it('lists every parameter for administrators only, labels in the request language', async () => {
    expect((await api('GET', '/globalParameter/protected')).body.code).toBe('0003');
    for (const who of ['seller', 'impersonator'] as const)
      expect((await api('GET', '/globalParameter/protected', { token: users[who].token })).status).toBe(403);
    const es = await api('GET', '/globalParameter/protected', { token: users.admin.token });
    expect(es.status).toBe(200);
    expect(es.body.find((p: Json) => p.id === 'GOLD_CAROUSEL_COUNT')).toMatchObject({ label: 'Anuncios oro en el carrusel', quantity: 12, min: 1, max: 100 });
    const en = await api('GET', '/globalParameter/protected', { token: users.admin.token, language: 'en' });
    expect(en.body.find((p: Json) => p.id === 'GOLD_CAROUSEL_COUNT').label).toBe('Gold ads in the carousel');
  });

  it('changes parameters (the page size of the public lists follows) and refuses bad values with translated messages', async () => {
    const saved = await api('PUT', '/globalParameter/protected', {
      token: users.admin.token,
      body: [{ id: 'ITEMS_PER_LIST', label: 'Elementos por lista', quantity: 7 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.find((p: Json) => p.id === 'ITEMS_PER_LIST').quantity).toBe(7);
    await eventually(async () => {
      const perPage = (await api('GET', '/opportunity/available/1')).body.perPage;
      if (perPage !== 7) throw new Error(`perPage still ${perPage}`);
    });
    const bad = await api('PUT', '/globalParameter/protected', { token: users.admin.token, body: [{ id: 'ITEMS_PER_LIST', quantity: 101 }] });
    expect([bad.status, bad.body.code, bad.body.message, bad.body.fields.ITEMS_PER_LIST.messageKey]).toEqual([
      400,
      'VALIDATION',
      'Ingrese un número entero de 1 a 100.',
      'invalidParameterCount',
    ]);
    expect((await api('PUT', '/globalParameter/protected', { token: users.admin.token, body: { id: 'ITEMS_PER_LIST' } })).status).toBe(400);
    expect((await api('PUT', '/globalParameter/protected', { token: users.seller.token, body: [{ id: 'ITEMS_PER_LIST', quantity: 9 }] })).status).toBe(403);
    await api('PUT', '/globalParameter/protected', { token: users.admin.token, body: [{ id: 'ITEMS_PER_LIST', quantity: 10 }] });
  });
});

describe('complaints and contact clicks over REST', () => {
  it('a visitor reports an ad; the admin lists it with the ad and resolves it', async () => {
    const id = await publicAd('Fortuner');
    const missing = await api('POST', '/complaint', { body: { opportunityId: id }, language: 'en' });
    expect([missing.status, missing.body.code, missing.body.fields.details.messageKey]).toEqual([400, 'VALIDATION', 'invalidReason']);
    // Moderation learns that the ad is public from listings' event, a moment after listings shows it.
    const filed = await eventually(async () => {
      const res = await api('POST', '/complaint', { body: { opportunityId: id, details: 'Las fotos son de otro carro' } });
      if (res.status === 404) throw new Error('moderation has not seen the ad public yet');
      return res;
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ opportunityId: id, details: 'Las fotos son de otro carro', resolved: false });
    expect(filed.body.brand).toBeUndefined();
    const again = await api('POST', '/complaint', { body: { opportunityId: id, details: 'Otra vez' } });
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'CONFLICT',
      'Usted ya reportó este anuncio; un administrador lo revisará pronto.',
    ]);
    expect((await api('GET', '/complaint/protected/unresolved/1', { token: users.seller.token })).status).toBe(403);
    const list = await api('GET', '/complaint/protected/unresolved/1', { token: users.admin.token });
    expect(list.body).toMatchObject({ totalItems: 1, perPage: 10, pageNumber: 1 });
    expect(list.body.items[0]).toMatchObject({ id: filed.body.id, brand: 'TOYOTA', model: 'Fortuner', year: 2018, opportunityStatus: 'PUBLIC_ONLINE' });
    const resolved = await api('POST', `/complaint/protected/${filed.body.id}/resolve/`, { token: users.admin.token });
    expect([resolved.status, resolved.body.resolved]).toEqual([200, true]);
    expect((await api('GET', '/complaint/protected/unresolved/1', { token: users.admin.token })).body.totalItems).toBe(0);
    expect((await api('GET', '/complaint/protected/unresolved/0', { token: users.admin.token })).status).toBe(400);
    // The legacy report is OTHER, resolved without an outcome (issue 31).
    expect([filed.body.category, resolved.body.outcome]).toEqual(['OTHER', null]);

    // Issue 31: a category without words; resolved with an outcome recorded in the audit trail (the same ad: one more ad would change the dashboard's figures below).
    const bad = await api('POST', '/complaint', { body: { opportunityId: id, category: 'NOT_A_CATEGORY' } });
    expect(bad.status).toBe(400);
    const sold = await api('POST', '/complaint', { body: { opportunityId: id, category: 'ALREADY_SOLD' } });
    expect([sold.status, sold.body.category, sold.body.details, sold.body.outcome]).toEqual([200, 'ALREADY_SOLD', '', null]);
    const removed = await api('POST', `/complaint/protected/${sold.body.id}/resolve/`, { token: users.admin.token, body: { outcome: 'AD_REMOVED' } });
    expect([removed.status, removed.body.resolved, removed.body.outcome]).toEqual([200, true, 'AD_REMOVED']);
    // The audit trail (its own projection of moderation.audit) gets the outcome a moment later.
    await eventually(async () => {
      const data = await graphql('{ staffActions(filter: { action: COMPLAINT_RESOLVED }) { items { targetId after } } }', {}, users.admin.token);
      const entry = (data.staffActions.items as Array<{ targetId: string; after: string }>).find((item) => item.targetId === sold.body.id);
      if (!entry) throw new Error('not in the audit trail yet');
      expect(JSON.parse(entry.after)).toEqual({ resolved: true, outcome: 'AD_REMOVED' });
    });
  });

  it('records a WhatsApp click once per client and ad every few minutes', async () => {
    const id = await publicAd('Rush');
    const first = await eventually(async () => {
      const res = await api('POST', '/analytics/contactByWhatsapp', { body: { opportunityId: id, clickType: 'CONTACT_SELLER_BY_WHATSAPP' } });
      if (res.status === 404) throw new Error('moderation has not seen the ad public yet');
      return res;
    });
    expect([first.status, first.body.counted, first.body.clickType]).toEqual([200, true, 'CONTACT_SELLER_BY_WHATSAPP']);
    expect((await api('POST', '/analytics/contactByWhatsapp', { body: { opportunityId: id, clickType: 'CONTACT_SELLER_BY_WHATSAPP' } })).body.counted).toBe(
      false,
    );
    expect((await api('POST', '/analytics/contactByWhatsapp', { body: { opportunityId: id, clickType: 'CALL' } })).status).toBe(400);
    expect((await api('POST', '/analytics/contactByWhatsapp', { body: { opportunityId: 'no-such-ad', clickType: 'CONTACT_SELLER_BY_WHATSAPP' } })).status).toBe(
      404,
    );
  });
});

describe('the dashboard over REST', () => {
  it("answers the figures of this file's activity to administrators only, in the legacy shape", async () => {
    const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
    const path = `/dashboard/protected/${today}/${today}`;
    expect((await api('GET', path)).body.code).toBe('0003');
    for (const who of ['seller', 'impersonator'] as const) expect((await api('GET', path, { token: users[who].token })).status).toBe(403);
    // Earlier tests of this file: two free ads made public (Fortuner reported once, Rush clicked once), three accounts.
    const answer = await eventually(async () => {
      const res = await api('GET', path, { token: users.admin.token });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      if (
        res.body.periodData.opportunitiesSummary.totalCreated < 2 ||
        res.body.clickedOpportunities.length < 1 ||
        res.body.periodData.totalReportedOpportunities < 1
      )
        throw new Error('not yet');
      return res.body;
    });
    expect(answer.periodData).toMatchObject({
      from: today,
      to: today,
      totalRevenue: 0,
      searches: expect.any(Number),
      opportunitiesSummary: { totalCreated: 2, totalFree: 2, totalPaid: 0 },
      usersSummary: { totalCreated: 3, organic: 3 },
      totalReportedOpportunities: 1,
      chartSeries: { free: { labels: [today], data: [2] }, paid: { labels: [today], data: [0] } },
    });
    expect(answer.generalData.opportunitiesSummary.totalCreated).toBe(2);
    expect(answer.clickedOpportunities).toEqual([expect.objectContaining({ model: 'Rush', clicks: 1 })]);
    expect(answer.countedOpportunitiesByBrandDto).toEqual([{ brand: 'TOYOTA', total: 2 }]);
    expect(answer.usersPurchases).toBe(0);
    const byDefault = await api('GET', '/dashboard/protected', { token: users.admin.token });
    expect([byDefault.status, byDefault.body.periodData.to, byDefault.body.periodData.chartSeries.free.data.length]).toEqual([200, today, 30]);
    expect((await api('GET', `/dashboard/protected/${today}/tomorrow`, { token: users.admin.token })).status).toBe(400);
    const reversed = await api('GET', '/dashboard/protected/2025-03-04/2025-03-03', { token: users.admin.token, language: 'en' });
    expect([reversed.status, reversed.body.code, reversed.body.fields.from.messageKey]).toEqual([400, 'VALIDATION', 'invalidDateRange']);
  });
});
