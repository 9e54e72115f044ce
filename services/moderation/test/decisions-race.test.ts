import { translate } from '@ruedas/domain';
import { random } from '@ruedas/testing/random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, createAd, eventually, messageKey, startModeration, UPDATE, type Moderation } from './harness';

const APPROVE = 'mutation A($id: ID!, $version: Int) { approveOpportunity(id: $id, version: $version) { reviewId decision } }';
const REJECT = 'mutation R($id: ID!, $reason: String!, $version: Int) { rejectOpportunity(id: $id, reason: $reason, version: $version) { reviewId decision } }';
const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { status authorKind } }';
const QUEUE = '{ reviewQueue { items { id version } } }';

/** The refusals an administrator may read, each a translated sentence. */
const REFUSALS = ['opportunityChangedSinceReview', 'opportunityNotInReview'] as const;

/**
 * Issue 28: an administrator's decision taken on moderation's copy of an ad either applies to the
 * version the administrator saw, or is refused in words; it never answers success and vanishes.
 */
describe('decisions about ads that sellers edit at the same time', () => {
  let moderation: Moderation;
  let admins: Array<Awaited<ReturnType<Moderation['user']>>>;
  let sellers: Array<Awaited<ReturnType<Moderation['user']>>>;

  beforeAll(async () => {
    moderation = await startModeration();
    admins = [await moderation.user('ADMINISTRATOR'), await moderation.user('ADMINISTRATOR'), await moderation.user('ADMINISTRATOR')];
    sellers = [await moderation.user('ADVERTISER'), await moderation.user('ADVERTISER', { language: 'en' })];
  });
  afterAll(() => moderation.stop());

  it('answers success only for decisions applied, and refuses every other in words (500 decisions, random)', { timeout: 60_000 }, async () => {
    const rand = random(28);
    const ads: Array<{ id: string; seller: (typeof sellers)[number]; edits: number }> = [];
    for (let i = 0; i < 24; i += 1) {
      const seller = sellers[i % sellers.length]!;
      ads.push({ id: await createAd(moderation, seller, { model: `Corolla ${i}` }), seller, edits: 0 });
    }
    const answers: Array<{ ad: string; applied: boolean; code?: string; key?: string; message?: string }> = [];
    const decide = async (ad: (typeof ads)[number]) => {
      const admin = rand.pick(admins);
      const language = rand.pick(['es', 'en'] as const);
      const approve = rand.chance(0.6);
      const result = approve
        ? await moderation.call('moderation', APPROVE, { id: ad.id }, { token: admin.token, language })
        : await moderation.call('moderation', REJECT, { id: ad.id, reason: 'Las fotos no son del carro.' }, { token: admin.token, language });
      if (!result.errors) answers.push({ ad: ad.id, applied: true });
      else {
        const key = messageKey(result);
        answers.push({ ad: ad.id, applied: false, code: code(result), key, message: result.errors[0]!.message as string });
        if (key && (REFUSALS as readonly string[]).includes(key)) expect(result.errors[0]!.message).toBe(translate(key as (typeof REFUSALS)[number], language));
      }
    };
    const edit = async (ad: (typeof ads)[number]) => {
      ad.edits += 1;
      // A seller's edit may itself lose a race (CONFLICT): only the decisions are under test.
      await moderation.call('listings', UPDATE, { id: ad.id, input: { model: `Corolla ${ad.id.slice(0, 4)} ${ad.edits}` } }, ad.seller.token);
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, rand.int(0, 3)));
    while (answers.length < 500) {
      await Promise.all(
        ads.map(async (ad) => {
          const work: Array<Promise<void>> = [];
          // An edit puts a decided ad back in the queue, and races decisions about the version before it.
          if (rand.chance(0.5)) work.push(pause().then(() => edit(ad)));
          work.push(pause().then(() => decide(ad)));
          // Sometimes two administrators decide about the same ad at once.
          if (rand.chance(0.25)) work.push(pause().then(() => decide(ad)));
          await Promise.all(work);
        }),
      );
    }
    await moderation.relay.flush();

    // Every answer is a success or a refusal in words: no internal error, no decision left unanswered.
    const refused = answers.filter((answer) => !answer.applied);
    for (const answer of refused) {
      expect(answer.code).toBe('CONFLICT');
      expect(REFUSALS).toContain(answer.key);
      expect(answer.message).not.toBe(answer.key);
    }
    // Every decision answered as applied is in the ad's history (signed by the staff), and no other.
    const mismatches: Array<{ ad: string; answeredApplied: number; inHistory: number }> = [];
    for (const ad of ads) {
      const history = (await moderation.call('listings', HISTORY, { id: ad.id }, admins[0]!.token)).data!.statusHistory as Array<{
        status: string;
        authorKind: string;
      }>;
      const inHistory = history.filter((entry) => entry.authorKind === 'STAFF' && (entry.status === 'PUBLIC_ONLINE' || entry.status === 'REJECTED')).length;
      const answeredApplied = answers.filter((a) => a.ad === ad.id && a.applied).length;
      if (inHistory !== answeredApplied) mismatches.push({ ad: ad.id, answeredApplied, inHistory });
    }
    const applied = answers.length - refused.length;
    const vanished = mismatches.reduce((sum, m) => sum + Math.max(0, m.answeredApplied - m.inHistory), 0);
    expect({ vanished, of: applied, mismatches }).toEqual({ vanished: 0, of: applied, mismatches: [] });
    expect(applied).toBeGreaterThan(100);
    expect(refused.filter((answer) => answer.key === 'opportunityChangedSinceReview').length).toBeGreaterThan(10);
  });

  it('applies a decision about the version the administrator saw, and refuses one about an older version in words', async () => {
    const [seller] = sellers;
    const [admin] = admins;
    const id = await createAd(moderation, seller!, { model: 'Yaris' });
    const shown = ((await moderation.call('moderation', QUEUE, {}, admin!.token)).data!.reviewQueue.items as Array<{ id: string; version: number }>).find(
      (item) => item.id === id,
    )!;
    // The seller edits after the administrator opened the ad: the decision about what was shown is refused.
    await moderation.call('listings', UPDATE, { id, input: { model: 'Yaris Cross' } }, seller!.token);
    await eventually(async () => (await moderation.collections.ads.findById(id))?.version === shown.version + 1);
    const stale = await moderation.call('moderation', APPROVE, { id, version: shown.version }, { token: admin!.token, language: 'en' });
    expect([code(stale), stale.errors?.[0]?.message]).toEqual(['CONFLICT', 'The seller changed this ad after you opened it: review it again.']);
    expect((await moderation.call('listings', HISTORY, { id }, admin!.token)).data!.statusHistory.at(-1).status).toBe('PENDING_APPROVAL');
    // The version seen now applies, and the answer comes once it did.
    const fresh = await moderation.call('moderation', APPROVE, { id, version: shown.version + 1 }, admin!.token);
    expect(fresh.errors).toBeUndefined();
    expect((await moderation.call('listings', HISTORY, { id }, admin!.token)).data!.statusHistory.at(-1).status).toBe('PUBLIC_ONLINE');
    expect((await moderation.call('moderation', QUEUE, {}, admin!.token)).data!.reviewQueue.items.map((item: { id: string }) => item.id)).not.toContain(id);
  });
});
