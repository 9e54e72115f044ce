import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, PUBLIC_STATUSES, type Currency } from '@ruedas/domain';
import { createLogger, createProcessServer, createSubgraphServer, OutboxRelay, serveSubgraph, systemClock } from '@ruedas/platform';
import {
  backEndVersion,
  closeAdapters,
  openAdapters,
  readSettings,
  seedDemoCatalogue,
  serviceModules,
  serviceNames,
  start,
  translate,
  type DemoManifest,
  type Running,
} from '../src';

/**
 * Distributed mode's server rendering (issue 12): the gateway process (target `gateway`, as its
 * container runs) renders public pages whose GraphQL reaches the six services over HTTP, each
 * service's subgraph on its own port as in `docker compose`. The services share one embedded bus and
 * store here (Kafka and MongoDB in compose); the gateway stores nothing. Needs the web build
 * (web/dist and web/dist-ssr): `npm run build -w @ruedas/web`.
 */
const logger = createLogger('test', 'silent');
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const dirs = [mkdtempSync(join(tmpdir(), 'ruedas-services-')), mkdtempSync(join(tmpdir(), 'ruedas-gateway-'))];
const base = { PORT: '0', HOST: '127.0.0.1', RUEDAS_DEMO_DATA: 'off', RUEDAS_WEB_DIST: webDist };

const stops: Array<() => Promise<unknown>> = [];
const graphqlRequests: Record<string, number> = {};
let gateway: Running;
let demo: DemoManifest;

beforeAll(async () => {
  expect(existsSync(join(webDist, '..', 'dist-ssr', 'entry-server.js')), 'no web build: run npm run build -w @ruedas/web').toBe(true);
  const settings = readSettings({ ...base, RUEDAS_DATA_DIR: dirs[0]! });
  const adapters = await openAdapters(settings, logger, 'ruedas-ssr-distributed');
  const relay = new OutboxRelay({ bus: adapters.bus, logger });
  relay.start();
  stops.push(async () => {
    await relay.flush().catch(() => undefined);
    await relay.stop();
    await closeAdapters(adapters);
  });
  const modules = serviceModules(settings, systemClock);
  const urls: Record<string, string> = {};
  for (const name of serviceNames) {
    const module = modules[name];
    const instance = await module.init({
      ...adapters,
      logger,
      clock: systemClock,
      translate,
      outbox: relay,
      publicUrl: 'http://localhost',
      versions: { backEnd: backEndVersion },
    });
    const server = await createSubgraphServer({ definition: module.subgraph, resolvers: instance.resolvers, logger, translate });
    // One HTTP server per service, as one container per service.
    const { app } = createProcessServer({ logger, translate });
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/graphql')) graphqlRequests[name] = (graphqlRequests[name] ?? 0) + 1;
    });
    await instance.routes?.(app);
    await serveSubgraph(app, server);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    urls[name] = `${address}/graphql`;
    stops.unshift(async () => {
      await app.close();
      await instance.stop();
      await server.stop();
    });
  }
  // Seed 3 draws a merchant among the twelve ads' sellers (its seller page is rendered below).
  demo = await seedDemoCatalogue({ store: adapters.store, blobs: adapters.blobs, outbox: relay, clock: systemClock }, { ads: 12, seed: 3 });

  gateway = await start(
    readSettings({
      ...base,
      RUEDAS_TARGET: 'gateway',
      RUEDAS_DATA_DIR: dirs[1]!,
      ...Object.fromEntries(serviceNames.map((name) => [`RUEDAS_${name.toUpperCase()}_URL`, urls[name]!])),
    }),
    { logger },
  );
  stops.unshift(() => gateway.stop());
}, 120_000);

