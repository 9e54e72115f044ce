import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, createSubgraphServer, executeInProcess, type DocumentStore } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { moderation } from '../src';

const logger = createLogger('test', 'silent');
const dir = mkdtempSync(join(tmpdir(), 'ruedas-moderation-'));
const store = await createEmbeddedStore({ dir, logger });
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(storeUnderTest: DocumentStore) {
  const instance = await moderation.init({
    store: storeUnderTest,
    versions: { backEnd: '9.8.7' },
    logger,
  } as Parameters<typeof moderation.init>[0]);
  return createSubgraphServer({ definition: moderation.subgraph, resolvers: instance.resolvers, logger, translate: (k) => k });
}

describe('systemsVersion', () => {
  it('answers the release and the database engine with its version', async () => {
    const server = await serve(store);
    const result = await executeInProcess(server, { query: '{ systemsVersion { backEndVersion databaseVersion } }' }, {});
    const info = await store.info();
    expect(result.data).toEqual({ systemsVersion: { backEndVersion: '9.8.7', databaseVersion: `embedded ${info.version}` } });
  });

  it('names whatever engine the store is', async () => {
    const mongoLike = { ...store, kind: 'mongo', info: async () => ({ engine: 'MongoDB', version: '8.0.4' }) } as DocumentStore;
    const server = await serve(mongoLike);
    const result = await executeInProcess(server, { query: '{ systemsVersion { databaseVersion } }' }, {});
    expect(result.data).toEqual({ systemsVersion: { databaseVersion: 'MongoDB 8.0.4' } });
  });
});
