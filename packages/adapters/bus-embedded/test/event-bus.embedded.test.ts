import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveredMessage, EventBus } from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { reopenableBuses, runEventBusContractTests } from '@ruedas/testing';

const temporaryDirs: string[] = [];
const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-bus-'));
  temporaryDirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(temporaryDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

runEventBusContractTests('embedded', async () => {
  const dir = await newDir();
  return reopenableBuses(() => createEmbeddedBus({ dir }));
});

/** Everything in a topic, read by a fresh group. */
async function readAll(bus: EventBus, topic: string, count: number): Promise<DeliveredMessage[]> {
  const received: DeliveredMessage[] = [];
  const subscription = await bus.subscribe({ group: `reader-${Math.random()}`, topics: [topic], handler: async (message) => void received.push(message) });
  const deadline = Date.now() + 5_000;
  while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  await subscription.stop();
  return received;
}

describe('embedded event bus', () => {
  it('truncates a torn tail on open without losing a valid record, and appends after it', async () => {
    const dir = await newDir();
    const bus = await createEmbeddedBus({ dir });
    await bus.publish(
      'cars',
      [1, 2, 3].map((n) => ({ key: 'k', value: { n } })),
    );
    await bus.close();

    const [segment] = await readdir(join(dir, 'topics'));
    const path = join(dir, 'topics', segment!);
    const validSize = (await stat(path)).size;
    // A crash in the middle of a write: a header promising more bytes than follow.
    await appendFile(path, Buffer.from([0, 0, 0, 40, 1, 2, 3, 4, 123, 34]));

    const reopened = await createEmbeddedBus({ dir });
    expect((await stat(path)).size).toBe(validSize);
    await reopened.publish('cars', [{ key: 'k', value: { n: 4 } }]);
    const messages = await readAll(reopened, 'cars', 4);
    await reopened.close();
    expect(messages.map((message) => message.value)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(messages.map((message) => message.offset)).toEqual(['0', '1', '2', '3']);
  });

  it('refuses a second opener of a folder in use, and takes over the lock of a dead process', async () => {
    const dir = await newDir();
    const bus = await createEmbeddedBus({ dir });
    await expect(createEmbeddedBus({ dir })).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
    await bus.close();

    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    await writeFile(join(dir, 'LOCK'), `${deadPid}\n`);
    const takeover = await createEmbeddedBus({ dir });
    await takeover.close();
  });

  it('keeps committed offsets across many commits and a reopen, with the offset log compacted', async () => {
    const dir = await newDir();
    const bus = await createEmbeddedBus({ dir });
    const total = 12_000;
    await bus.publish(
      'many',
      Array.from({ length: total }, (_, n) => ({ key: `k${n % 7}`, value: n })),
    );
    let handled = 0;
    const subscription = await bus.subscribe({ group: 'projection', topics: ['many'], handler: async () => void (handled += 1) });
    while (handled < total) await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription.stop();
    await bus.close();

    const reopened = await createEmbeddedBus({ dir });
    expect((await stat(join(dir, 'offsets.log'))).size).toBeLessThan(1_000);
    await reopened.publish('many', [{ key: 'k0', value: 'marker' }]);
    const after: unknown[] = [];
    const again = await reopened.subscribe({ group: 'projection', topics: ['many'], handler: async (message) => void after.push(message.value) });
    while (after.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await again.stop();
    await reopened.close();
    expect(after).toEqual(['marker']);
  });

  it('appends 10,000 small events published in batches well under a second', async () => {
    const bus = await createEmbeddedBus({ dir: await newDir() });
    const started = performance.now();
    const batches = Array.from({ length: 100 }, (_, batch) =>
      Array.from({ length: 100 }, (_, index) => ({ key: `car-${index % 37}`, value: { type: 'listing.updated', n: batch * 100 + index } })),
    );
    await Promise.all(batches.map((messages) => bus.publish('perf', messages)));
    const elapsed = performance.now() - started;
    const messages = await readAll(bus, 'perf', 10_000);
    await bus.close();
    expect(messages).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(1_000);
  });
});
