import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signSandboxWebhook } from '@ruedas/payment-sandbox';
import { createLogger, ManualClock } from '@ruedas/platform';
import { backEndVersion, processClock, readSettings, start, type Running } from '../src';

const logger = createLogger('test', 'silent');
const PAYMENT_SECRET = 'a-payment-secret-for-the-distributed-test';
const webDist = new URL('./fixtures/web', import.meta.url).pathname;
const temp = () => mkdtempSync(join(tmpdir(), 'ruedas-launcher-'));
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on JSON answers
const json = async (res: Response): Promise<Json> => (await res.json()) as Json;
const settings = (env: Record<string, string>) => readSettings({ PORT: '0', HOST: '127.0.0.1', RUEDAS_DEMO_DATA: 'off', RUEDAS_WEB_DIST: webDist, ...env });

describe('all-in-one mode', () => {
  const dataDir = temp();
  let running: Running;
  beforeAll(async () => {
    running = await start(settings({ RUEDAS_DATA_DIR: dataDir }), { logger });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every module of target all in one process', () => {
    expect(running.modules).toEqual(['identity', 'moderation', 'listings', 'media', 'billing', 'search', 'gateway']);
  });

  it('serves billing: prices through the REST facade and the sandbox checkout pages', async () => {
    const prices = await fetch(`${running.url}/api/v1/opportunity/plansPrices/`);
    expect((await json(prices)).quickApproval).toBe(3000);
    const page = await fetch(`${running.url}/sandbox-pay/no-such-checkout?lang=en`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('This payment does not exist');
  });

  it('names its own address in robots.txt and the sitemap, never a foreign Host header (issue 28)', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const body = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${running.url}${path}`, { headers: { host: 'evil.example' } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
        req.end();
      });
      expect(body).toContain(`:${new URL(running.url).port}/`);
      expect(body).not.toContain('evil.example');
    }
  });

  it('is live and ready', async () => {
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
    expect(await json(await fetch(`${running.url}/ready`))).toEqual({ status: 'ready' });
  });

  it('serves the system versions through REST, from the subgraph, through the gateway', async () => {
    const res = await fetch(`${running.url}/api/v1/globalParameter/systemsVersion`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.backEndVersion).toBe(backEndVersion);
    expect(body.databaseVersion).toMatch(/^embedded \d+\.\d+\.\d+/);
  });

  it('serves the same through GraphQL', async () => {
    const res = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ systemsVersion { backEndVersion databaseVersion } }' }),
    });
    const rest = await json(await fetch(`${running.url}/api/v1/globalParameter/systemsVersion`));
    expect((await json(res)).data.systemsVersion).toEqual(rest);
  });

  it('serves the web app, with the page for any app route', async () => {
    for (const path of ['/', '/opportunity/123', '/signin']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('Ruedas test page');
    }
  });

  it('answers 404 for a missing file, not the page', async () => {
    expect((await fetch(`${running.url}/assets/missing.js`)).status).toBe(404);
  });

  it('answers JSON errors, never a stack, for bad requests', async () => {
    const unknown = await fetch(`${running.url}/api/v1/no/such/path`);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).code).toBe('NOT_FOUND');
    const badJson = await fetch(`${running.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect(badJson.status).toBe(400);
    expect(await json(badJson)).toMatchObject({ code: 'VALIDATION', message: 'Algunos datos no son válidos. Revise los campos indicados.' });
    const huge = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ systemsVersion { backEndVersion } } # ${'x'.repeat(2 * 1024 * 1024)}` }),
    });
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande.' });
  });
});

