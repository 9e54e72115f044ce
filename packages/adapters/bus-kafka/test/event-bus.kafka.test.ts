import { randomUUID } from 'node:crypto';
import { GenericContainer, getContainerRuntimeClient, RandomPortGenerator, Wait, type StartedTestContainer } from 'testcontainers';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@ruedas/platform';
import { createKafkaBus } from '@ruedas/bus-kafka';
import { reopenableBuses, runEventBusContractTests } from '@ruedas/testing';
import { realTargetMode, reportNotExercised } from '@ruedas/testing';
import { IMAGES } from '@ruedas/testing';

const target = { name: 'Kafka', variable: 'KAFKA_BROKERS' };
const mode = await realTargetMode(target);
if (!mode) reportNotExercised(target);

describe('createKafkaBus configuration', () => {
  it('refuses an empty broker list with a ConfigError naming KAFKA_BROKERS', async () => {
    const attempt = createKafkaBus({ brokers: [], clientId: 'ruedas-test' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toMatchObject({ variable: 'KAFKA_BROKERS', message: expect.stringContaining('KAFKA_BROKERS') });
  });

  it.each([['localhost'], ['kafka:99999'], ['http://kafka:9092'], ['']])('refuses the malformed broker %j', async (broker) => {
    await expect(createKafkaBus({ brokers: [broker], clientId: 'ruedas-test' })).rejects.toThrow(/KAFKA_BROKERS/);
  });
});

/** A single-node KRaft Kafka. Its listener uses the same port inside and outside the container, so the address it advertises works from here. */
async function startKafka(): Promise<{ container: StartedTestContainer; brokers: string[] }> {
  const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
  const port = await new RandomPortGenerator().generatePort();
  const container = await new GenericContainer(IMAGES.kafka)
    .withExposedPorts({ container: port, host: port })
    .withEnvironment({
      CLUSTER_ID: 'rUeDaS0kAfKa0TeSt0cLuS',
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_LOG_DIRS: '/tmp/kraft-combined-logs',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(120_000)
    .start();
  return { container, brokers: [`${host}:${port}`] };
}

describe.skipIf(!mode)('Kafka event bus against a real Kafka', () => {
  let brokers: string[] = [];
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (mode === 'url') {
      brokers = process.env.KAFKA_BROKERS!.split(',').map((broker) => broker.trim());
    } else {
      ({ container, brokers } = await startKafka());
    }
  });
  afterAll(async () => {
    await container?.stop();
  });

  runEventBusContractTests('kafka', async () => {
    const open = () => createKafkaBus({ brokers, clientId: `ruedas-contract-${randomUUID().slice(0, 8)}` });
    return reopenableBuses(open);
  });

  it('creates a snapshot topic compacted on the broker, and sets the policy on one created before it', async () => {
    const topic = `contract.snapshots.${randomUUID().slice(0, 8)}`;
    const admin = new Kafka({ clientId: 'ruedas-contract-admin', brokers }).admin();
    await admin.connect();
    const policy = async () => {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: 2, name: topic, configNames: ['cleanup.policy', 'retention.ms'] }],
      });
      return Object.fromEntries(resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
    };
    try {
      const before = await createKafkaBus({ brokers, clientId: 'ruedas-contract' });
      await before.publish(topic, [{ key: 'ad-1', value: { v: 1 } }]);
      await before.close();
      expect(await policy()).toEqual({ 'cleanup.policy': 'delete', 'retention.ms': '-1' });
      const after = await createKafkaBus({
        brokers,
        clientId: 'ruedas-contract',
        topicConfigs: { [topic]: { 'cleanup.policy': 'compact', 'retention.ms': '-1' } },
      });
      await after.publish(topic, [{ key: 'ad-1', value: { v: 2 } }]);
      await after.close();
      expect(await policy()).toEqual({ 'cleanup.policy': 'compact', 'retention.ms': '-1' });
    } finally {
      await admin.disconnect();
    }
  });
});
