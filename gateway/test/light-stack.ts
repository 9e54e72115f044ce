import type { ApolloServer } from '@apollo/server';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { createLogger, createProcessServer, createSubgraphServer, type RequestContext, type Resolvers, type Translator } from '@ruedas/platform';
import { createGateway, mountGateway, subgraphs, type GatewayContext } from '../src';

/**
 * The gateway over light subgraphs, in the style of Apollo's federation integration test suite: every
 * subgraph's real SDL (so the supergraph, its limits and the REST facade's operations are the real
 * ones), answered by small fixture resolvers over in-memory data instead of the services. For the
 * tests of the gateway itself (its request limits); the tests of what the services answer keep the
 * full stack (`stack.ts`). A file that needs the full stack for some of its cases keeps them together:
 * a second file of the same cases on the light stack cost more than it saved (decision 0199).
 */

/** The listings fixture: two public ads on the home carousel (the fields the tests ask for), no other list, and the exchange rate. */
export const FIXTURE_ADS = [
  { id: 'ad-1', brand: 'TOYOTA', model: 'Corolla', year: 2018, price: 9_500_000, currency: 'CRC', level: 'GOLD', status: 'PUBLIC_ONLINE' },
  { id: 'ad-2', brand: 'HYUNDAI', model: 'Tucson', year: 2020, price: 21_000, currency: 'USD', level: 'GOLD', status: 'PUBLIC_ONLINE' },
];
export const FIXTURE_CRC_PER_USD = 510;

const page = (items: unknown[], number: number) => ({
  items,
  page: number,
  pageSize: 20,
  pageNumber: number,
  perPage: 20,
  totalItems: items.length,
  totalPages: items.length === 0 ? 0 : 1,
});

/** The fixture resolvers, by subgraph: only what the gateway's own tests ask for. */
const FIXTURES: Record<string, Resolvers> = {
  listings: {
    Query: {
      homeCarousel: () => FIXTURE_ADS,
      availableOpportunities: (_: unknown, args: { page?: number }) => page([], args.page ?? 1),
      crcPerUsd: () => FIXTURE_CRC_PER_USD,
    },
  },
  moderation: {
    Query: { systemsVersion: () => ({ backEndVersion: 'fixture', databaseVersion: 'fixture' }) },
  },
};

export interface LightStack {
  inject: ReturnType<typeof createProcessServer>['app']['inject'];
  /** One REST call under /api/v1. */
  api(method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startLightStack(options: { corsOrigins?: readonly string[] } = {}): Promise<LightStack> {
  const logger = createLogger('test', 'silent');
  const translate: Translator = (key, locale, params) =>
    isMessageKey(key) ? translateMessage(key, locale, params) : translateMessage('errorOccurred', locale);
  const { app } = createProcessServer({ logger, translate });
  const servers: Array<ApolloServer<RequestContext>> = [];
  const routes = [];
  for (const definition of subgraphs) {
    const server = await createSubgraphServer({ definition, resolvers: FIXTURES[definition.name] ?? {}, logger, translate });
    servers.push(server);
    routes.push({ name: definition.name, local: server });
  }
  const gateway: ApolloServer<GatewayContext> = await createGateway({ subgraphs, routes, logger, translate, development: true });
  await mountGateway(app, { gateway, ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}) });
  return {
    inject: app.inject.bind(app),
    async api(method, path) {
      const res = await app.inject({ method: method as 'GET', url: `/api/v1${path}` });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {} };
    },
    async stop() {
      await app.close();
      await gateway.stop();
      for (const server of servers) await server.stop();
    },
  };
}
