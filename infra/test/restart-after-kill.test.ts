import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createLogger } from '@ruedas/platform';

const logger = createLogger('test', 'silent');
const writer = new URL('./fixtures/writer.ts', import.meta.url).pathname;

/** Whether this machine lets us run a process as process 1 of a new pid namespace (root, util-linux's unshare). */
const asProcessOne = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']).status === 0;

/**
 * Starts the writer (the embedded store and bus on `dir`, as the all-in-one process opens them), as
 * process 1 of its own pid namespace when `pidOne` (what `node` is in the image), waits for `after`
 * acknowledged writes, then kills it with SIGKILL (the whole namespace dies with its process 1).
 * Answers the pid the writer saw itself as, or the error output when it could not start.
 */
function startThenKill(dir: string, pidOne: boolean, after = 20): Promise<{ pid: number; acked: number } | { failed: string }> {
  const node = [process.execPath, '--import', 'tsx', writer, dir];
  const child = pidOne ? spawn('unshare', ['--pid', '--fork', '--kill-child', ...node]) : spawn(node[0]!, node.slice(1));
  return new Promise((resolve) => {
    let pid = 0;
    let acked = 0;
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('pid ')) pid = Number(line.slice(4));
        if (line.startsWith('ack ')) acked += 1;
      }
      if (acked >= after && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => resolve(signal === 'SIGKILL' ? { pid, acked } : { failed: stderr }));
  });
}

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
      const run = await startThenKill(dir, true);
      expect(run).toMatchObject({ pid: 1 });
      expect((run as { acked: number }).acked).toBeGreaterThanOrEqual(20);
    }
  });

  it('starts again at once outside a container too, and refuses a second live opener', { timeout: 60_000 }, async () => {
    expect(await startThenKill(dir, false)).toMatchObject({ acked: 20 });
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
