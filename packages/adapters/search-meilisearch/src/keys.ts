import { createHmac } from 'node:crypto';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';
import { ConfigError } from '@ruedas/platform';
import { parseOptions } from './settings';

/**
 * The search service's own Meilisearch API key (decision 0203): the master key is used once, by an
 * operator's bootstrap step (`npm run meili-key -w @ruedas/infra`, the `meili-keys` container of
 * docker-compose.yml), to create this key; the service runs with it and is refused any key that can
 * manage keys.
 *
 * Its uid is fixed, so the bootstrap is idempotent (it finds the key it made before) and the key is
 * known in advance: Meilisearch derives a key from its uid and the master key (HMAC-SHA256 of the
 * lower-case hyphenated uid, keyed by the master key, in hexadecimal), so `npm run secrets` writes
 * MEILI_API_KEY beside MEILI_MASTER_KEY and the bootstrap checks that Meilisearch made that very key.
 */
export const SEARCH_KEY_UID = '3f6c2a9e-8b1d-4e57-a0c4-52d9e7f1b6a3';
export const SEARCH_KEY_NAME = 'ruedas-search';

/**
 * What the search service does with its index and nothing else: search; write and read documents;
 * create its index, read and change its settings, its stats; build `<index>_next` and swap it in (a
 * rebuild, decision 0159's `replace`), then delete it; and wait for its tasks. No `keys.*`, no
 * `dumps`/`snapshots`, no other index.
 */
export const SEARCH_KEY_ACTIONS = [
  'search',
  'documents.add',
  'documents.get',
  'documents.delete',
  'indexes.create',
  'indexes.get',
  'indexes.delete',
  'indexes.swap',
  'settings.get',
  'settings.update',
  'stats.get',
  'tasks.get',
] as const;

/** The indexes the search key reaches: the live one and the one a rebuild fills before the swap. */
export const searchKeyIndexes = (index: string): string[] => [index, `${index}_next`];

/** The key Meilisearch makes for `uid` under `masterKey` (what `POST /keys` with that uid answers). */
export const meilisearchKeyFor = (masterKey: string, uid: string = SEARCH_KEY_UID): string =>
  createHmac('sha256', masterKey).update(uid.toLowerCase()).digest('hex');

export interface EnsureSearchKeyOptions {
  /** `MEILI_URL`. */
  url: string;
  /** `MEILI_MASTER_KEY`: used for this step only. */
  masterKey: string;
  /** `MEILI_INDEX`. */
  index: string;
  /** `MEILI_API_KEY` when the operator already holds it: the key made must be this one. */
  expectedKey?: string;
}

export interface SearchKey {
  key: string;
  uid: string;
  actions: string[];
  indexes: string[];
  /** `created`: it did not exist; `recreated`: it existed with other actions or indexes; `unchanged`. */
  outcome: 'created' | 'recreated' | 'unchanged';
}

const apiCode = (error: unknown) => (error instanceof MeilisearchApiError ? error.cause?.code : undefined);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Creates the search service's key with the master key, or finds it (idempotent: run it at every
 * deployment). A key of that uid with other actions or indexes (an older release, another
 * MEILI_INDEX) is deleted and made again: Meilisearch lets only a key's name and description change,
 * and the same uid under the same master key gives the same key, so running services keep theirs.
 */
export async function ensureSearchKey(options: EnsureSearchKeyOptions): Promise<SearchKey> {
  const { url, index } = parseOptions({ url: options.url, index: options.index });
  const masterKey = options.masterKey.trim();
  if (!masterKey) throw new ConfigError('MEILI_MASTER_KEY', 'is required to create the search key (the bootstrap step only)');
  const client = new Meilisearch({ host: url, apiKey: masterKey });
  const actions = [...SEARCH_KEY_ACTIONS];
  const indexes = searchKeyIndexes(index);
  let existing: Awaited<ReturnType<typeof client.getKey>> | undefined;
  try {
    existing = await client.getKey(SEARCH_KEY_UID);
  } catch (error) {
    const code = apiCode(error);
    if (code === 'invalid_api_key' || code === 'missing_authorization_header' || code === 'missing_master_key')
      throw new ConfigError('MEILI_MASTER_KEY', `Meilisearch at ${url} refused it for its keys (${code}): it is not that Meilisearch's master key`);
    if (code !== 'api_key_not_found') throw error;
  }
  let outcome: SearchKey['outcome'] = 'unchanged';
  if (existing && !(sameSet(existing.actions, actions) && sameSet(existing.indexes, indexes) && existing.expiresAt === null)) {
    await client.deleteKey(SEARCH_KEY_UID);
    existing = undefined;
    outcome = 'recreated';
  }
  const key =
    existing ??
    (await client.createKey({
      uid: SEARCH_KEY_UID,
      name: SEARCH_KEY_NAME,
      description: `Ruedas search service: index ${index} (and ${index}_next while it is rebuilt); made by npm run meili-key`,
      actions,
      indexes,
      expiresAt: null,
    }));
  if (!existing && outcome === 'unchanged') outcome = 'created';
  if (options.expectedKey !== undefined && options.expectedKey.trim() !== key.key)
    throw new ConfigError(
      'MEILI_API_KEY',
      `is not the search key Meilisearch made under this MEILI_MASTER_KEY (uid ${SEARCH_KEY_UID}); the two come from one npm run secrets: write both again, or set MEILI_API_KEY to the one npm run meili-key prints`,
    );
  return { key: key.key, uid: key.uid, actions: key.actions, indexes: key.indexes, outcome };
}

/**
 * Refuses a key that can manage API keys (the master key, or a key given `keys.*` or `*`): the
 * search service runs with its own scoped key only. Told by asking Meilisearch for its key list with
 * it: the search key's actions leave `keys.get` out, so Meilisearch refuses it (403); any answer
 * with the list means the key is too strong. A Meilisearch without a master key (development)
 * answers that keys need one, which passes: it has no keys to protect.
 */
export async function refuseKeyManager(options: { url: string; apiKey?: string }): Promise<void> {
  const { url } = parseOptions({ url: options.url, index: 'probe' });
  const apiKey = options.apiKey?.trim();
  if (!apiKey) return;
  const client = new Meilisearch({ host: url, apiKey });
  try {
    await client.getKeys({ limit: 1 });
  } catch (error) {
    if (error instanceof MeilisearchApiError) return;
    throw error;
  }
  throw new ConfigError(
    'MEILI_API_KEY',
    'can manage Meilisearch API keys (it is the master key, or a key with keys.* actions): the search service runs with its own key, scoped to its ' +
      'index. Make it with npm run meili-key -w @ruedas/infra (MEILI_MASTER_KEY is for that step only) and give the service the key it prints',
  );
}
