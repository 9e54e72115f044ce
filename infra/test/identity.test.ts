import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@ruedas/platform';
import { readSettings, start, type Running } from '../src';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on JSON answers
const logger = createLogger('test', 'silent');
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-identity-rest-'));
let running: Running;
beforeAll(async () => {
  running = await start(
    readSettings({
      PORT: '0',
      HOST: '127.0.0.1',
      RUEDAS_DEMO_DATA: 'off',
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_WEB_DIST: new URL('./fixtures/web', import.meta.url).pathname,
    }),
    { logger },
  );
});
afterAll(async () => {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${running.url}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

/**
 * The secret of the last mailed link to `to`, read from the mail outbox folder. The registration
 * answers before the account is made and mailed (decision 0028): the mail is waited for.
 */
const mailedLink = (to: string): Promise<string> => vi.waitFor(() => lastMailedLink(to), { timeout: 10_000, interval: 50 });

function lastMailedLink(to: string): string {
  const dir = join(dataDir, 'mail');
  const texts = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.json'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => t.includes(to));
  const match = /accountConfirmed\/([\w-]+)/.exec(texts.at(-1) ?? '');
  if (!match) throw new Error(`no confirmation mail to ${to}`);
  return match[1]!;
}

describe('the /users REST paths through the all-in-one launcher', () => {
  it('register, confirm, login, read, change language, logout, and the token is refused with 0003', async () => {
    const user = {
      userType: 'PERSON',
      name: 'Rosa',
      lastName: 'Quesada',
      email: 'rosa@example.com',
      password: 'Cielo-Azul-2025',
      passwordConfirm: 'Cielo-Azul-2025',
      phoneList: [{ phone: '88881234' }],
      province: '1',
      canton: '101',
      district: '10101',
      agreement: true,
    };
    expect((await api('POST', '/users/register', { callbacktoken: '', ekey: '', user })).body).toBe(true);
    const bad = await api('POST', '/users/register', { user: { ...user, email: 'bad' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    const link = await mailedLink(user.email);
    expect((await api('POST', '/users/login', { email: user.email, password: user.password })).body.code).toBe('0002');
    expect((await api('POST', '/users/accountConfirm', link)).body).toBe(true);
    expect((await api('POST', '/users/accountConfirm', link)).body.code).toBe('0004');
    const wrong = await api('POST', '/users/login', { email: user.email, password: 'Wrong-Pass-9' });
    expect(wrong).toEqual({ status: 401, body: { code: '0001', message: 'Correo electrónico o contraseña incorrectos.' } });
    const login = await api('POST', '/users/login', { email: user.email, password: user.password });
    expect(login.body).toMatchObject({ name: 'Rosa', role: 'ADVERTISER', isAdmin: false, language: 'es' });
    const token = login.body.token as string;
    expect((await api('GET', `/users/protected/${login.body.id}`, undefined, token)).body.email).toBe(user.email);
    expect((await api('GET', `/users/sellerInfo/${login.body.id}`)).body).toEqual({
      fullName: 'Rosa Quesada',
      phones: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
      dealer: null,
    });
    expect((await api('PUT', '/users/protected/newLanguage', 'en', token)).body).toEqual({ language: 'en' });
    expect((await api('GET', '/users/protected/all', undefined, token)).status).toBe(403);
    expect((await api('POST', '/users/passwordResetGenerateEmail/nobody@example.com/en')).body).toBe(true);
    expect((await api('POST', '/users/logout', undefined, token)).body).toBe(true);
    const after = await api('GET', `/users/protected/${login.body.id}`, undefined, token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('0003');
  });
});