describe('distributed mode, one target per process', () => {
  const dirs = [temp()];
  let moderation: Running;
  let identity: Running;
  let listings: Running;
  let media: Running;
  let billing: Running;
  let search: Running;
  let gateway: Running;
  beforeAll(async () => {
    dirs.push(temp(), temp(), temp(), temp());
    moderation = await start(settings({ RUEDAS_TARGET: 'moderation', RUEDAS_DATA_DIR: dirs[0]! }), { logger });
    identity = await start(settings({ RUEDAS_TARGET: 'identity', RUEDAS_DATA_DIR: dirs[1]! }), { logger });
    listings = await start(settings({ RUEDAS_TARGET: 'listings', RUEDAS_DATA_DIR: dirs[2]! }), { logger });
    media = await start(settings({ RUEDAS_TARGET: 'media', RUEDAS_DATA_DIR: dirs[3]! }), { logger });
    billing = await start(settings({ RUEDAS_TARGET: 'billing', RUEDAS_DATA_DIR: dirs[4]!, RUEDAS_PAYMENT_SECRET: PAYMENT_SECRET }), { logger });
    dirs.push(temp());
    search = await start(settings({ RUEDAS_TARGET: 'search', RUEDAS_DATA_DIR: dirs[dirs.length - 1]! }), { logger });
    gateway = await start(
      settings({
        RUEDAS_TARGET: 'gateway',
        RUEDAS_MODERATION_URL: `${moderation.url}/graphql`,
        RUEDAS_IDENTITY_URL: `${identity.url}/graphql`,
        RUEDAS_LISTINGS_URL: `${listings.url}/graphql`,
        RUEDAS_MEDIA_URL: `${media.url}/graphql`,
        RUEDAS_BILLING_URL: `${billing.url}/graphql`,
        RUEDAS_SEARCH_URL: `${search.url}/graphql`,
      }),
      { logger },
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await search.stop();
    await billing.stop();
    await media.stop();
    await listings.stop();
    await identity.stop();
    await moderation.stop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('serves a subgraph on its own, and the gateway reaches it over HTTP', async () => {
    const direct = await fetch(`${moderation.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    expect((await json(direct)).data._service.sdl).toContain('systemsVersion');
    const res = await fetch(`${gateway.url}/api/v1/globalParameter/systemsVersion`);
    expect(res.status).toBe(200);
    expect((await json(res)).backEndVersion).toBe(backEndVersion);
  });

  it('reaches the search process: advanced search through REST and suggestions through GraphQL', async () => {
    const res = await fetch(`${gateway.url}/api/v1/search/advanceSearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brand: 'Toyta', pageNumber: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ items: [], totalItems: 0, pageNumber: 1 });
    const suggestions = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ searchSuggestions(text: "toyo") { kind label } }' }),
    });
    expect((await json(suggestions)).data.searchSuggestions[0]).toEqual({ kind: 'BRAND', label: 'Toyota' });
  });

  it('passes the sandbox checkout pages through to the billing process, and reaches its subgraph', async () => {
    const page = await fetch(`${gateway.url}/sandbox-pay/no-such-checkout?lang=es`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Este pago no existe');
    const min = await fetch(`${gateway.url}/api/v1/opportunity/minNumberOppToBuyInPlan`);
    expect(await json(min)).toBe(10);
    // Payment webhooks too, with the header that proves them: forged, 403; signed, acknowledged.
    const body = JSON.stringify({ id: 'evt-1', type: 'payment.approved', checkoutId: 'no-such-checkout', invoiceId: 'no-such-invoice' });
    const webhook = (signature: string) =>
      fetch(`${gateway.url}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, body });
    expect((await webhook('forged')).status).toBe(403);
    const signed = await webhook(signSandboxWebhook(body, PAYMENT_SECRET));
    expect(signed.status).toBe(200);
    expect(await json(signed)).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('settings that stop start-up, naming the variable', () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['a forced Kafka bus without brokers', { RUEDAS_BUS: 'kafka' }, /^KAFKA_BROKERS: is required/],
    ['a forced MongoDB store without URL', { RUEDAS_STORE: 'mongo' }, /^MONGO_URL: is required/],
    ['half the MinIO settings', { S3_ENDPOINT: 'http://127.0.0.1:9' }, /^S3_ACCESS_KEY: is required/],
    ['a malformed MongoDB URL', { MONGO_URL: 'postgres://x' }, /MONGO_URL/],
    ['an unknown adapter', { RUEDAS_STORE: 'sqlite' }, /^RUEDAS_STORE: /],
    ['a gateway without the URL of a subgraph', { RUEDAS_TARGET: 'gateway' }, /^RUEDAS_IDENTITY_URL: is required/],
    [
      'an unknown target',
      { RUEDAS_TARGET: 'billingz' },
      /unknown target "billingz"; known targets: all, identity, moderation, listings, media, billing, search, gateway/,
    ],
    ['half the Meilisearch settings', { RUEDAS_TARGET: 'search', MEILI_URL: 'http://127.0.0.1:9' }, /^MEILI_API_KEY: is required/],
    [
      "Meilisearch's master key (decision 0203)",
      { RUEDAS_TARGET: 'search', MEILI_URL: 'http://127.0.0.1:9', MEILI_API_KEY: 'search-key', MEILI_MASTER_KEY: 'master-key' },
      /^MEILI_MASTER_KEY: is for the key bootstrap only/,
    ],
    ['a forced Meilisearch index without URL', { RUEDAS_TARGET: 'search', RUEDAS_SEARCH_INDEX: 'meilisearch' }, /^MEILI_URL: is required/],
    ['a bad port', { PORT: 'eighty' }, /^PORT: /],
    ['production identity without its token keys', { NODE_ENV: 'production', RUEDAS_TARGET: 'identity' }, /^RUEDAS_TOKEN_PUBLIC_KEY: is required/],
    [
      'production billing with the sandbox payment provider (no ONVO settings)',
      { NODE_ENV: 'production', RUEDAS_TARGET: 'billing' },
      new RegExp(
        '^ONVO_SECRET_KEY: is required in production: the sandbox payment provider takes test cards and charges nothing\\. ' +
          'Set ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET',
      ),
    ],
    [
      'production billing with the sandbox forced',
      { NODE_ENV: 'production', RUEDAS_TARGET: 'billing', RUEDAS_PAYMENT_PROVIDER: 'sandbox', ONVO_SECRET_KEY: 'onvo_live_secret_key_x' },
      /^RUEDAS_PAYMENT_PROVIDER: is required in production: the sandbox payment provider/,
    ],
    [
      'ONVO Pay over plain http in production',
      {
        NODE_ENV: 'production',
        RUEDAS_TARGET: 'billing',
        ONVO_SECRET_KEY: 'onvo_live_secret_key_x',
        ONVO_WEBHOOK_SECRET: 'webhook_secret_x',
        ONVO_API_URL: 'http://api.onvopay.example',
      },
      /^ONVO_API_URL: must be https in production/,
    ],
    ['ONVO Pay without its webhook secret', { RUEDAS_TARGET: 'billing', ONVO_SECRET_KEY: 'onvo_test_secret_key_x' }, /^ONVO_WEBHOOK_SECRET: is required/],
    [
      "ONVO Pay with a key that is not ONVO's",
      { RUEDAS_TARGET: 'billing', RUEDAS_PAYMENT_PROVIDER: 'onvo', ONVO_SECRET_KEY: 'sk_live_123', ONVO_WEBHOOK_SECRET: 'webhook_secret_x' },
      /^ONVO_SECRET_KEY: must be an ONVO secret key/,
    ],
    ['a Turnstile captcha without its secret', { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key' }, /^CAPTCHA_SECRET: is required/],
    ['a Turnstile captcha without its site key', { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 's3cret' }, /^CAPTCHA_SITE_KEY: is required/],
    ['a moved clock in production', { NODE_ENV: 'production', RUEDAS_CLOCK_OFFSET_DAYS: '40' }, /^RUEDAS_CLOCK_OFFSET_DAYS: is for development only/],
    [
      'a moved clock in production, whatever else is set',
      { NODE_ENV: 'production', RUEDAS_CLOCK_OFFSET_DAYS: '0.5', RUEDAS_TARGET: 'billing', RUEDAS_PAYMENT_SECRET: 'x'.repeat(32) },
      /^RUEDAS_CLOCK_OFFSET_DAYS: is for development only/,
    ],
    ['a negative clock offset', { RUEDAS_CLOCK_OFFSET_DAYS: '-3' }, /^RUEDAS_CLOCK_OFFSET_DAYS: /],
  ];
  for (const [what, env, message] of cases) {
    it(`refuses ${what}`, async () => {
      const dataDir = temp();
      try {
        await expect(
          (async () =>
            start(
              readSettings({
                RUEDAS_WEB_DIST: webDist,
                RUEDAS_DATA_DIR: dataDir,
                HOST: '127.0.0.1',
                PORT: '0',
                // Production needs the public address (issue 28); each case is about another setting.
                ...(env.NODE_ENV === 'production' ? { RUEDAS_PUBLIC_URL: 'https://ruedas.example' } : {}),
                ...env,
              }),
              { logger },
            ))(),
        ).rejects.toThrow(message);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  it('refuses production without RUEDAS_PUBLIC_URL (canonical links would name the Host a client sent)', () => {
    expect(() => readSettings({ NODE_ENV: 'production', RUEDAS_TARGET: 'moderation' })).toThrow(/RUEDAS_PUBLIC_URL: is required in production/);
  });
});

describe('the development clock offset (RUEDAS_CLOCK_OFFSET_DAYS)', () => {
  const base = new ManualClock(new Date('2026-03-01T12:00:00Z'));

  it('moves the process clock ahead by the days asked, and keeps it running', () => {
    const clock = processClock(settings({ RUEDAS_CLOCK_OFFSET_DAYS: '32' }), base);
    expect(clock.now().toISOString()).toBe('2026-04-02T12:00:00.000Z');
    base.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-04-02T12:01:00.000Z');
    expect(
      processClock(settings({ RUEDAS_CLOCK_OFFSET_DAYS: '0.5' }), base)
        .now()
        .toISOString(),
    ).toBe('2026-03-02T00:01:00.000Z');
  });

  it('leaves the clock alone without the setting', () => {
    expect(processClock(settings({}), base)).toBe(base);
  });

  it('is refused in production even when the settings were built by hand', () => {
    expect(() => processClock({ NODE_ENV: 'production', RUEDAS_CLOCK_OFFSET_DAYS: 40 }, base)).toThrow(/^RUEDAS_CLOCK_OFFSET_DAYS: is for development only/);
  });

  it('starts a process with it, warning loudly that the clock is moved', async () => {
    const dataDir = temp();
    const loud = createLogger('test', 'silent');
    const warn = vi.spyOn(loud, 'warn');
    const running = await start(settings({ RUEDAS_DATA_DIR: dataDir, RUEDAS_CLOCK_OFFSET_DAYS: '40' }), { logger: loud, clock: base });
    try {
      const [fields, message] = warn.mock.calls.find(([, text]) => String(text).includes('RUEDAS_CLOCK_OFFSET_DAYS')) ?? [];
      expect(message).toMatch(/RUEDAS_CLOCK_OFFSET_DAYS=40: every service reads a clock moved 40 days ahead.*development only/);
      expect(fields).toMatchObject({ offsetDays: 40, now: new Date(base.now().getTime() + 40 * 86_400_000).toISOString() });
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
