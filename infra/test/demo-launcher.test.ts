import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { opportunityChanged, readEvent, topics } from '@ruedas/events';
import { createLogger } from '@ruedas/platform';
import { readDemoManifest, type DemoManifest } from '../src';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const webDist = fileURLToPath(new URL('./fixtures/web', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-demo-'));
const ADS = 24;

interface Server {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** `npm start`'s process (infra/src/main.ts) on a free port; resolves once /ready answers 200. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      RUEDAS_LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 180_000; // about 15 s alone; far more while every package's tests run on 2 cores
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    // The port is known once Fastify logs it; /ready answers 503 until seeding is done.
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (
      url &&
      (await fetch(`${url}/ready`).then(
        (res) => res.status === 200,
        () => false,
      ))
    )
      return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server was not ready in time:\n${output}`);
}

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
      const log = server.output();
      const printed = /demo administrator: ([^\s"]+) \/ ([^\s"]+)/.exec(log);
      expect(printed).not.toBeNull();
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
