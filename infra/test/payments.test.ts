import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOnvo, type FakeOnvo } from '@ruedas/payment-onvo/fake';
import { createLogger } from '@ruedas/platform';
import { describeAdapters, readSettings, start, type Running } from '../src';

const main = new URL('../src/main.ts', import.meta.url).pathname;
const webDist = new URL('./fixtures/web', import.meta.url).pathname;
const logger = createLogger('test', 'silent');

describe('the payment provider in the adapter table', () => {
  it('chooses ONVO Pay when its key is set or when forced, the sandbox otherwise', () => {
    const of = (env: Record<string, string>) => describeAdapters(readSettings(env)).payments;
    expect(of({})).toBe('sandbox');
    expect(of({ ONVO_SECRET_KEY: 'onvo_test_secret_key_x' })).toBe('onvo');
    expect(of({ RUEDAS_PAYMENT_PROVIDER: 'onvo' })).toBe('onvo');
    expect(of({ RUEDAS_PAYMENT_PROVIDER: 'sandbox', ONVO_SECRET_KEY: 'onvo_test_secret_key_x' })).toBe('sandbox');
  });

  it('the launcher started with NODE_ENV=production and no ONVO settings refuses, naming what to set, with exit code 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-payments-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        RUEDAS_PUBLIC_URL: 'https://ruedas.example',
        RUEDAS_TARGET: 'billing',
        PORT: '0',
        HOST: '127.0.0.1',
        RUEDAS_DATA_DIR: dataDir,
        RUEDAS_WEB_DIST: webDist,
        RUEDAS_LOG_LEVEL: 'info',
      };
      for (const name of ['ONVO_SECRET_KEY', 'ONVO_WEBHOOK_SECRET', 'ONVO_API_URL', 'RUEDAS_PAYMENT_PROVIDER']) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('cannot start: ONVO_SECRET_KEY: is required in production: the sandbox payment provider takes test cards and charges nothing.');
      expect(output).toContain('Set ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET');
      expect(output).toContain('RUEDAS_PAYMENT_PROVIDER=sandbox is for development and demos only');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('billing on ONVO Pay (the fake of its API) in a launched process', () => {
  let fake: FakeOnvo;
  let running: Running;
  const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-payments-onvo-'));

  beforeAll(async () => {
    fake = await startFakeOnvo();
    running = await start(
      readSettings({
        RUEDAS_TARGET: 'billing',
        PORT: '0',
        HOST: '127.0.0.1',
        RUEDAS_DATA_DIR: dataDir,
        RUEDAS_WEB_DIST: webDist,
        RUEDAS_DEMO_DATA: 'off',
        ONVO_SECRET_KEY: fake.secretKey,
        ONVO_WEBHOOK_SECRET: fake.webhookSecret,
        ONVO_API_URL: fake.url,
      }),
      { logger },
    );
    fake.setWebhookUrl(`${running.url.replace('localhost', '127.0.0.1')}/payments/webhook`);
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a forged webhook 403 with a translated message, and acknowledges a genuine one about nothing of ours', async () => {
    const url = `${running.url}/payments/webhook`;
    const body = JSON.stringify({ type: 'checkout-session.succeeded', data: { id: 'cs_unknown', metadata: { invoiceId: 'nope' } } });
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-secret': 'webhook_secret_guess' }, body });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ code: 'FORBIDDEN', message: 'La notificación de pago no es válida. No se cambió nada.' });
    const english = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body });
    expect(await english.json()).toEqual({ code: 'FORBIDDEN', message: 'The payment notification is not valid. Nothing was changed.' });
    const genuine = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-secret': fake.webhookSecret }, body });
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
