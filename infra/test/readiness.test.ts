import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createLogger, createProcessServer, observeBus, type EventBus } from '@ruedas/platform';

// `/ready` tells the truth (issue 33, decision 0168): it fails while a consumer of the process has
// stopped, lags past the limit or the bus cannot be reached, and recovers when that is over;
// `/health` stays about the process.

const dir = mkdtempSync(join(tmpdir(), 'ruedas-readiness-'));
const logger = createLogger('test', 'silent');
let inner: EventBus | undefined;
afterAll(async () => {
  await inner?.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('readiness', () => {
  it('fails when a consumer stops or lags, or the bus is gone, and recovers when the consumer restarts or catches up', async () => {
    inner = await createEmbeddedBus({ dir, logger });
    const observer = observeBus(inner, { maxLag: 3 });
    const { bus } = observer;
    const { app, setReady, addReadinessCheck } = createProcessServer({ logger, translate: (key) => key });
    addReadinessCheck(() => observer.problems());
    const ready = async () => {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      return { status: res.statusCode, problems: (res.json() as { problems?: string[] }).problems ?? [] };
    };
    const health = async () => (await app.inject({ method: 'GET', url: '/health' })).statusCode;

    const handler = async () => undefined;
    let subscription = await bus.subscribe({ group: 'projection', topics: ['things'], handler });
    setReady(true);
    expect(await ready()).toEqual({ status: 200, problems: [] });

    // A consumer that stopped while the process runs: not ready, still alive.
    await subscription.stop();
    expect(await ready()).toEqual({ status: 503, problems: ['consumer projection (things) has stopped'] });
    expect(await health()).toBe(200);
    subscription = await bus.subscribe({ group: 'projection', topics: ['things'], handler });
    expect(await ready()).toEqual({ status: 200, problems: [] });

    // A consumer more than 3 messages behind: not ready until it has caught up.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await bus.subscribe({ group: 'slow', topics: ['slow-things'], handler: () => held });
    await bus.publish(
      'slow-things',
      Array.from({ length: 10 }, (_, index) => ({ key: String(index), value: { index } })),
    );
    await expect.poll(async () => (await ready()).problems, { timeout: 5000 }).toEqual(['consumer slow is 10 messages behind on slow-things (limit 3)']);
    release();
    await expect.poll(async () => (await ready()).status, { timeout: 5000 }).toBe(200);

    // The bus gone: not ready, saying why.
    await slow.stop();
    await subscription.stop();
    await bus.subscribe({ group: 'projection', topics: ['things'], handler });
    await bus.subscribe({ group: 'slow', topics: ['slow-things'], handler });
    expect((await ready()).status).toBe(200);
    await inner.close();
    await expect.poll(async () => (await ready()).problems.join(), { timeout: 5000 }).toMatch(/consumer .* has stopped|event bus unreachable/);
    expect(await health()).toBe(200);
    await app.close();
  }, 30_000);
});
