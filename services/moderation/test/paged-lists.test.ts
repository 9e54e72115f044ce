import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityStaffAction, staffActionEvent, topics } from '@ruedas/events';
import { createAd, eventually, fields, REPORT, startModeration, type Moderation } from './harness';

/**
 * The administrators' lists by cursor (issue 30): a page read with `after` (the `next` of the page
 * before) starts right after the last item of that page, so a walk shows each item once and in
 * order even when items are added or leave the list meanwhile (a page number would repeat or skip one).
 */
let moderation: Moderation;
let admin: Awaited<ReturnType<Moderation['user']>>;
let seller: Awaited<ReturnType<Moderation['user']>>;

beforeAll(async () => {
  moderation = await startModeration();
  admin = await moderation.user('ADMINISTRATOR');
  seller = await moderation.user();
  await moderation.call('moderation', 'mutation { updateGlobalParameter(id: "ITEMS_PER_LIST", quantity: 2) { id } }', {}, admin.token);
});
afterAll(() => moderation.stop());

interface Walked {
  items: Array<{ id: string }>;
  page: number;
  next: string | null;
}

/** Walks a list from its first page by `next`, calling `meanwhile` once after the first page. */
async function walk(query: string, field: string, variables: Record<string, unknown>, meanwhile: () => Promise<unknown> = async () => {}) {
  const read = async (more: Record<string, unknown>) => {
    const result = await moderation.call('moderation', query, { ...variables, ...more }, admin.token);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data![field] as Walked;
  };
  const pages = [await read({})];
  await meanwhile();
  while (pages.at(-1)!.next) pages.push(await read({ after: pages.at(-1)!.next }));
  return { pages: pages.map((page) => page.page), ids: pages.flatMap((page) => page.items.map((item) => item.id)) };
}

describe('administrators walk their lists by cursor', () => {
  it('the review queue, oldest first and riskiest first: each ad once, in order, while one is decided and one arrives', async () => {
    const QUEUE =
      'query Q($orderBy: ReviewQueueOrder, $page: Int, $after: String) { reviewQueue(orderBy: $orderBy, page: $page, after: $after) { items { id } page next } }';
    const ads: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ads.push(await createAd(moderation, seller, { model: `Modelo ${index}` }));
      moderation.clock.advance(60_000);
    }
    const oldest = await walk(QUEUE, 'reviewQueue', { orderBy: 'OLDEST' });
    expect(oldest).toEqual({ pages: [1, 2, 3], ids: ads });
    const risky = await walk(QUEUE, 'reviewQueue', { orderBy: 'RISK' });
    expect([...risky.ids].sort()).toEqual([...ads].sort());

    let late = '';
    const walked = await walk(QUEUE, 'reviewQueue', { orderBy: 'OLDEST' }, async () => {
      // The first ad shown is decided (it leaves the queue) and a new one arrives at its end.
      const approved = await moderation.call('moderation', 'mutation A($id: ID!) { approveOpportunity(id: $id) { decision } }', { id: ads[0] }, admin.token);
      expect(approved.errors).toBeUndefined();
      late = await createAd(moderation, seller, { model: 'Modelo tarde' });
    });
    expect(walked.ids).toEqual([...ads, late]);
    const refused = await moderation.call('moderation', QUEUE, { after: 'not-a-cursor' }, admin.token);
    expect(fields(refused)).toEqual({ after: 'invalidCursor' });
  });

  it('the complaints, newest first: each once, in order, while a new one arrives first', async () => {
    const LIST = 'query L($page: Int, $after: String) { complaints(page: $page, after: $after) { items { id } page next } }';
    const report = async (index: number) => {
      const ad = await createAd(moderation, seller, { model: `Reportado ${index}` }, admin);
      moderation.clock.advance(60_000);
      const result = await moderation.call('moderation', REPORT, { input: { opportunityId: ad, details: 'Precio falso' } }, { address: `203.0.113.${index}` });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data!.reportOpportunity.id as string;
    };
    const complaints: string[] = [];
    for (let index = 1; index <= 5; index += 1) complaints.push(await report(index));
    let late = '';
    const walked = await walk(LIST, 'complaints', {}, async () => {
      late = await report(6);
    });
    expect(walked).toEqual({ pages: [1, 2, 3], ids: [...complaints].reverse() });
    expect((await moderation.call('moderation', LIST, { page: 1 }, admin.token)).data!.complaints.items[0].id).toBe(late);
  });

  it('the audit trail, filtered, newest first: each entry once, in order, while a newer one is recorded', async () => {
    const TRAIL =
      'query T($filter: StaffActionFilter, $page: Int, $after: String) { staffActions(filter: $filter, page: $page, after: $after) { items { id } page next } }';
    const actor = { id: admin.id, role: 'ADMINISTRATOR' as const };
    const action = (minute: number) =>
      staffActionEvent(identityStaffAction, {
        actor,
        action: 'USER_UPDATED',
        target: { type: 'USER', id: `walked-${minute}`, label: `walked-${minute}@example.com` },
        before: { name: 'Ana' },
        after: { name: 'Anabel' },
        at: new Date(Date.UTC(2026, 2, 2, 15, minute)),
      });
    // 30 entries: two pages of 25 (the trail's fixed page size).
    const entries = Array.from({ length: 30 }, (_, minute) => action(minute));
    await moderation.bus.publish(
      topics.identityAudit,
      entries.map((event) => ({ key: event.aggregateId, value: event })),
    );
    const filter = { actor: admin.id, from: '2026-03-02', to: '2026-03-02' };
    const COUNT = 'query C($filter: StaffActionFilter) { staffActions(filter: $filter) { totalItems } }';
    await eventually(async () => (await moderation.call('moderation', COUNT, { filter }, admin.token)).data!.staffActions.totalItems === 30);
    const late = action(45);
    const walked = await walk(TRAIL, 'staffActions', { filter }, async () => {
      await moderation.bus.publish(topics.identityAudit, [{ key: late.aggregateId, value: late }]);
      await eventually(async () => (await moderation.call('moderation', COUNT, { filter }, admin.token)).data!.staffActions.totalItems === 31);
    });
    expect(walked).toEqual({ pages: [1, 2], ids: entries.map((event) => event.id).reverse() });
  });
});
