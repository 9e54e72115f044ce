import { randomUUID } from 'node:crypto';
import { GenericContainer, Wait } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { createMeilisearchIndex } from '@ruedas/search-meilisearch';
import { ConfigError } from '@ruedas/platform';
import { runSearchIndexContractTests, type ContractCarAd } from '@ruedas/testing';
import { realTargetMode, reportNotExercised } from '@ruedas/testing';
import { IMAGES } from '@ruedas/testing';

const MEILISEARCH = { name: 'Meilisearch', variable: 'MEILI_URL' };
const IMAGE = IMAGES.meilisearch;
const mode = await realTargetMode(MEILISEARCH);
/** Each run writes its own index, so a shared Meilisearch is left as it was (the index is deleted). */
const indexName = () => `contract_${randomUUID().slice(0, 8)}`;

async function dropIndex(url: string, apiKey: string | undefined, index: string): Promise<void> {
  await fetch(`${url.replace(/\/+$/, '')}/indexes/${index}`, { method: 'DELETE', headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {} });
}

if (mode === 'url') {
  const url = process.env.MEILI_URL ?? '';
  const apiKey = process.env.MEILI_MASTER_KEY || undefined;
  runSearchIndexContractTests('search-meilisearch on the Meilisearch at MEILI_URL', async () => {
    const index = indexName();
    return {
      index: await createMeilisearchIndex<ContractCarAd>({ url, ...(apiKey && { apiKey }), index }),
      teardown: () => dropIndex(url, apiKey, index),
    };
  });
} else if (mode === 'docker') {
  runSearchIndexContractTests(`search-meilisearch on ${IMAGE} (testcontainers)`, async () => {
    const apiKey = 'ruedas-contract-master-key';
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({ MEILI_MASTER_KEY: apiKey, MEILI_NO_ANALYTICS: 'true', MEILI_ENV: 'development' })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp('/health', 7700))
      .start();
    const url = `http://${container.getHost()}:${container.getMappedPort(7700)}`;
    return {
      index: await createMeilisearchIndex<ContractCarAd>({ url, apiKey, index: indexName() }),
      teardown: async () => void (await container.stop()),
    };
  });
} else {
  reportNotExercised(MEILISEARCH);
  describe.skip('SearchIndex contract: search-meilisearch on a real Meilisearch (NOT EXERCISED: set MEILI_URL or provide a Docker engine)', () => {
    it('runs the contract suite against a real Meilisearch', () => {});
  });
}

describe('search-meilisearch settings', () => {
  it.each([
    ['a missing url', ''],
    ['a url that is not one', 'localhost:7700'],
    ['a url of another protocol', 'ftp://localhost:7700'],
    ['a url with credentials', 'http://key:secret@localhost:7700'],
  ])('refuses %s with a ConfigError naming MEILI_URL', async (_what, url) => {
    const attempt = createMeilisearchIndex({ url, index: 'ads' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/MEILI_URL/);
  });

  it('refuses an index name Meilisearch would refuse', async () => {
    await expect(createMeilisearchIndex({ url: 'http://127.0.0.1:1', index: 'my ads' })).rejects.toThrow(/index must be/);
  });

  it('refuses to start when nothing answers at the url, naming it', async () => {
    await expect(createMeilisearchIndex({ url: 'http://127.0.0.1:1', index: 'ads' })).rejects.toThrow(
      /no Meilisearch answers at MEILI_URL=http:\/\/127\.0\.0\.1:1/,
    );
  });
});
