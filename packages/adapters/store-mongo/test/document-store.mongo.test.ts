import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schema } from 'mongoose';
import { ConfigError, OUTBOX_PENDING, outboxField } from '@ruedas/platform';
import { createMongoStore, withOutboxIndex } from '@ruedas/store-mongo';
import { runDocumentStoreContractTests, runLeaseContractTests } from '@ruedas/testing';
import { realTargetMode, reportNotExercised } from '@ruedas/testing';
import { IMAGES } from '@ruedas/testing';

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

describe('the outbox relay query on MongoDB (bounded: an index of the pending documents only)', () => {
  it('gives a collection with an outbox a partial index holding only documents with events to publish', () => {
    const schema = withOutboxIndex(new Schema({ _id: String, name: String, outbox: outboxField }));
    expect(schema.indexes()).toContainEqual([{ 'outbox.0': 1 }, expect.objectContaining({ name: 'outbox_pending', partialFilterExpression: OUTBOX_PENDING })]);
    // Declared once, and not on collections without an outbox.
    expect(
      withOutboxIndex(schema)
        .indexes()
        .filter(([, options]) => options.name === 'outbox_pending'),
    ).toHaveLength(1);
    expect(withOutboxIndex(new Schema({ _id: String, name: String })).indexes()).toEqual([]);
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

  runLeaseContractTests('MongoDB', async () => {
    const store = await createMongoStore({ url, dbName: 'ruedas_contract' });
    return { store, teardown: () => store.close() };
  });

  it('serves the outbox relay query from the partial index, not a collection scan', async () => {
    const store = await createMongoStore({ url, dbName: 'ruedas_contract' });
    try {
      const collection = await store.collection<{ _id: string; outbox: unknown[] }>(`outbox_${Date.now()}`, new Schema({ _id: String, outbox: outboxField }));
      await collection.insertOne({ _id: 'a', outbox: [{ id: 'e1', topic: 't', key: 'a', event: {} }] });
      await collection.insertOne({ _id: 'b', outbox: [] });
      expect((await collection.find(OUTBOX_PENDING)).map((doc) => doc._id)).toEqual(['a']);
      const mongoose = await import('mongoose');
      const connection = mongoose.default.createConnection(url, { dbName: 'ruedas_contract' });
      await connection.asPromise();
      const plan = await connection.db!.collection(collection.name).find(OUTBOX_PENDING).explain('queryPlanner');
      await connection.close();
      expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('outbox_pending');
    } finally {
      await store.close();
    }
  });
});
