import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createLogger, type DeliveredMessage } from '@ruedas/platform';
import { parseDeadLetterArgs, runDeadLetterCommand } from '../src/dead-letters';

/** The operator's command `npm run dead-letters -w @ruedas/infra -- list|replay`, on the embedded bus of a data folder. */
const run = promisify(execFile);
const infra = fileURLToPath(new URL('..', import.meta.url));
const logger = createLogger('test', 'silent');
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-dead-letters-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const command = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/dead-letters.ts', ...args], {
    cwd: infra,
    env: { ...process.env, RUEDAS_DATA_DIR: dataDir, RUEDAS_BUS: 'embedded', NODE_ENV: 'development' },
  });

describe('dead-letters command', () => {
  it('reads its arguments, refusing a replay of nothing in particular', () => {
    expect(parseDeadLetterArgs(['list'])).toEqual({ action: 'list' });
    expect(parseDeadLetterArgs(['replay', '--group', 'billing-ads'])).toEqual({ action: 'replay', groups: ['billing-ads'] });
    expect(parseDeadLetterArgs(['replay', '--all'])).toEqual({ action: 'replay' });
    expect(() => parseDeadLetterArgs(['replay'])).toThrow(/--group <group> or --all/);
    expect(() => parseDeadLetterArgs(['purge'])).toThrow(/usage/);
  });

  it('lists a group’s dead letters and replays them to that group', { timeout: 60_000 }, async () => {
    const busDir = join(dataDir, 'bus');
    let bus = await createEmbeddedBus({ dir: busDir, logger });
    await bus.publish('test.orders', [{ key: 'order-7', value: { type: 'OrderPlaced', id: 'e-7' } }]);
    const failing = await bus.subscribe({
      group: 'test-billing',
      topics: ['test.orders'],
      retryForMs: 0,
      handler: async () => {
        throw new Error('the plan is unknown');
      },
    });
    await failing.caughtUp();
    await failing.stop();
    await bus.close();

    // The command as the operator runs it (the launcher's settings, a process of its own).
    const listed = await command('list');
    expect(listed.stdout).toContain('test-billing: 1 dead letter(s), 1 not replayed');
    expect(listed.stdout).toMatch(/pending .* test\.orders@0 key=order-7 OrderPlaced e-7 after 1 attempt\(s\): the plan is unknown/);

    bus = await createEmbeddedBus({ dir: busDir, logger });
    const run = (...args: string[]) => runDeadLetterCommand(bus, parseDeadLetterArgs(args));
    expect(await run('replay', '--all')).toBe('test-billing: 1 dead letter(s) replayed');
    expect(await run('list', '--group', 'test-billing')).toContain('1 dead letter(s), 0 not replayed');
    expect(await run('replay', '--group', 'test-billing')).toBe('test-billing: 0 dead letter(s) replayed');

    // The group's next start (the bug fixed) handles the replayed letter.
    const got: DeliveredMessage[] = [];
    const fixed = await bus.subscribe({ group: 'test-billing', topics: ['test.orders'], handler: async (message) => void got.push(message) });
    await fixed.caughtUp();
    await fixed.stop();
    await bus.close();
    expect(got.map((message) => [message.key, message.headers['x-dlq-original-topic']])).toEqual([['order-7', 'test.orders']]);
  });
});
