import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@ruedas/platform';
import { readSettings, start, type Running } from '../src';

// A global parameter changed by an administrator through the launcher's REST facade is applied by
// another service (listings: the page size of the public lists) without a restart, and kept after one.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on JSON answers
const logger = createLogger('test', 'silent');
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-parameters-'));
const admin = { email: 'operador@ruedas.test', password: 'Operador-Seguro-2026' };
const settings = readSettings({
  PORT: '0',
  HOST: '127.0.0.1',
  RUEDAS_DEMO_DATA: 'off',
  RUEDAS_DATA_DIR: dataDir,
  RUEDAS_ADMIN_EMAIL: admin.email,
  RUEDAS_ADMIN_PASSWORD: admin.password,
  RUEDAS_WEB_DIST: new URL('./fixtures/web', import.meta.url).pathname,
});
let running: Running | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${(running as Running).url}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json };
};

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
