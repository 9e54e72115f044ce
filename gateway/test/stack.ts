import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { ApolloServer } from '@apollo/server';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { createBilling } from '@ruedas/billing';
import { createIdentity, followEndedSessions, noCaptcha, seedAccounts } from '@ruedas/identity';
import { createListings } from '@ruedas/listings';
import { createMedia } from '@ruedas/media';
import { createModeration } from '@ruedas/moderation';
import { createSearch, type SearchDocument } from '@ruedas/search';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { createSandboxProvider } from '@ruedas/payment-sandbox';
import {
  createLogger,
  createProcessServer,
  createSubgraphServer,
  generateTokenKeyPair,
  Leases,
  OutboxRelay,
  SessionGuard,
  systemClock,
  TokenSigner,
  TokenVerifier,
  type RequestContext,
  type ServiceContext,
  type ServiceInstance,
  type ServiceModule,
  type Subscription,
  type Translator,
} from '@ruedas/platform';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { withLatency } from '@ruedas/testing/helpers';
import { carBasics } from '@ruedas/testing/services';
import { createGateway, mountGateway, subgraphs, type GatewayContext } from '../src';

/**
 * Every real subgraph in one process behind the gateway and the REST facade, on embedded adapters,
 * as the all-in-one launcher wires them; plus signed-in accounts of the given roles.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on JSON answers
export const PASSWORD = 'Cielo-Azul-2025';

/** A valid ad for createOpportunity (a free Corolla in San José); `overrides` change any field. */
export const adInput = (overrides: Json = {}) => ({
  ...carBasics(),
  mileage: 85_000,
  price: 9_500_000,
  phoneList: [{ phone: '8888-1234' }, { phone: '2222-5678', phoneType: 'HOME' }],
  carIdNumber: 'BCD123',
  extraList: ['AIR_CONDITIONING', 'AIRBAGS'],
  ...overrides,
});
export interface Account {
  id: string;
  email: string;
  token: string;
}

export interface Answer {
  status: number;
  body: Json;
}

export interface Stack {
  accounts: Record<string, Account>;
  /** One REST call under /api/v1 (`remoteAddress` is the client's socket address). */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; language?: string; headers?: Record<string, string>; payload?: Buffer; remoteAddress?: string },
  ): Promise<Answer>;
  /** One GraphQL call to the gateway: the whole answer, errors included. */
  graphql(query: string, variables?: Json, options?: { token?: string; remoteAddress?: string }): Promise<{ data?: Json | null; errors?: Json[] }>;
  /** The same, throwing on an error: the data. */
  data(query: string, variables?: Json, token?: string): Promise<Json>;
  /** The process's outbox mailer (the mails written to its folder). */
  mailer: Awaited<ReturnType<typeof createOutboxMailer>>;
  /** Any other request to the process (the payment sandbox pages). */
  inject: ReturnType<typeof createProcessServer>['app']['inject'];
  /** Which copy of each subgraph answered each of its calls so far, in order (`copies` > 1). */
  answered: Record<string, number[]>;
  stop(): Promise<void>;
}

/** Retries `attempt` until it stops throwing (vitest's `vi.waitFor`): the services have caught up with each other's events. */
export const eventually = <T>(attempt: () => Promise<T>): Promise<T> => vi.waitFor(attempt, { timeout: 10_000, interval: 50 });

/**
 * `copies` > 1 is the replica harness of the whole stack (issue 29): that many copies of every
 * service over the one store, bus and search index, each copy with its own guard following the
 * ended sessions, its own outbox relay (under the relays' lease) and its own name; the gateway sends
 * each subgraph call to the next copy in turn. Only the first copy's REST routes are mounted.
 */
