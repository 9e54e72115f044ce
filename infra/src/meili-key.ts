// The Meilisearch key bootstrap (decision 0203): with the master key, once per deployment, makes (or
// finds) the search service's own key, scoped to its index, and checks it is MEILI_API_KEY when that
// is given. The master key goes no further: every Ruedas process refuses it, and the search service
// refuses a key that can manage keys.
//   MEILI_URL=… MEILI_MASTER_KEY=… [MEILI_API_KEY=…] [MEILI_INDEX=ads] npm run meili-key -w @ruedas/infra
// (the launcher's `--meili-key`). The meili-keys container of docker-compose.yml runs it (`node infra/dist/main.mjs --meili-key`)
// before search starts. Without MEILI_API_KEY it prints the key (for an operator); with it, only the outcome.
import { ConfigError } from '@ruedas/platform';
import { ensureSearchKey } from '@ruedas/search-meilisearch';

/** Runs the bootstrap on `env`; answers the process's exit code and writes what it did to `out`/`err`. */
export async function meiliKeyBootstrap(
  env: NodeJS.ProcessEnv,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const missing = (['MEILI_URL', 'MEILI_MASTER_KEY'] as const).filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    err(`meili-key: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required (the Meilisearch URL and its master key)`);
    return 1;
  }
  const index = env.MEILI_INDEX?.trim() || 'ads';
  const expectedKey = env.MEILI_API_KEY?.trim() || undefined;
  try {
    const made = await ensureSearchKey({ url: env.MEILI_URL!, masterKey: env.MEILI_MASTER_KEY!, index, ...(expectedKey && { expectedKey }) });
    err(`meili-key: search key ${made.uid} ${made.outcome}: actions ${made.actions.join(', ')}; indexes ${made.indexes.join(', ')}`);
    if (!expectedKey) out(`MEILI_API_KEY=${made.key}`);
    return 0;
  } catch (error) {
    err(`meili-key: ${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}`);
    return 1;
  }
}
