import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type Task } from 'meilisearch';
import type { SearchIndex } from '@ruedas/platform';
import { parseOptions, type MeilisearchIndexOptions } from './settings';
import { filterExpression, meilisearchSettings, pagePlan, sortRules } from './translate';

export type { MeilisearchIndexOptions } from './settings';
export { filterExpression, filterValue, meilisearchSettings, pagePlan, sortRules, synonymsMap, SearchQueryError, RANKING_RULES } from './translate';

const apiCode = (error: unknown) => (error instanceof MeilisearchApiError ? error.cause?.code : undefined);

/**
 * The search index port on Meilisearch: the settings become index settings, filters become filter
 * expressions, paging uses the exhaustive mode (exact totals), writes are Meilisearch tasks that
 * `flush` waits for. Checks that Meilisearch answers before resolving.
 */
export async function createMeilisearchIndex<D extends { id: string }>(options: MeilisearchIndexOptions): Promise<SearchIndex<D>> {
  const settings = parseOptions(options);
  const client = new Meilisearch({ host: settings.url, ...(settings.apiKey !== undefined && { apiKey: settings.apiKey }) });
  try {
    await client.health();
  } catch (error) {
    throw new Error(`search-meilisearch: no Meilisearch answers at MEILI_URL=${settings.url} (${(error as Error).message})`, { cause: error });
  }
  const index = client.index<D>(settings.index);
  const wait = { timeout: settings.taskTimeoutMs, interval: 25 };
  let pending: number[] = [];

  const failed = (task: Task) => new Error(`search-meilisearch: task ${task.uid} (${task.type}) on index ${settings.index} failed: ${task.error?.message ?? task.status}`);
  const enqueue = async (task: EnqueuedTaskPromise) => {
    pending.push((await task).taskUid);
  };
  const settle = async (task: EnqueuedTaskPromise, tolerated?: string) => {
    const done = await task.waitTask(wait);
    if (done.status === 'failed' && done.error?.code !== tolerated) throw failed(done);
  };

  return {
    kind: 'meilisearch',
    configure: async (wanted) => {
      await settle(client.createIndex(settings.index, { primaryKey: 'id' }), 'index_already_exists');
      await settle(index.updateSettings(meilisearchSettings(wanted)));
    },
    upsert: async (documents) => {
      if (documents.length > 0) await enqueue(index.addDocuments(documents, { primaryKey: 'id' }));
    },
    remove: async (ids) => {
      if (ids.length > 0) await enqueue(index.deleteDocuments(ids));
    },
    clear: async () => enqueue(index.deleteAllDocuments()),
    get: async (id) => {
      try {
        return (await index.getDocument(id)) as D;
      } catch (error) {
        if (apiCode(error) === 'document_not_found') return null;
        throw error;
      }
    },
    search: async (query) => {
      const facets = query.facets ?? [];
      const filter = filterExpression(query.filters ?? []);
      const plan = pagePlan(query);
      const sort = sortRules(query);
      if (filter === null) return { hits: [], total: 0, facets: Object.fromEntries(facets.map((field) => [field, {}])) };
      const answer = await index.search(query.text ?? '', {
        matchingStrategy: 'all',
        page: plan.page,
        hitsPerPage: plan.hitsPerPage,
        ...(filter !== undefined && { filter }),
        ...(sort !== undefined && { sort }),
        ...(facets.length > 0 && { facets }),
      });
      const distribution = answer.facetDistribution ?? {};
      return {
        hits: (answer.hits as D[]).slice(plan.skip),
        total: answer.totalHits,
        facets: Object.fromEntries(facets.map((field) => [field, { ...distribution[field] }])),
      };
    },
    flush: async () => {
      const uids = pending;
      pending = [];
      for (const uid of uids) {
        const task = await client.tasks.waitForTask(uid, wait);
        if (task.status === 'failed') throw failed(task);
      }
    },
    count: async () => (await index.getStats()).numberOfDocuments,
    close: async () => {
      pending = [];
    },
  };
}
