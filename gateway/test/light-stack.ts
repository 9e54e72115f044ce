import type { ApolloServer } from '@apollo/server';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import {
  createLogger,
  createProcessServer,
  createSubgraphServer,
  DomainError,
  notFound,
  sessionInvalid,
  type RequestContext,
  type Resolvers,
  type Translator,
} from '@ruedas/platform';
import { createGateway, mountGateway, subgraphs, type GatewayContext } from '../src';

/**
 * The gateway over light subgraphs, in the style of Apollo's federation integration test suite: every
 * subgraph's real SDL (so the supergraph, its limits and the REST facade's operations are the real
 * ones), answered by small fixture resolvers over in-memory data instead of the services. For the
 * tests of the gateway itself (request limits; cache headers, the answer's language, CORS and
 * persisted queries); the tests of what the services answer keep the full stack (`stack.ts`), and say
 * at their top why (decision 0221). A fixture answers from its data and refuses as a service does
 * (not found, no session): it never answers what a test expects whatever was asked.
 */

/** The listings fixture: two public ads on the home carousel (the fields the tests ask for), no other list, and the exchange rate. */
export const FIXTURE_ADS = [
  { id: 'ad-1', brand: 'TOYOTA', model: 'Corolla', year: 2018, price: 9_500_000, currency: 'CRC', level: 'GOLD', status: 'PUBLIC_ONLINE' },
  { id: 'ad-2', brand: 'HYUNDAI', model: 'Tucson', year: 2020, price: 21_000, currency: 'USD', level: 'GOLD', status: 'PUBLIC_ONLINE' },
];
export const FIXTURE_CRC_PER_USD = 510;
/** The seller of the fixture ads: the signed-in caller of the light stack's protected fixtures. */
export const FIXTURE_SELLER = 'seller-1';

const money = (amount: number, currency: string) => ({ amount: String(amount), currency });

/** Every field of a fixture ad that the REST facade's ad selection asks for (listings' Opportunity type). */
function fullAd(ad: (typeof FIXTURE_ADS)[number], viewCount: number) {
  const crc = ad.currency === 'USD' ? ad.price * FIXTURE_CRC_PER_USD : ad.price;
  return {
    ...ad,
    style: 'SEDAN',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    motorSizeCC: 1800,
    mileage: 85_000,
    mileageUnit: 'KM',
    exteriorColor: 'BLANCO',
    interiorColor: 'NEGRO',
    transferPrice: 0,
    priceCrc: crc,
    askingPrice: money(ad.price, ad.currency),
    transferCost: money(0, ad.currency),
    priceInColones: money(crc, 'CRC'),
    payTaxes: true,
    carIdNumber: null,
    passengersNumber: 5,
    province: '1',
    canton: '101',
    district: '10101',
    knownDamage: '',
    description: '',
    extraList: ['AIR_CONDITIONING'],
    attachmentIds: [],
    photos: [],
    phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
    message: '',
    autoApproval: false,
    isNew: false,
    user: { id: FIXTURE_SELLER },
    dateCreated: null,
    viewCount,
    isFavorite: false,
    isMine: false,
    firstPublishedAt: null,
    publicSince: null,
    daysOnMarket: null,
    priceHistory: [],
    priceDrop: null,
  };
}

const page = (items: unknown[], number: number) => ({
  items,
  page: number,
  pageSize: 20,
  pageNumber: number,
  perPage: 20,
  totalItems: items.length,
  totalPages: items.length === 0 ? 0 : 1,
});

/**
 * The fixture resolvers, by subgraph: only what the gateway's own tests ask for, over in-memory data
 * (each stack its own tally). A protected fixture refuses a caller without a token as the services
 * do (0003); it checks no signature: the gateway forwards the header and never reads it.
 */
function fixtures(): Record<string, Resolvers> {
  const views = new Map<string, number>();
  const adById = (id: string) => {
    const ad = FIXTURE_ADS.find((candidate) => candidate.id === id);
    if (!ad) throw notFound();
    return ad;
  };
  const signedIn = (context: RequestContext) => {
    if (!context.token) throw sessionInvalid();
  };
  return {
    listings: {
      Query: {
        homeCarousel: () => FIXTURE_ADS.map((ad) => fullAd(ad, views.get(ad.id) ?? 0)),
        availableOpportunities: (_: unknown, args: { page?: number }) => page([], args.page ?? 1),
        crcPerUsd: () => FIXTURE_CRC_PER_USD,
        opportunity: (_: unknown, args: { id: string }) => fullAd(adById(args.id), views.get(args.id) ?? 0),
        viewCount: (_: unknown, args: { opportunityId: string }) => (adById(args.opportunityId), views.get(args.opportunityId) ?? 0),
        myOpportunities: (_: unknown, args: { status?: string; page?: number }, context: RequestContext) => {
          signedIn(context);
          return page(
            FIXTURE_ADS.filter((ad) => ad.status === (args.status ?? 'PUBLIC_ONLINE')).map((ad) => fullAd(ad, views.get(ad.id) ?? 0)),
            args.page ?? 1,
          );
        },
      },
      Mutation: {
        incrementViewCount: (_: unknown, args: { opportunityId: string }) => {
          adById(args.opportunityId);
          views.set(args.opportunityId, (views.get(args.opportunityId) ?? 0) + 1);
          return views.get(args.opportunityId);
        },
      },
    },
    identity: {
      Mutation: {
        // No accounts: every login is refused as identity refuses a wrong password.
        login: () => {
          throw new DomainError('0001', 'incorrectCredentials');
        },
        changeLanguage: (_: unknown, args: { language: string }, context: RequestContext) => {
          signedIn(context);
          return args.language;
        },
      },
    },
    moderation: {
      Query: { systemsVersion: () => ({ backEndVersion: 'fixture', databaseVersion: 'fixture' }) },
    },
  };
}

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
  const resolvers = fixtures();
  for (const definition of subgraphs) {
    const server = await createSubgraphServer({ definition, resolvers: resolvers[definition.name] ?? {}, logger, translate });
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
