import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { COMPLAINTS_PER_HOUR_PER_ADDRESS, COMPLAINTS_PER_HOUR_PER_PERSON } from '../src';
import { code, createAd, fields, messageKey, startModeration, type Moderation } from './harness';

const REPORT =
  'mutation R($input: ComplaintInput!) { reportOpportunity(input: $input) { id opportunityId details dateCreated resolved ad { brand } opportunity { id } } }';
const LIST =
  'query L($resolved: Boolean, $page: Int) { complaints(resolved: $resolved, page: $page) { totalItems page pageSize items { id opportunityId details ' +
  'dateCreated resolved ad { id brand model year status } opportunity { id } } } }';
const RESOLVE = 'mutation X($id: ID!) { resolveComplaint(id: $id) { id resolved } }';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('complaints', () => {
  let moderation: Moderation;
  let admin: Awaited<ReturnType<Moderation['user']>>;
  let seller: Awaited<ReturnType<Moderation['user']>>;
  let ad: string;
  const report = (details: string, options: { token?: string; address?: string; language?: string } = {}, opportunityId = ad) =>
    moderation.call('moderation', REPORT, { input: { opportunityId, details } }, options);

  beforeAll(async () => {
    moderation = await startModeration();
    admin = await moderation.user('ADMINISTRATOR');
    seller = await moderation.user();
    ad = await createAd(moderation, seller, { brand: 'NISSAN', model: 'Sentra', year: 2012 }, admin);
  });
  afterAll(() => moderation.stop());

  it('a visitor reports a public ad; the reporter sees no ad data; ComplaintFiled is published without the address', async () => {
    const result = await report('  El precio es falso  ', { address: '203.0.113.7' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.reportOpportunity).toMatchObject({
      opportunityId: ad,
      details: 'El precio es falso',
      resolved: false,
      dateCreated: '2025-03-01T12:00:00.000Z',
      ad: null,
      opportunity: null,
    });
    const [event] = (await moderation.events('ComplaintFiled')).filter((e) => e.aggregateId === result.data!.reportOpportunity.id);
    expect(event!.payload).toEqual({
      complaint: {
        id: result.data!.reportOpportunity.id,
        opportunityId: ad,
        details: 'El precio es falso',
        dateCreated: '2025-03-01T12:00:00.000Z',
        resolved: false,
      },
      reporterId: null,
      byTestUser: false,
    });
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
  });

  it('refuses empty and over-long details, and ads that are not public or do not exist', async () => {
    for (const details of ['', '   ', 'x'.repeat(501)]) {
      const result = await report(details, { address: '203.0.113.8', language: 'en' });
      expect([code(result), fields(result)]).toEqual(['VALIDATION', { details: 'invalidReason' }]);
    }
    expect((await report('x'.repeat(500), { address: '203.0.113.8' })).errors).toBeUndefined();
    expect(code(await report('falso', { address: '203.0.113.8' }, 'no-such-ad'))).toBe('NOT_FOUND');
    const waiting = await createAd(moderation, seller);
    expect(code(await report('falso', { address: '203.0.113.8' }, waiting))).toBe('NOT_FOUND');
  });

  it('one unresolved complaint per person and ad: a second is refused until the first is resolved', async () => {
    const buyer = await moderation.user();
    expect((await report('Es robado', { token: buyer.token })).errors).toBeUndefined();
    const again = await report('Es robado, de verdad', { token: buyer.token, language: 'en' });
    expect([code(again), messageKey(again), again.errors![0]!.message]).toEqual([
      'CONFLICT',
      'complaintAlreadyOpen',
      'You have already reported this ad; an administrator will review it soon.',
    ]);
    // Another address does not make the signed-in person somebody else.
    expect(code(await report('Otra vez', { token: buyer.token, address: '198.51.100.1' }))).toBe('CONFLICT');
    const open = (await moderation.call('moderation', LIST, {}, admin.token)).data!.complaints.items.find(
      (c: { details: string }) => c.details === 'Es robado',
    );
    await moderation.call('moderation', RESOLVE, { id: open.id }, admin.token);
    expect((await report('Sigue publicado', { token: buyer.token })).errors).toBeUndefined();
  });

  it(`limits a person to ${COMPLAINTS_PER_HOUR_PER_PERSON} complaints an hour and an address to ${COMPLAINTS_PER_HOUR_PER_ADDRESS}`, async () => {
    const ads = [];
    for (let i = 0; i < COMPLAINTS_PER_HOUR_PER_PERSON + 1; i += 1) ads.push(await createAd(moderation, seller, {}, admin));
    const visitor = { address: '192.0.2.50' };
    for (let i = 0; i < COMPLAINTS_PER_HOUR_PER_PERSON; i += 1) expect((await report('spam?', visitor, ads[i])).errors).toBeUndefined();
    const limited = await report('spam?', visitor, ads[COMPLAINTS_PER_HOUR_PER_PERSON]);
    expect([code(limited), messageKey(limited)]).toEqual(['RATE_LIMITED', 'tooManyRequests']);
    moderation.clock.advance(HOUR + 1000);
    expect((await report('spam?', visitor, ads[COMPLAINTS_PER_HOUR_PER_PERSON])).errors).toBeUndefined();

    // Many signed-in people behind one address: the address's own limit.
    moderation.clock.advance(HOUR + 1000);
    const shared = '192.0.2.99';
    let filed = 0;
    let refused: string | undefined;
    for (let person = 0; person < 5 && !refused; person += 1) {
      const reporter = await moderation.user();
      for (const target of ads.slice(0, COMPLAINTS_PER_HOUR_PER_PERSON)) {
        const result = await report('mismo lugar', { token: reporter.token, address: shared }, target);
        if (result.errors) {
          refused = code(result);
          break;
        }
        filed += 1;
      }
    }
    expect([filed, refused]).toEqual([COMPLAINTS_PER_HOUR_PER_ADDRESS, 'RATE_LIMITED']);
  });

  it('administrators list unresolved complaints newest first with the ad, resolve them (once), and see resolved ones', async () => {
    moderation.clock.advance(HOUR * 3);
    const fresh = await report('Último reporte', { address: '198.51.100.77' });
    const page = (await moderation.call('moderation', LIST, {}, admin.token)).data!.complaints;
    expect(page.items[0]).toMatchObject({
      id: fresh.data!.reportOpportunity.id,
      details: 'Último reporte',
      resolved: false,
      ad: { id: ad, brand: 'NISSAN', model: 'Sentra', year: 2012, status: 'PUBLIC_ONLINE' },
      opportunity: { id: ad },
    });
    expect(page.pageSize).toBe(10);
    expect(page.items.every((c: { resolved: boolean }) => !c.resolved)).toBe(true);
    const id = fresh.data!.reportOpportunity.id as string;
    expect((await moderation.call('moderation', RESOLVE, { id }, admin.token)).data!.resolveComplaint).toEqual({ id, resolved: true });
    expect((await moderation.call('moderation', RESOLVE, { id }, admin.token)).data!.resolveComplaint).toEqual({ id, resolved: true });
    const resolvedEvents = (await moderation.events('ComplaintResolved')).filter((e) => e.aggregateId === id);
    expect(resolvedEvents.map((e) => [e.aggregateVersion, (e.payload as { resolvedBy: string }).resolvedBy])).toEqual([[2, admin.id]]);
    const unresolved = (await moderation.call('moderation', LIST, { resolved: false }, admin.token)).data!.complaints.items.map((c: { id: string }) => c.id);
    expect(unresolved).not.toContain(id);
    const resolved = (await moderation.call('moderation', LIST, { resolved: true }, admin.token)).data!.complaints.items.map((c: { id: string }) => c.id);
    expect(resolved).toContain(id);
    expect(code(await moderation.call('moderation', RESOLVE, { id: 'no-such-complaint' }, admin.token))).toBe('NOT_FOUND');
  });
  it('a resolved complaint leaves the lists 180 days after its resolution, an open one never; the reporter may report the ad again (decision 0222)', async () => {
    const store = moderation.store as EmbeddedDocumentStore;
    const target = await createAd(moderation, seller, {}, admin);
    const reporter = await moderation.user();
    const listed = async (resolved: boolean) => {
      const items = [];
      for (let page = 1; ; page += 1) {
        const answer = (await moderation.call('moderation', LIST, { resolved, page }, admin.token)).data!.complaints;
        items.push(...answer.items.filter((c: { opportunityId: string }) => c.opportunityId === target).map((c: { details: string }) => c.details));
        if (page * answer.pageSize >= answer.totalItems) return items.sort();
      }
    };
    const filed = async (details: string, options: { token?: string; address?: string }) => {
      const answer = await report(details, options, target);
      expect(answer.errors).toBeUndefined();
      return answer.data!.reportOpportunity.id as string;
    };
    const first = await filed('Primera vez', { token: reporter.token });
    await filed('Sigue abierto', { address: '198.51.100.90' });
    await moderation.call('moderation', RESOLVE, { id: first }, admin.token);
    moderation.clock.advance(100 * DAY);
    const second = await filed('Segunda vez', { token: reporter.token });
    await moderation.call('moderation', RESOLVE, { id: second }, admin.token);

    moderation.clock.advance(79 * DAY);
    await store.expire(moderation.clock.now());
    expect([await listed(true), await listed(false)]).toEqual([['Primera vez', 'Segunda vez'], ['Sigue abierto']]);
    moderation.clock.advance(2 * DAY);
    await store.expire(moderation.clock.now());
    // 181 days after the first resolution, 81 after the second; the open one stays whatever its age.
    expect([await listed(true), await listed(false)]).toEqual([['Segunda vez'], ['Sigue abierto']]);
    // One of the reporter's two complaints is gone: the next one is filed, not taken for the one kept.
    await filed('Tercera vez', { token: reporter.token });
    moderation.clock.advance(400 * DAY);
    await store.expire(moderation.clock.now());
    expect([await listed(true), await listed(false)]).toEqual([[], ['Sigue abierto', 'Tercera vez']]);
  });
});
