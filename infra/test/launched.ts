import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@ruedas/platform';
import { readSettings } from '../src';
import { WEB_DIST } from './spawned';

/** What the tests of a launcher started in process share: its settings with a first administrator, and its REST facade. */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on JSON answers
export const logger = createLogger('test', 'silent');
/** The first administrator the settings create. */
export const ADMIN = { email: 'operador@ruedas.test', password: 'Operador-Seguro-2026' };

/** An all-in-one launcher's settings over a new data folder (`ruedas-<name>-…`), without demo data, with ADMIN. */
export function settingsWithAdmin(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `ruedas-${name}-`));
  const settings = readSettings({
    PORT: '0',
    HOST: '127.0.0.1',
    RUEDAS_DEMO_DATA: 'off',
    RUEDAS_DATA_DIR: dataDir,
    RUEDAS_ADMIN_EMAIL: ADMIN.email,
    RUEDAS_ADMIN_PASSWORD: ADMIN.password,
    RUEDAS_WEB_DIST: WEB_DIST,
  });
  return { dataDir, settings };
}

/** One call to the REST facade of the launcher at `url()`: its status and JSON body (null when it has none). */
export const restApi =
  (url: () => string) =>
  async (method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${url()}/api/v1${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Json };
  };
