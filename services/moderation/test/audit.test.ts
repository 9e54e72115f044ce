import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingStaffAction, identityStaffAction, staffActionEvent, topics } from '@ruedas/events';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { eventually, fields, startModeration, type Moderation } from './harness';

/**
 * The audit trail (docs/decisions/0034): moderation appends every service's StaffActionRecorded
 * events once each, redelivered or not, and administrators read and filter them, newest first.
 */
let moderation: Moderation;
let admin: Awaited<ReturnType<Moderation['user']>>;

beforeAll(async () => {
  moderation = await startModeration();
  admin = await moderation.user('ADMINISTRATOR');
});
afterAll(() => moderation.stop());

const TRAIL =
  'query($filter: StaffActionFilter, $page: Int) { staffActions(filter: $filter, page: $page) { totalItems pageSize items { id at action actor { id ' +
  'email role } targetId before after } } }';
const trail = async (filter: Record<string, unknown> = {}) => (await moderation.call('moderation', TRAIL, { filter }, admin.token)).data!.staffActions;
/** A staff action of the administrator, as the service of `definition` records it. */
const byAdmin = (definition: Parameters<typeof staffActionEvent>[0], change: Omit<Parameters<typeof staffActionEvent>[1], 'actor'>) =>
  staffActionEvent(definition, { actor: { id: admin.id, role: 'ADMINISTRATOR' }, ...change });
/** The administrator's refund of an invoice, as billing records it. */
const refundDone = (id: string, label: string, at: Date) =>
  byAdmin(billingStaffAction, {
    action: 'REFUND_DONE',
    target: { type: 'INVOICE', id, label },
    before: { refundStatus: 'PENDING' },
    after: { refundStatus: 'DONE' },
    at,
  });

describe('the audit trail', () => {
  it('appends a staff action of another service once, however often it is delivered', async () => {
    const event = byAdmin(identityStaffAction, {
      action: 'USER_UPDATED',
      target: { type: 'USER', id: 'user-1', label: 'ana@example.com' },
      before: { name: 'Ana' },
      after: { name: 'Anabel' },
      at: new Date('2026-03-02T15:00:00Z'),
    });
    for (let i = 0; i < 3; i++) await moderation.bus.publish(topics.identityAudit, [{ key: event.aggregateId, value: event }]);
    await eventually(async () => (await trail({ targetId: 'user-1' })).totalItems === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const found = await trail({ targetId: 'user-1' });
    expect(found.totalItems).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: event.id,
      action: 'USER_UPDATED',
      actor: { id: admin.id, email: admin.email, role: 'ADMINISTRATOR' },
      before: '{"name":"Ana"}',
      after: '{"name":"Anabel"}',
      at: '2026-03-02T15:00:00.000Z',
    });
  });

  it('records its own parameter changes, and filters by action, actor, target and Costa Rica days', async () => {
    await moderation.call('moderation', 'mutation { updateGlobalParameter(id: "ITEMS_PER_LIST", quantity: 12) { id } }', {}, admin.token);
    const refund = refundDone('inv-9', '000009', new Date('2026-03-03T05:30:00Z'));
    await moderation.bus.publish(topics.billingAudit, [{ key: refund.aggregateId, value: refund }]);
    await eventually(async () => (await trail()).totalItems === 3);
    expect((await trail({ action: 'PARAMETER_CHANGED' })).items.map((item: { targetId: string }) => item.targetId)).toEqual(['ITEMS_PER_LIST']);
    expect((await trail({ actor: admin.email.slice(0, 5) })).totalItems).toBe(3);
    expect((await trail({ actor: 'nobody@example.com' })).totalItems).toBe(0);
    // 2026-03-03T05:30Z is still 2 March in Costa Rica (UTC-6).
    expect((await trail({ from: '2026-03-02', to: '2026-03-02' })).items.map((item: { action: string }) => item.action)).toEqual([
      'REFUND_DONE',
      'USER_UPDATED',
    ]);
    expect((await trail({ from: '2026-03-03', to: '2026-03-03' })).totalItems).toBe(0);
    const bad = await moderation.call('moderation', TRAIL, { filter: { from: '2026-02-30' } }, admin.token);
    expect(fields(bad)).toEqual({ from: 'invalidDateRange' });
  });

  it('is for administrators only', async () => {
    const impersonator = await moderation.user('IMPERSONALIZATOR');
    const refused = await moderation.call('moderation', TRAIL, {}, impersonator.token);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it('keeps each entry 180 days after the action, then no longer lists it (retention, decision 0222)', async () => {
    const store = moderation.store as EmbeddedDocumentStore;
    const DAY = 86_400_000;
    const action = (id: string, at: Date) => refundDone(id, id, at);
    const older = action('inv-retention-1', moderation.clock.now());
    const newer = action('inv-retention-2', new Date(moderation.clock.now().getTime() + 30 * DAY));
    for (const event of [older, newer]) await moderation.bus.publish(topics.billingAudit, [{ key: event.aggregateId, value: event }]);
    const kept = async () => {
      const ids = [];
      for (const targetId of ['inv-retention-1', 'inv-retention-2'])
        ids.push(...(await trail({ targetId })).items.map((item: { targetId: string }) => item.targetId));
      return ids;
    };
    await eventually(async () => (await kept()).length === 2);
    moderation.clock.advance(179 * DAY);
    await store.expire(moderation.clock.now());
    expect(await kept()).toEqual(['inv-retention-1', 'inv-retention-2']);
    moderation.clock.advance(2 * DAY);
    await store.expire(moderation.clock.now());
    expect(await kept()).toEqual(['inv-retention-2']);
  });
});
