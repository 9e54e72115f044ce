import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type IndexSwap, type Task } from 'meilisearch';
import { createLogger, SearchIndexWriteError, type Logger, type SearchIndex } from '@ruedas/platform';
import { parseOptions, type MeilisearchIndexOptions } from './settings';
import { COUNT_FIELD, filterExpression, MAX_TOTAL_HITS, meilisearchSettings, pagePlan, sortRules } from './translate';

export type { MeilisearchIndexOptions } from './settings';
export {
  ensureSearchKey,
  refuseKeyManager,
  meilisearchKeyFor,
  searchKeyIndexes,
  SEARCH_KEY_ACTIONS,
  SEARCH_KEY_NAME,
  SEARCH_KEY_UID,
  type EnsureSearchKeyOptions,
  type SearchKey,
} from './keys';
export {
  filterExpression,
  filterValue,
  meilisearchSettings,
  pagePlan,
  sortRules,
  synonymsMap,
  SearchQueryError,
  RANKING_RULES,
  MAX_TOTAL_HITS,
  COUNT_FIELD,
} from './translate';

/** Write tasks awaited at most: the next write waits for the oldest ones (the list never grows past it). */
export const TASK_WINDOW = 64;

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
  const logger: Logger = options.logger ?? createLogger('search-meilisearch');
  const wait = { timeout: settings.taskTimeoutMs, interval: 25 };
  /** Write tasks enqueued and not yet awaited, oldest first, with the ids they write. */
  const pending: { uid: number; what: string; ids: string[]; cleared: boolean }[] = [];
  /** Writes whose task failed since the last flush (flush reports and forgets them). */
  let failures: SearchIndexWriteError[] = [];
  /** The paging depth configured (Meilisearch returns no hit past it); the default until `configure`. */
  let maxTotalHits = MAX_TOTAL_HITS;

  const failed = (task: Task) =>
    new Error(`search-meilisearch: task ${task.uid} (${task.type}) on index ${settings.index} failed: ${task.error?.message ?? task.status}`);
  /** Waits for the oldest pending tasks until at most `keep` remain; a failed one is recorded with its ids. */
  const awaitTasks = async (keep: number) => {
    while (pending.length > keep) {
      const write = pending.shift()!;
      let task: Task;
      try {
        task = await client.tasks.waitForTask(write.uid, wait);
      } catch (error) {
        // Not known to be applied (a timeout, Meilisearch unreachable): reported like a failure.
        failures.push(
          new SearchIndexWriteError(
            `search-meilisearch: ${write.what} (task ${write.uid}) not confirmed: ${(error as Error).message}`,
            write.ids,
            write.cleared,
          ),
        );
        continue;
      }
      if (task.status !== 'failed' && task.status !== 'canceled') continue;
      logger.error({ task: task.uid, type: task.type, error: task.error }, 'Meilisearch write task failed');
      failures.push(new SearchIndexWriteError(failed(task).message, write.ids, write.cleared));
    }
  };
  /** Enqueues a write and keeps at most TASK_WINDOW unawaited (so a write waits while Meilisearch lags). */
  const write = async (task: EnqueuedTaskPromise, what: string, ids: string[], cleared = false) => {
    let uid: number;
    try {
      uid = (await task).taskUid;
    } catch (error) {
      // Refused before it became a task (a malformed payload, Meilisearch unreachable).
      throw new SearchIndexWriteError(`search-meilisearch: ${what} refused: ${(error as Error).message}`, ids, cleared);
    }
    pending.push({ uid, what, ids, cleared });
    if (pending.length >= TASK_WINDOW) await awaitTasks(TASK_WINDOW / 2);
  };
  const settle = async (task: EnqueuedTaskPromise, tolerated?: string) => {
    const done = await task.waitTask(wait);
    if (done.status === 'failed' && done.error?.code !== tolerated) throw failed(done);
  };
  const strip = (document: D & { [COUNT_FIELD]?: unknown }): D => {
    const { [COUNT_FIELD]: _count, ...rest } = document;
    return rest as unknown as D;
  };

  /** The settings last configured, given to the index a replace builds. */
  let configured: Parameters<typeof meilisearchSettings>[0] | undefined;
  /** The index a replace is building (live writes go to it too), and the ids written live meanwhile. */
  let staging: ReturnType<typeof client.index<D>> | null = null;
  const touched = new Set<string>();
  const addTo = async (target: ReturnType<typeof client.index<D>>, documents: D[]) => {
    const counted = documents.map((document) => ({ ...document, [COUNT_FIELD]: 1 }));
    await write(
      target.addDocuments(counted, { primaryKey: 'id' }),
      `upsert of ${documents.length}`,
      documents.map((document) => document.id),
    );
  };

  return {
    kind: 'meilisearch',
    configure: async (wanted) => {
      maxTotalHits = wanted.maxTotalHits ?? MAX_TOTAL_HITS;
      await settle(client.createIndex(settings.index, { primaryKey: 'id' }), 'index_already_exists');
      await settle(index.updateSettings(meilisearchSettings(wanted)));
      configured = wanted;
    },
    upsert: async (documents) => {
      if (documents.length === 0) return;
      await addTo(index, documents);
      if (staging) {
        await addTo(staging, documents);
        for (const document of documents) touched.add(document.id);
      }
    },
    remove: async (ids) => {
      if (ids.length === 0) return;
      await write(index.deleteDocuments(ids), `removal of ${ids.length}`, [...ids]);
      if (staging) {
        await write(staging.deleteDocuments(ids), `removal of ${ids.length}`, [...ids]);
        for (const id of ids) touched.add(id);
      }
    },
    replace: async (build) => {
      if (staging) throw new Error('search-meilisearch: a replace is already running');
      const uid = `${settings.index}_next`;
      // A replace that died half-way left its index: start again from nothing.
      await settle(client.deleteIndex(uid), 'index_not_found');
      await settle(client.createIndex(uid, { primaryKey: 'id' }));
      const next = client.index<D>(uid);
      if (configured) await settle(next.updateSettings(meilisearchSettings(configured)));
      staging = next;
      let written = 0;
      try {
        await build(async (documents) => {
          const fresh = documents.filter((document) => !touched.has(document.id));
          if (fresh.length > 0) await addTo(next, fresh);
          written += fresh.length;
        });
        await awaitTasks(0);
        if (failures.length > 0) {
          const reported = failures;
          failures = [];
          throw new SearchIndexWriteError(reported.map((failure) => failure.message).join('; '), [...new Set(reported.flatMap((f) => f.ids))]);
        }
        // One task: searches see the old index until it is done, the new one after.
        // (`rename` is left out: Meilisearch 1.15 knows no such field.)
        await settle(client.swapIndexes([{ indexes: [settings.index, uid] } as IndexSwap]));
      } finally {
        staging = null;
        touched.clear();
      }
      // After the swap it holds the old contents.
      await settle(client.deleteIndex(uid), 'index_not_found');
      return written;
    },
    clear: async () => write(index.deleteAllDocuments(), 'clear', [], true),
    get: async (id) => {
      try {
        return strip((await index.getDocument(id)) as D);
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
      if (filter === null) return { hits: [], total: 0, reachable: 0, facets: Object.fromEntries(facets.map((field) => [field, {}])) };
      const answer = await index.search(query.text ?? '', {
        matchingStrategy: 'all',
        page: plan.page,
        hitsPerPage: plan.hitsPerPage,
        ...(filter !== undefined && { filter }),
        ...(sort !== undefined && { sort }),
        // The constant field's count is the exact total (totalHits stops at maxTotalHits).
        facets: [...facets, COUNT_FIELD],
      });
      const distribution = answer.facetDistribution ?? {};
      const exact = Object.values(distribution[COUNT_FIELD] ?? {})[0];
      const total = answer.totalHits < maxTotalHits ? answer.totalHits : (exact ?? answer.totalHits);
      return {
        hits: (answer.hits as D[]).slice(plan.skip).map(strip),
        total,
        reachable: Math.min(total, maxTotalHits),
        facets: Object.fromEntries(facets.map((field) => [field, { ...distribution[field] }])),
      };
    },
    flush: async () => {
      await awaitTasks(0);
      const reported = failures;
      failures = [];
      if (reported.length === 0) return;
      const ids = [...new Set(reported.flatMap((failure) => failure.ids))];
      throw new SearchIndexWriteError(
        reported.map((failure) => failure.message).join('; '),
        ids,
        reported.some((failure) => failure.cleared),
      );
    },
    count: async () => (await index.getStats()).numberOfDocuments,
    close: async () => {
      // Waits for the tasks in flight (awaitTasks records failures and logs failed tasks; at close no
      // flush is left to report them to).
      await awaitTasks(0).catch(() => undefined);
    },
  };
}
