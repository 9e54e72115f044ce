import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createLogger } from '@ruedas/platform';
import { writeThenKill } from './fixtures/kill-writer';

const logger = createLogger('test', 'silent');

/** Whether this machine lets us run a process as process 1 of a new pid namespace (root, util-linux's unshare). */
const asProcessOne = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']).status === 0;

/**
 * Issue 28: the data folder's lock is released by the operating system when its holder dies. The
 * pid-file lock named process 1 after a crash of the image's process, and refused every new
 * process 1 ("already in use by process 1"): the container never started again.
 */
describe('a restart right after kill -9', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(asProcessOne)('starts again as process 1, every time, over the lock of a dead process 1', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 2; round += 1) {
      const run = await writeThenKill(dir, 20, { pidOne: true });
      expect(run).toMatchObject({ pid: 1 });
      expect((run as { acked: string[] }).acked.length).toBeGreaterThanOrEqual(20);
    }
  });

  it('starts again at once outside a container too, and refuses a second live opener', { timeout: 60_000 }, async () => {
    const run = await writeThenKill(dir, 20);
    expect((run as { acked: string[] }).acked?.length).toBeGreaterThanOrEqual(20);
    const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
    await expect(createEmbeddedStore({ dir: join(dir, 'store'), logger })).rejects.toThrow(`in use by process ${process.pid}`);
    await store.close();
  });

  it('takes over a lock file naming this very process, left by an older version that died', async () => {
    // The new process has the dead one's pid: what the lock file names must not matter.
    const folder = join(dir, 'same-pid');
    const store = await createEmbeddedStore({ dir: folder, logger });
    await store.close();
    writeFileSync(join(folder, 'LOCK'), `${process.pid}\n`);
    const again = await createEmbeddedStore({ dir: folder, logger });
    expect((await again.info()).engine).toBe('embedded');
    await again.close();
  });
});