afterAll(async () => {
  for (const stop of stops) await stop();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

interface Ad {
  id: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  currency: Currency;
}

describe('the gateway alone renders public pages from services over HTTP', () => {
  it('runs no service itself', () => {
    expect(gateway.modules).toEqual(['gateway']);
  });

  it('an ad detail: title, price and Car + Offer JSON-LD in the HTML', async () => {
    const publicAd = demo.ads.find((ad) => (PUBLIC_STATUSES as readonly string[]).includes(ad.status))!;
    const { opportunity: ad } = await graphql<{ opportunity: Ad }>('query($id: ID!) { opportunity(id: $id) { id brand model year price currency } }', {
      id: publicAd.id,
    });
    const listingsBefore = graphqlRequests.listings ?? 0;
    const response = await fetch(`${gateway.url}/opportunity/${ad.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Rendered from the listings service's answer over HTTP.
    expect(graphqlRequests.listings ?? 0).toBeGreaterThan(listingsBefore);
    expect(html).toMatch(new RegExp(`<title>[^<]*${ad.model} ${ad.year}[^<]*</title>`));
    expect(html).toContain(formatMoney(ad.price, ad.currency, 'es'));
    const car = jsonLd(html).find((block) => block['@type'] === 'Car');
    expect(car).toMatchObject({
      model: ad.model,
      vehicleModelDate: String(ad.year),
      offers: { '@type': 'Offer', price: ad.price, priceCurrency: ad.currency },
    });
  });

  it('a results page: the ads found as links, in an ItemList JSON-LD', async () => {
    const publicCount = demo.ads.filter((ad) => (PUBLIC_STATUSES as readonly string[]).includes(ad.status)).length;
    // Search has indexed the seeded ads from the listings events.
    await expect
      .poll(
        async () =>
          (await graphql<{ searchOpportunities: { totalItems: number } }>('{ searchOpportunities(filter: {}) { totalItems } }')).searchOpportunities.totalItems,
        { timeout: 30_000 },
      )
      .toBe(publicCount);
    const searchBefore = graphqlRequests.search ?? 0;
    const response = await fetch(`${gateway.url}/searchingOpportunities`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(graphqlRequests.search ?? 0).toBeGreaterThan(searchBefore);
    const list = jsonLd(html).find((block) => block['@type'] === 'ItemList') as { itemListElement: Array<{ url: string }> } | undefined;
    expect(list?.itemListElement.length).toBeGreaterThan(0);
    const first = list!.itemListElement[0]!.url.split('/').pop()!;
    expect(html).toContain(`href="/opportunity/${first}"`);
    const { opportunity } = await graphql<{ opportunity: Ad }>('query($id: ID!) { opportunity(id: $id) { id brand model year price currency } }', {
      id: first,
    });
    expect(html).toContain(formatMoney(opportunity.price, opportunity.currency, 'es'));
  });

  it("a dealer's seller page (a demo merchant's): address, hours and AutoDealer JSON-LD from identity over HTTP", async () => {
    let dealer: { id: string; fullName: string } | undefined;
    for (const sellerId of new Set(demo.ads.map((ad) => ad.sellerId))) {
      const { sellerInfo } = await graphql<{ sellerInfo: { fullName: string; dealer: { directions: string } | null } }>(
        'query($id: ID!) { sellerInfo(sellerId: $id) { fullName dealer { directions } } }',
        { id: sellerId },
      );
      if (sellerInfo.dealer) {
        dealer = { id: sellerId, fullName: sellerInfo.fullName };
        break;
      }
    }
    expect(dealer, 'the demo has a merchant with a business page').toBeDefined();
    const identityBefore = graphqlRequests.identity ?? 0;
    const response = await fetch(`${gateway.url}/sellerOpportunities/${dealer!.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(graphqlRequests.identity ?? 0).toBeGreaterThan(identityBefore);
    expect(html).toContain('data-testid="dealer-info"');
    const autoDealer = jsonLd(html).find((block) => block['@type'] === 'AutoDealer') as { name: string; openingHoursSpecification: unknown[] } | undefined;
    expect(autoDealer?.name).toBe(dealer!.fullName);
    expect(autoDealer?.openingHoursSpecification.length).toBeGreaterThanOrEqual(5);
  });
});
