import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { code, createAd, startModeration, type Moderation } from './harness';

const CLICK =
  'mutation C($id: ID!) { recordContactClick(opportunityId: $id, clickType: CONTACT_SELLER_BY_WHATSAPP) { opportunityId clickType dateCreated counted } }';

describe('contact analytics', () => {
  let moderation: Moderation;
  let ad: string;
  beforeAll(async () => {
    moderation = await startModeration();
    const admin = await moderation.user('ADMINISTRATOR');
    ad = await createAd(moderation, await moderation.user(), {}, admin);
  });
  afterAll(() => moderation.stop());

  it('counts a WhatsApp click once per client and ad every 5 minutes, each counted click one ContactClicked event', async () => {
    const click = async (options: { token?: string; address?: string }) =>
      (await moderation.call('moderation', CLICK, { id: ad }, options)).data!.recordContactClick;
    expect(await click({ address: '203.0.113.1' })).toEqual({
      opportunityId: ad,
      clickType: 'CONTACT_SELLER_BY_WHATSAPP',
      dateCreated: '2025-03-01T12:00:00.000Z',
      counted: true,
    });
    expect((await click({ address: '203.0.113.1' })).counted).toBe(false);
    expect((await click({ address: '203.0.113.2' })).counted).toBe(true);
    const tester = await moderation.user('TESTUSER');
    expect((await click({ token: tester.token, address: '203.0.113.1' })).counted).toBe(true);
    moderation.clock.advance(4 * 60_000);
    expect((await click({ address: '203.0.113.1' })).counted).toBe(false);
    moderation.clock.advance(60_000);
    expect((await click({ address: '203.0.113.1' })).counted).toBe(true);
    const events = await moderation.events('ContactClicked');
    // One event per counted click; the outbox does not promise their order across clicks.
    const seen = events.map((e) => [(e.payload as { viewerId: string | null }).viewerId, (e.payload as { byTestUser: boolean }).byTestUser]);
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(expect.arrayContaining([[tester.id, true]]));
    expect(seen.filter(([viewer, test]) => viewer === null && test === false)).toHaveLength(3);
    expect(JSON.stringify(events)).not.toContain('203.0.113');
  });

  it("forgets a client's click document a day after its last counted click (retention, decision 0204), and counts that client again", async () => {
    const CLICK_FROM = async (address: string) => (await moderation.call('moderation', CLICK, { id: ad }, { address })).data!.recordContactClick;
    const store = moderation.store as EmbeddedDocumentStore;
    expect((await CLICK_FROM('198.51.100.7')).counted).toBe(true);
    const mine = async () => (await moderation.collections.contacts.find({ lastCountedAt: { $gte: new Date(0) } })).length;
    const before = await mine();
    moderation.clock.advance(23 * 3_600_000);
    await store.expire(moderation.clock.now());
    expect(await mine()).toBe(before);
    moderation.clock.advance(2 * 3_600_000);
    await store.expire(moderation.clock.now());
    expect(await mine()).toBe(0);
    expect((await CLICK_FROM('198.51.100.7')).counted).toBe(true);
  });

  it('refuses an unknown ad, an ad not public, and an unknown click type', async () => {
    expect(code(await moderation.call('moderation', CLICK, { id: 'no-such-ad' }))).toBe('NOT_FOUND');
    const waiting = await createAd(moderation, await moderation.user());
    expect(code(await moderation.call('moderation', CLICK, { id: waiting }))).toBe('NOT_FOUND');
    const bad = await moderation.call('moderation', 'mutation { recordContactClick(opportunityId: "x", clickType: CALL) { counted } }');
    expect(bad.errors).toBeDefined();
  });
});
