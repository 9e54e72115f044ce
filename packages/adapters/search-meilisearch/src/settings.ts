import { ConfigError, requireSetting, type Logger } from '@ruedas/platform';

export interface MeilisearchIndexOptions {
  /** `http://host:7700` (`MEILI_URL`). */
  url: string;
  /** The API key (`MEILI_API_KEY`: the search key, never the master key; decision 0203); a Meilisearch without a master key needs none. */
  apiKey?: string;
  /** The index uid, e.g. `ads`. */
  index: string;
  /** How long `flush` and `configure` wait for Meilisearch's tasks, in ms (default 60,000). */
  taskTimeoutMs?: number;
  /** Where failed write tasks are logged. */
  logger?: Logger;
}

const INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;

export function parseOptions(options: MeilisearchIndexOptions): Required<Omit<MeilisearchIndexOptions, 'apiKey' | 'logger'>> & { apiKey?: string } {
  const url = requireSetting(options.url, 'MEILI_URL', 'URL of Meilisearch, e.g. http://localhost:7700');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('MEILI_URL', `${JSON.stringify(url)} is not a URL (e.g. http://localhost:7700)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError('MEILI_URL', `must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
  if (parsed.username || parsed.password) throw new ConfigError('MEILI_URL', 'must not hold credentials (give the key in MEILI_API_KEY)');
  const index = options.index?.trim() ?? '';
  if (!INDEX_UID.test(index)) throw new Error(`search-meilisearch: index must be 1 to 400 of A-Z, a-z, 0-9, '-', '_', got ${JSON.stringify(options.index)}`);
  const apiKey = options.apiKey?.trim() || undefined;
  const taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
  return { url: url.replace(/\/+$/, ''), index, taskTimeoutMs, ...(apiKey !== undefined && { apiKey }) };
}
