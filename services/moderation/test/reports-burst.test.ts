import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPriceEstimator } from '../src';
import { createAd, eventually, REPORT, seen, startModeration, type Json, type Moderation } from './harness';

/**
 * "Reported by REPORTS_TO_HIDE (5) different people hides the ad" under parallel reports (issue 20):
 * the ad is held exactly once however many reports arrive at the same moment, and four people at
 * once are not enough. The reporters are established accounts, each from their own address (issue 28:
 * each weighs 1).
 */
const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { status } }';
const QUEUE = '{ reviewQueue { items { id heldFor status } } }';

let moderation: Moderation;
let admin: Awaited<ReturnType<Moderation['user']>>;
let seller: Awaited<ReturnType<Moderation['user']>>;
let reporters: Array<Awaited<ReturnType<Moderation['user']>>>;
let nextReporter = 0;
/** Accounts older than NEW_ACCOUNT_DAYS. */
const ESTABLISHED = { dateCreated: '2020-01-01T00:00:00.000Z' };

beforeAll(async () => {
  moderation = await startModeration();
  admin = await moderation.user('ADMINISTRATOR');
  seller = await moderation.user();
  reporters = await Promise.all(Array.from({ length: 21 }, () => moderation.user('ADVERTISER', ESTABLISHED)));
});
afterAll(() => moderation.stop());

/** `people` established accounts, each from their own address, report `id` all at once. */
async function reportAtOnce(id: string, people: number, first: number) {
  // After the administrator's publication (reports count from the last decision on).
  moderation.clock.advance(60_000);
  const answers = await Promise.all(
    Array.from({ length: people }, (_, at) =>
      moderation.call(
        'moderation',
        REPORT,
        { input: { opportunityId: id, details: 'Pide un adelanto por SINPE antes de verlo' } },
        { token: reporters[nextReporter++]!.token, address: `198.51.100.${first + at}` },
      ),
    ),
  );
  expect(answers.filter((answer) => answer.errors)).toEqual([]);
}

const holds = async (id: string) => (await moderation.events('OpportunityHeld')).filter((event) => event.aggregateId === id);

describe('reports under a burst', () => {
  it('twelve people reporting at once hide the ad exactly once', async () => {
    const id = await createAd(moderation, seller, { model: 'Yaris' }, admin);
    await reportAtOnce(id, 12, 10);
    await seen(moderation, id, 'PENDING_APPROVAL');
    const item = await eventually(async () =>
      // The queue shows the ad once listings' status change lands; the hold's reason a moment later.
      ((await moderation.call('moderation', QUEUE, {}, admin.token)).data!.reviewQueue.items as Json[]).find((entry) => entry.id === id && entry.heldFor),
    );
    expect(item).toMatchObject({ heldFor: 'REPORTS', status: 'PENDING_APPROVAL' });
    // Settled: one hold, one PENDING_APPROVAL after the publication in the history.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await holds(id)).toHaveLength(1);
    const history = (await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory.map((entry: Json) => entry.status);
    expect(history).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE', 'PENDING_APPROVAL']);
  });

  it('exactly REPORTS_TO_HIDE people at once are enough, one fewer is not', async () => {
    const four = await createAd(moderation, seller, { model: 'Hilux' }, admin);
    const five = await createAd(moderation, seller, { model: 'Rav4' }, admin);
    moderation.clock.advance(60_000);
    await Promise.all([reportAtOnce(four, 4, 40), reportAtOnce(five, 5, 60)]);
    await seen(moderation, five, 'PENDING_APPROVAL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await holds(five)).toHaveLength(1);
    expect(await holds(four)).toHaveLength(0);
    expect((await moderation.collections.ads.findById(four))?.status).toBe('PUBLIC_ONLINE');
  });

  it('keeps a hold that came while the publication before it was still being assessed', async () => {
    // The publication's risk assessment waits on the market price: the test holds it back while
    // five people report the ad, as a slow moment on a busy server would.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const slow: MarketPriceEstimator = {
      estimateCrc: async (ad) => {
        if (gated && ad.status === 'PUBLIC_ONLINE') await gate;
        return null;
      },
    };
    const late = await startModeration({ marketPrice: slow });
    try {
      const lateAdmin = await late.user('ADMINISTRATOR');
      const lateSeller = await late.user();
      const lateReporters = await Promise.all(Array.from({ length: 5 }, () => late.user('ADVERTISER', ESTABLISHED)));
      const id = await createAd(late, lateSeller, { model: 'Corolla' }, undefined);
      gated = true;
      expect(
        (await late.call('listings', 'mutation S($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, lateAdmin.token))
          .errors,
      ).toBeUndefined();
      await seen(late, id, 'PUBLIC_ONLINE');
      late.clock.advance(60_000);
      const reports = await Promise.all(
        Array.from({ length: 5 }, (_, at) =>
          late.call(
            'moderation',
            REPORT,
            { input: { opportunityId: id, details: 'Pide un adelanto por SINPE' } },
            { token: lateReporters[at]!.token, address: `198.51.100.${120 + at}` },
          ),
        ),
      );
      expect(reports.filter((answer) => answer.errors)).toEqual([]);
      await eventually(async () => (await late.collections.ads.findById(id))?.heldFor === 'REPORTS');
      // The publication's assessment finishes now: it is older than the hold and leaves it be.
      release();
      await seen(late, id, 'PENDING_APPROVAL');
      const item = await eventually(async () =>
        ((await late.call('moderation', QUEUE, {}, lateAdmin.token)).data!.reviewQueue.items as Json[]).find((entry) => entry.id === id),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await late.collections.ads.findById(id))?.heldFor).toBe('REPORTS');
      expect(((await late.call('moderation', QUEUE, {}, lateAdmin.token)).data!.reviewQueue.items as Json[]).find((entry) => entry.id === id)).toMatchObject({
        ...item,
        heldFor: 'REPORTS',
      });
    } finally {
      release();
      await late.stop();
    }
  });
});
