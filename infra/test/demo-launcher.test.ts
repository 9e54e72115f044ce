import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { opportunityChanged, readEvent, topics } from '@ruedas/events';
import { createLogger } from '@ruedas/platform';
import { readDemoManifest, type DemoManifest } from '../src';
import { MAIN, spawnServer, type Spawned } from './spawned';

const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-demo-'));
const ADS = 24;

type Server = Spawned;

/** `npm start`'s process (infra/src/main.ts) on a free port; resolves once /ready answers 200 (polled every 200 ms). */
const startServer = (env: Record<string, string>) =>
  spawnServer({ args: ['--import', 'tsx', MAIN], env: { RUEDAS_DATA_DIR: dataDir, ...env }, pollMs: 200, timeoutSignal: 'SIGTERM' });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on JSON answers
async function graphql(server: Server, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Json> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Json;
}

const LOGIN = 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token user { role } } }';
const PUBLIC_LIST = '{ availableOpportunities(page: 1) { totalItems items { id level status photos { url } } } }';

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start on an empty data folder with demo data', () => {
  let manifest: DemoManifest;

  it('seeds before it is ready, and prints the credentials and counts', async () => {
    const started = performance.now();
    const server = await startServer({ RUEDAS_DEMO_DATA: 'auto', RUEDAS_DEMO_ADS: String(ADS) });
    try {
      console.info(`empty folder to ready with ${ADS} demo ads in ${Math.round(performance.now() - started)} ms`);
      // /ready can answer before the child's last log lines have come through the pipe (seen under load).
      await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/demo administrator: [^\s"]+ \/ [^\s"]+/);
      const log = server.output();
      const printed = /demo administrator: ([^\s"]+) \/ ([^\s"]+)/.exec(log);
      expect(log).toContain('demo catalogue seeded');
      manifest = (await readDemoManifest(dataDir)) as DemoManifest;
      expect(manifest.ads).toHaveLength(ADS);
      expect(manifest.credentials.admin).toEqual({ email: printed?.[1], password: printed?.[2] });

      // The public list shows exactly the seeded public ads, each with its drawn photos.
      const publicIds = manifest.ads.filter((ad) => ad.status === 'PUBLIC_ONLINE' || ad.status === 'MODIFIED').map((ad) => ad.id);
      const list = (await graphql(server, PUBLIC_LIST)).data.availableOpportunities;
      expect(list.totalItems).toBe(publicIds.length);
      expect(list.items.every((ad: Json) => publicIds.includes(ad.id) && ad.photos.length >= 1)).toBe(true);
      // Photo URLs are absolute (RUEDAS_PUBLIC_URL); this server listens on a free port, so take the path.
      const photo = await fetch(`${server.url}${new URL(list.items[0].photos[0].url, server.url).pathname}`, { headers: { accept: 'image/webp' } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(5_000);

      // The printed administrator signs in, and so does the demo seller, who sees their own ads.
      const admin = await graphql(server, LOGIN, { email: printed?.[1], password: printed?.[2] });
      expect(admin.data.login.user.role).toBe('ADMINISTRATOR');
      const seller = await graphql(server, LOGIN, manifest.credentials.seller);
      const mine = await graphql(server, '{ myOpportunities(status: PUBLIC_ONLINE) { totalItems } }', {}, seller.data.login.token);
      expect(mine.data.myOpportunities.totalItems).toBe(
        manifest.ads.filter((ad) => ad.sellerEmail === manifest.credentials.seller.email && ad.status === 'PUBLIC_ONLINE').length,
      );
    } finally {
      await server.stop();
    }
  });

  it('publishes every seeded ad with its seller named (the accounts are known before the ads are written)', async () => {
    const bus = await createEmbeddedBus({ dir: join(dataDir, 'bus'), logger: createLogger('test', 'silent') });
    try {
      const sellers = new Map<string, string>();
      const subscription = await bus.subscribe({
        group: 'demo-test-reader',
        topics: [topics.listingsOpportunity],
        handler: async (message) => {
          const event = readEvent(opportunityChanged, message.value);
          if (event) sellers.set(event.payload.opportunity.id, event.payload.opportunity.seller.fullName);
        },
      });
      await expect.poll(() => sellers.size, { timeout: 10_000 }).toBe(ADS);
      await subscription.stop();
      expect([...sellers.values()].filter((name) => name.trim() === '')).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('does not seed again on the next start, and creates the operator administrator of RUEDAS_ADMIN_EMAIL', async () => {
    const server = await startServer({ RUEDAS_DEMO_DATA: 'on', RUEDAS_ADMIN_EMAIL: 'jefa@ruedas.cr', RUEDAS_ADMIN_PASSWORD: 'Volcán Arenal 1968' });
    try {
      expect(server.output()).not.toContain('seeding the demo catalogue');
      expect(server.output()).toContain('administrator created from RUEDAS_ADMIN_EMAIL');
      expect(await readDemoManifest(dataDir)).toEqual(manifest);
      const list = (await graphql(server, PUBLIC_LIST)).data.availableOpportunities;
      expect(list.totalItems).toBe(manifest.ads.filter((ad) => ad.status === 'PUBLIC_ONLINE' || ad.status === 'MODIFIED').length);
      const operator = await graphql(server, LOGIN, { email: 'jefa@ruedas.cr', password: 'Volcán Arenal 1968' });
      expect(operator.data.login.user.role).toBe('ADMINISTRATOR');
    } finally {
      await server.stop();
    }
  });
});
