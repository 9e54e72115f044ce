/**
 * The adapter's handling of Meilisearch's write tasks, against a small fake of Meilisearch's HTTP
 * API (health, documents, tasks, search): no Meilisearch runs here. What it proves is this
 * adapter's logic (every write task awaited and checked, failures reported with their ids, a
 * bounded number of unawaited tasks, exact totals past maxTotalHits), not Meilisearch itself; the
 * contract suite against a real Meilisearch (test/search-index.meilisearch.test.ts) covers that where one is reachable.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, SearchIndexWriteError } from '@ruedas/platform';
import { createMeilisearchIndex, MAX_TOTAL_HITS, TASK_WINDOW } from '../src';
import { fakeMeilisearchServer, notFaked, stopFakesAfterEach, type FakeAnswer } from './fake-meilisearch';

interface FakeTask {
  uid: number;
  indexUid: string;
  type: string;
  status: 'enqueued' | 'succeeded' | 'failed';
  error: { message: string; code: string } | null;
}

/** Health, documents, tasks and search of the index `ads`: a document whose id is `refused` makes its task fail, like an invalid document. */
function fakeMeilisearch(searchAnswer: Record<string, unknown> = {}) {
  const tasks: FakeTask[] = [];
  const confirmed = new Set<number>();
  let mostUnconfirmed = 0;
  const enqueue = (type: string, fails: boolean): FakeAnswer => {
    const task: FakeTask = {
      uid: tasks.length,
      indexUid: 'ads',
      type,
      status: fails ? 'failed' : 'succeeded',
      error: fails ? { message: 'Document identifier `refused` is invalid.', code: 'invalid_document_id' } : null,
    };
    tasks.push(task);
    mostUnconfirmed = Math.max(mostUnconfirmed, tasks.length - confirmed.size);
    return [202, { taskUid: task.uid, indexUid: 'ads', status: 'enqueued', type, enqueuedAt: new Date().toISOString() }];
  };
  const server = fakeMeilisearchServer((request): FakeAnswer => {
    const { method, path, body } = request;
    if (path === '/health') return [200, { status: 'available' }];
    if (path === '/indexes/ads/documents' && method === 'POST')
      return enqueue(
        'documentAdditionOrUpdate',
        (body as { id: string }[]).some((document) => document.id === 'refused'),
      );
    if (path === '/indexes/ads/documents/delete-batch') return enqueue('documentDeletion', false);
    const task = /^\/tasks\/(\d+)$/.exec(path);
    if (task) {
      const found = tasks[Number(task[1])]!;
      confirmed.add(found.uid);
      return [200, { ...found, details: {}, duration: 'PT0S', enqueuedAt: '', startedAt: '', finishedAt: '' }];
    }
    if (path === '/indexes/ads/search')
      return [200, { hits: [], totalHits: 0, totalPages: 0, page: 1, hitsPerPage: 20, facetDistribution: {}, ...searchAnswer }];
    return notFaked(request);
  });
  return {
    ...server,
    tasks,
    unconfirmed: () => tasks.length - confirmed.size,
    mostUnconfirmed: () => mostUnconfirmed,
  };
}

const track = stopFakesAfterEach();
const logger = createLogger('test', 'silent');

describe('search-meilisearch write tasks', () => {
  it('reports a failed write task at the next flush, with the ids it wrote, once', async () => {
    const fake = track(fakeMeilisearch());
    const index = await createMeilisearchIndex<{ id: string; brand: string }>({ url: await fake.start(), index: 'ads', logger });
    await index.upsert([{ id: 'ad-1', brand: 'TOYOTA' }]);
    await index.upsert([
      { id: 'refused', brand: 'NISSAN' },
      { id: 'ad-2', brand: 'KIA' },
    ]);
    await index.remove(['ad-3']);
    const flushed = index.flush();
    await expect(flushed).rejects.toBeInstanceOf(SearchIndexWriteError);
    await expect(flushed).rejects.toMatchObject({ ids: ['refused', 'ad-2'], message: expect.stringContaining('Document identifier') });
    // Every task was awaited; the failure is reported once, the caller writes those ads again.
    expect(fake.unconfirmed()).toBe(0);
    await expect(index.flush()).resolves.toBeUndefined();
  });

  it(`never leaves more than ${TASK_WINDOW} write tasks unawaited (no ever-growing list)`, async () => {
    const fake = track(fakeMeilisearch());
    const index = await createMeilisearchIndex<{ id: string }>({ url: await fake.start(), index: 'ads', logger });
    for (let n = 0; n < 5 * TASK_WINDOW; n++) await index.upsert([{ id: `ad-${n}` }]);
    expect(fake.tasks).toHaveLength(5 * TASK_WINDOW);
    expect(fake.mostUnconfirmed()).toBeLessThanOrEqual(TASK_WINDOW);
    await index.flush();
    expect(fake.unconfirmed()).toBe(0);
  });

  it('counts matches exactly past maxTotalHits (from the count facet) and hides the count field', async () => {
    const fake = track(
      fakeMeilisearch({
        hits: [{ id: 'ad-1', brand: 'TOYOTA', _ruedas: 1 }],
        totalHits: MAX_TOTAL_HITS,
        facetDistribution: { _ruedas: { '1': 71_187 }, brand: { TOYOTA: 20_000 } },
      }),
    );
    const index = await createMeilisearchIndex<{ id: string; brand: string }>({ url: await fake.start(), index: 'ads', logger });
    const result = await index.search({ facets: ['brand'], limit: 1 });
    expect(result).toEqual({ hits: [{ id: 'ad-1', brand: 'TOYOTA' }], total: 71_187, reachable: 10_000, facets: { brand: { TOYOTA: 20_000 } } });
  });
});
