import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { start, type Running } from '../src';
import { ADMIN as admin, logger, restApi, settingsWithAdmin, type Json } from './launched';

// A global parameter changed by an administrator through the launcher's REST facade is applied by
// another service (listings: the page size of the public lists) without a restart, and kept after one.

const { dataDir, settings } = settingsWithAdmin('parameters');
let running: Running | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = restApi(() => (running as Running).url);

describe('a global parameter changed by an administrator', () => {
  it('is applied by listings at once, and still after the marketplace restarts', async () => {
    running = await start(settings, { logger });
    expect((await api('GET', '/opportunity/available/1')).body.perPage).toBe(10);
    const login = await api('POST', '/users/login', admin);
    const token = login.body.token as string;
    // Moderation learns the administrator's role from identity's events.
    await expect.poll(async () => (await api('GET', '/globalParameter/protected', undefined, token)).status, { timeout: 5000 }).toBe(200);

    const saved = await api('PUT', '/globalParameter/protected', [{ id: 'ITEMS_PER_LIST', quantity: 3 }], token);
    expect(saved.body.find((p: Json) => p.id === 'ITEMS_PER_LIST').quantity).toBe(3);
    await expect.poll(async () => (await api('GET', '/opportunity/available/1')).body.perPage, { timeout: 5000 }).toBe(3);

    await running.stop();
    running = await start(settings, { logger });
    expect((await api('GET', '/opportunity/available/1')).body.perPage).toBe(3);
    const relogin = await api('POST', '/users/login', admin);
    const list = await api('GET', '/globalParameter/protected', undefined, relogin.body.token as string);
    expect(list.body.find((p: Json) => p.id === 'ITEMS_PER_LIST').quantity).toBe(3);
  }, 120_000);
});
