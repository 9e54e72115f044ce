import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@ruedas/platform';
import { createMongoStore } from '@ruedas/store-mongo';
import { runDocumentStoreContractTests } from '../src/document-store.contract';
import { realTargetMode, reportNotExercised } from '../src/real-infra';
import { IMAGES } from '../src/images';

const target = { name: 'MongoDB', variable: 'MONGO_URL' };
const mode = await realTargetMode(target);
if (!mode) reportNotExercised(target);

describe('createMongoStore configuration', () => {
  it.each([[undefined], [''], ['   ']])('refuses a missing MONGO_URL (%j) with a ConfigError naming it', async (url) => {
    const attempt = createMongoStore({ url });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toMatchObject({ variable: 'MONGO_URL', message: expect.stringContaining('MONGO_URL') });
  });

  it.each([['localhost:27017'], ['http://localhost:27017'], ['mongodb://'], ['postgres://db/ruedas']])('refuses the malformed MONGO_URL %j', async (url) => {
    const attempt = createMongoStore({ url });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/MONGO_URL/);
  });
});

describe.skipIf(!mode)('MongoDB document store against a real MongoDB', () => {
  let url = '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (mode === 'url') {
      url = process.env.MONGO_URL!;
    } else {
      container = await new GenericContainer(IMAGES.mongo)
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(120_000)
        .start();
      url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
    }
  });

  afterAll(async () => {
    await container?.stop();
  });

  runDocumentStoreContractTests('MongoDB', async () => {
    const store = await createMongoStore({ url, dbName: 'ruedas_contract' });
    return { store, teardown: () => store.close() };
  });
});
