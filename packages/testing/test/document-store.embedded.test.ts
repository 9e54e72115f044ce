import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { runDocumentStoreContractTests } from '../src';

runDocumentStoreContractTests('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
  let store = await createEmbeddedStore({ dir });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = await createEmbeddedStore({ dir });
      return store;
    },
    teardown: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
