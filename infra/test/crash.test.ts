import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { envelopeSchema } from '@ruedas/events';
import { createLogger, OutboxRelay, type WithOutbox } from '@ruedas/platform';
import { carSchema, carWritten } from './fixtures/cars';
import { writeThenKill } from './fixtures/kill-writer';

const logger = createLogger('test', 'silent');
describe('a crash in the middle of writing and publishing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no stored document and no event, over several kills', async () => {
    const acked: string[] = [];
    for (const after of [150, 40, 300]) {
      const run = await writeThenKill(dir, after);
      if ('failed' in run) throw new Error(`writer exited on its own: ${run.failed}`);
      acked.push(...run.acked);
    }

    // Restart: the dead writer's locks are taken over; the relay publishes what was still pending.
    const store = await createEmbeddedStore({ dir: `${dir}/store`, logger });
    const bus = await createEmbeddedBus({ dir: `${dir}/bus`, logger });
    const cars = await store.collection<WithOutbox & { n: number }>('cars', carSchema);
    const relay = new OutboxRelay({ bus, logger });
    relay.watch(cars);
    await relay.flush();
    await relay.stop();

    for (const id of acked) expect(await cars.findById(id), `document ${id}`).not.toBeNull();
    expect(await cars.count({ 'outbox.0': { $exists: true } })).toBe(0);

    // A new consumer group replays the topic from the start: every acknowledged write is there.
    const published = new Set<string>();
    const total = await cars.count();
    await new Promise<void>((resolve, reject) => {
      bus
        .subscribe({
          group: 'crash-check',
          topics: [carWritten.topic],
          handler: async (message) => {
            published.add(envelopeSchema.parse(message.value).aggregateId);
            if (published.size === total) resolve();
          },
        })
        .catch(reject);
    });
    for (const id of acked) expect(published.has(id), `event of ${id}`).toBe(true);
    expect(published.size).toBe(total);
    await bus.close();
    await store.close();
  });
});