export async function startStack(
  people: Record<string, 'ADVERTISER' | 'TESTUSER' | 'ADMINISTRATOR' | 'IMPERSONALIZATOR'>,
  options: {
    corsOrigins?: readonly string[];
    copies?: number;
    /** The copies' store calls each wait a random 0 to this many ms first, as over the network (races between copies show). */
    storeLatencyMs?: number;
  } = {},
): Promise<Stack> {
  const logger = createLogger('test', 'silent');
  const translate: Translator = (key, locale, params) =>
    isMessageKey(key) ? translateMessage(key, locale, params) : translateMessage('errorOccurred', locale);
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-stack-'));
  const { app } = createProcessServer({ logger, translate });
  const running: Array<{ instance: ServiceInstance; server: ApolloServer<RequestContext> }> = [];

  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const mailer = await createOutboxMailer({ dir: join(dir, 'mail'), from: 'no-reply@ruedas.test', logger });
  const blobs = await createFsBlobStore({ dir: join(dir, 'blobs') });
  const copies = options.copies ?? 1;
  const leases = copies > 1 ? await Leases.open(store) : undefined;
  const relays: OutboxRelay[] = [];
  const newRelay = (owner: string) => {
    const made = new OutboxRelay({ bus, logger, ...(leases ? { leases: { leases, owner } } : {}) });
    made.start();
    relays.push(made);
    return made;
  };
  const relay = newRelay('stack-0');
  const keys = generateTokenKeyPair();
  const signer = await TokenSigner.fromPem(keys.privateKey);
  const sessions: Subscription[] = [];
  const newGuard = async (name: string) => {
    const made = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, systemClock), systemClock);
    // Separate copies each keep the ended sessions in memory, as the launcher's copies do.
    if (copies > 1) sessions.push(await followEndedSessions({ guard: made, bus, group: `${name}-sessions`, logger }));
    return made;
  };
  const guard = await newGuard('stack');
  const context: ServiceContext = {
    store,
    bus,
    mailer,
    blobs,
    logger,
    clock: systemClock,
    translate,
    outbox: relay,
    publicUrl: 'https://ruedas.test',
    versions: { backEnd: 'test' },
  };
  // One search index, as the copies share Meilisearch.
  const index = createEmbeddedSearchIndex<SearchDocument>();
  const moduleOf = (name: string, guard: SessionGuard): ServiceModule | undefined =>
    (<Record<string, () => ServiceModule>>{
      identity: () => createIdentity({ signer, guard, captcha: noCaptcha }),
      listings: () => createListings({ guard }),
      media: () => createMedia({ guard }),
      moderation: () => createModeration({ guard }),
      billing: () =>
        createBilling({
          guard,
          provider: (c) => createSandboxProvider({ store: c.store, clock: c.clock, secret: 'test-payment-secret', publicUrl: c.publicUrl, logger: c.logger }),
        }),
      search: () => createSearch({ guard, index }),
    })[name]?.();
  const routes = [];
  const answered: Record<string, number[]> = {};
  for (const definition of subgraphs) {
    const servers: Array<ApolloServer<RequestContext>> = [];
    for (let copy = 0; copy < copies; copy += 1) {
      const name = `${definition.name}-${copy}`;
      const module = copies > 1 ? moduleOf(definition.name, await newGuard(definition.name)) : moduleOf(definition.name, guard);
      if (!module) throw new Error(`the stack does not start the ${definition.name} subgraph`);
      const latency = options.storeLatencyMs ? { store: withLatency(store, options.storeLatencyMs) } : {};
      const instance = await module.init(copies > 1 ? { ...context, instance: name, outbox: newRelay(name), ...latency } : context);
      const server = await createSubgraphServer({ definition, resolvers: instance.resolvers, logger, translate });
      running.push({ instance, server });
      servers.push(server);
      if (copy === 0) await instance.routes?.(app);
    }
    const calls: number[] = (answered[definition.name] = []);
    // The gateway's balancing: each call of this subgraph to the next copy in turn.
    const balanced = {
      executeOperation: (...args: Parameters<ApolloServer<RequestContext>['executeOperation']>) => {
        const copy = calls.length % servers.length;
        calls.push(copy);
        return servers[copy]!.executeOperation(...args);
      },
    } as unknown as ApolloServer<RequestContext>;
    routes.push({ name: definition.name, local: copies > 1 ? balanced : servers[0]! });
  }
  const gateway: ApolloServer<GatewayContext> = await createGateway({ subgraphs, routes, logger, translate, development: true });
  await mountGateway(app, { gateway, ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}) });

  const api: Stack['api'] = async (method, path, options = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/v1${path}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
        ...options.headers,
      },
      ...(options.payload ? { payload: options.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : {} };
  };
  const graphql: Stack['graphql'] = async (query, variables = {}, options = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), 'content-type': 'application/json' },
      payload: { query, variables },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    return res.json() as { data?: Json | null; errors?: Json[] };
  };
  const data: Stack['data'] = async (query, variables, token) => {
    const answer = await graphql(query, variables, token ? { token } : {});
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data as Json;
  };

  const seeded = await seedAccounts(
    { store, outbox: relay, clock: systemClock },
    Object.entries(people).map(([name, role]) => ({
      email: `${name.toLowerCase()}@example.com`,
      password: PASSWORD,
      role,
      userType: 'PERSON' as const,
      name: name[0]!.toUpperCase() + name.slice(1),
      lastName: 'Mora',
      phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' as const }],
      province: '1',
      canton: '101',
      district: '10101',
    })),
  );
  const accounts: Record<string, Account> = {};
  for (const [index, name] of Object.keys(people).entries()) {
    const email = `${name.toLowerCase()}@example.com`;
    const login = await api('POST', '/users/login', { body: { email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`${name} could not sign in: ${JSON.stringify(login.body)}`);
    accounts[name] = { id: seeded[index]!.id, email, token: login.body.token as string };
  }

  return {
    accounts,
    api,
    graphql,
    data,
    mailer,
    inject: app.inject.bind(app),
    answered,
    async stop() {
      await app.close();
      for (const { instance, server } of running.reverse()) {
        await instance.stop();
        await server.stop();
      }
      await gateway.stop();
      for (const subscription of sessions) await subscription.stop();
      for (const each of relays) await each.stop();
      await bus.close();
      await mailer.close();
      await blobs.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates an ad as the account of `token` through GraphQL (throws on errors); answers its id. */
export async function createAdAs(stack: Stack, token: string, overrides: Json = {}): Promise<string> {
  const result = await stack.graphql(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput(overrides) },
    { token },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.createOpportunity.id as string;
}

/** An ad created by `seller` and made public by `admin` over REST, each step retried until the services know them both. */
export async function publishAdAs(stack: Stack, seller: string, admin: string, overrides: Json): Promise<string> {
  const created = await eventually(() => createAdAs(stack, seller, overrides));
  await eventually(async () => {
    const res = await stack.api('PUT', '/opportunity/protected/updateStatus', { token: admin, body: { id: created, newStatus: 'PUBLIC_ONLINE' } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  });
  return created;
}

/** Pays on the sandbox checkout page as a browser does: the form's answer, and the signed response of its redirect back. */
export async function payAtSandbox(stack: Stack, redirectUrl: string) {
  const url = new URL(redirectUrl);
  const posted = await stack.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'Ana Mora', action: 'pay' }).toString(),
  });
  const response = new URL(posted.headers.location as string, 'https://ruedas.test').searchParams.get('response');
  return { posted, response };
}

/** A legacy REST ad (`/api/v1`): level code, comma-separated lists, phones as JSON text. */
export const legacyAd = (level: number, overrides: Json = {}) => ({
  ...adInput(),
  level,
  extraList: 'AIR_CONDITIONING,AIRBAGS',
  attachmentIds: '',
  phoneList: JSON.stringify([{ phone: '8888-1234', phoneType: 'WHATSAPP' }]),
  ...overrides,
});

/** The details of an electronic invoice a buyer asks for. */
export const E_INVOICE = {
  idType: 'NATIONAL_ID',
  identification: '112340567',
  fullname: 'Ana Mora Solís',
  address: 'San Pedro',
  email: 'ana@example.com',
  phone: '8888 1234',
};

/** A seller's profile with a WhatsApp number: a person in San José who declares the truth. */
export const sellerProfile = (name: string, phone: string) => ({
  userType: 'PERSON',
  name: name[0]!.toUpperCase() + name.slice(1),
  lastName: 'Mora',
  province: '1',
  canton: '101',
  district: '10101',
  truthDeclaration: true,
  phoneList: [{ phone, phoneType: 'WHATSAPP' }],
});
