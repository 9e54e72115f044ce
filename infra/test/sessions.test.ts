import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@ruedas/platform';
import { readSettings, start, type Running } from '../src';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on JSON answers
const logger = createLogger('test', 'silent');
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-sessions-'));
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

/** Protected paths of services other than identity, each verifying sessions with its own guard. */
const otherServices = (token: string) => [
  api('GET', '/opportunity/protected/myOpportunities/PUBLIC_ONLINE/1', undefined, token), // listings
  api('DELETE', '/attachment/protected/no-such-photo', undefined, token), // media
  api('GET', '/users/protected/planstatus', undefined, token), // billing
];

describe('a session ended by logout', () => {
  it('is refused by every service, and still after the marketplace restarts', async () => {
    running = await start(settings, { logger });
    const login = await api('POST', '/users/login', admin);
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    for (const answer of await Promise.all(otherServices(token))) expect(answer.status).not.toBe(401);

    expect((await api('POST', '/users/logout', undefined, token)).body).toBe(true);
    // All-in-one: every service refuses it within a second of the logout.
    const loggedOut = Date.now();
    await expect.poll(async () => (await Promise.all(otherServices(token))).map((a) => a.status), { timeout: 1000, interval: 20 }).toEqual([401, 401, 401]);
    expect(Date.now() - loggedOut).toBeLessThan(1000);

    await running.stop();
    running = await start(settings, { logger });
    // From the first request: a service becomes ready only once its guard has read the ended sessions.
    expect((await Promise.all(otherServices(token))).map((a) => a.body?.code)).toEqual(['0003', '0003', '0003']);
    expect((await api('GET', '/users/protected/all', undefined, token)).body.code).toBe('0003');
  }, 120_000);
});
