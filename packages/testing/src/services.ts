import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEvent,
  opportunityChanged,
  parameterChanged,
  topics,
  userRegistered,
  type Envelope,
  type OpportunitySnapshot,
  type UserSnapshot,
} from '@ruedas/events';
import { exampleUserSnapshot } from '@ruedas/events/examples';
import {
  createLogger,
  executeInProcess,
  generateTokenKeyPair,
  ManualClock,
  OutboxRelay,
  SessionGuard,
  TokenSigner,
  TokenVerifier,
  type Clock,
  type EventBus,
  type ServiceContext,
  type TokenKeyPems,
} from '@ruedas/platform';

/**
 * What the services' test harnesses share (`@ruedas/testing/services`): the start of the test
 * clock, a temporary data folder, the session keys, the service context over embedded adapters,
 * in-process GraphQL calls, the error readers, and the fixtures each service's tests start from (a
 * valid ad of the wizard, a user and an ad as identity and listings publish them). Each harness
 * still starts its own service and adapters; this is only what they had each written again.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on GraphQL answers

/** A GraphQL answer. */
export interface Answer {
  data?: Json | null;
  errors?: Json[];
}

/** Where the harnesses' manual clocks start. */
export const START = new Date('2025-03-01T12:00:00Z');
export const DAY = 86_400_000;
/** The marketplace's public URL in every harness. */
export const PUBLIC_URL = 'https://ruedas.test';
/** When the harnesses' session tokens expire: never, for a test. */
export const TOKEN_EXPIRY = new Date('2035-01-01T00:00:00Z');

/** A silent logger (`TEST_LOG=debug` and the like make it speak). */
export const testLogger = createLogger('test', (process.env.TEST_LOG ?? 'silent') as 'silent');

/** A new temporary folder, `ruedas-<name>-…`. */
export const temporaryFolder = (name: string) => mkdtempSync(join(tmpdir(), `ruedas-${name}-`));

/** A session guard over the public key, on the harness's clock. */
export async function sessionGuard(keys: TokenKeyPems, clock: Clock) {
  return new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
}

/** Fresh token keys, the guard the service trusts and the signer identity would use. */
export async function sessionKeys(clock: Clock) {
  const keys = generateTokenKeyPair();
  const guard = await sessionGuard(keys, clock);
  const signer = await TokenSigner.fromPem(keys.privateKey);
  /** A token of a new session of `userId` with `role`. */
  const sign = (userId: string, role: string, expiresAt: Date = TOKEN_EXPIRY) => signer.sign({ userId, sessionId: randomUUID(), role, expiresAt });
  return { keys, guard, signer, sign };
}

/** What a harness of two services starts with: the manual clock at START, the session keys on it, and the outbox relay onto `bus`. */
export async function testSession(bus: EventBus) {
  const clock = new ManualClock(START);
  const { guard, sign } = await sessionKeys(clock);
  const relay = new OutboxRelay({ bus, logger: testLogger });
  return { clock, guard, sign, relay };
}

/**
 * A service's context in a harness: what is given, and for the rest no mailer and no blobs (a
 * service that needs one is given it), the silent logger, message keys for translations, the test
 * public URL and versions.
 */
export function testContext(parts: Pick<ServiceContext, 'store' | 'bus' | 'clock' | 'outbox'> & Partial<ServiceContext>): ServiceContext {
  return {
    mailer: undefined as never,
    blobs: undefined as never,
    logger: testLogger,
    translate: (key: string) => key,
    publicUrl: PUBLIC_URL,
    versions: { backEnd: 'test' },
    ...parts,
  };
}

/** How a harness's call is made: the caller's token, the client address the gateway forwards, the language. */
export interface CallOptions {
  token?: string;
  address?: string;
  language?: string;
  /** Any other headers (last: they win). */
  headers?: Record<string, string>;
}

/** The headers the gateway would pass a subgraph for the call. */
export function callHeaders(options: CallOptions | string | undefined = {}): Record<string, string> {
  const { token, address, language, headers } = typeof options === 'string' ? { token: options } : options;
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(address ? { 'x-forwarded-for': address } : {}),
    ...(language ? { 'accept-language': language } : {}),
    ...headers,
  };
}

/** One GraphQL operation executed in process on a subgraph server, as the gateway does. */
export async function execute(
  server: Parameters<typeof executeInProcess>[0],
  query: string,
  variables: Record<string, unknown> = {},
  options?: CallOptions | string,
): Promise<Answer> {
  return (await executeInProcess(server, { query, variables }, callHeaders(options))) as Answer;
}

/** The first error's code. */
export const code = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.code as string | undefined;
/** The first error's message key. */
export const messageKey = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.messageKey as string | undefined;
/** Field → message key of a validation error. */
export const fields = (result: { errors?: Json[] }) => {
  const found = result.errors?.[0]?.extensions?.fields as Record<string, { messageKey: string }> | undefined;
  return found && Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, problem.messageKey]));
};

/** The car every fixture ad is: a 2018 Toyota Corolla sedan in San José, free. */
const CAR = {
  brand: 'TOYOTA',
  model: 'Corolla',
  year: 2018,
  style: 'SEDAN',
  fuelType: 'GASOLINE',
  transmissionType: 'AUTOMATIC',
  exteriorColor: 'Blanco',
  interiorColor: 'Negro',
  currency: 'CRC',
  passengersNumber: 5,
  province: '1',
  canton: '101',
  district: '10101',
  level: 'FREE',
} as const;
export const carBasics = () => ({ ...CAR });

/** A valid ad of the wizard (steps 1 and 2); `overrides` change any field. */
export function adInput(overrides: Record<string, unknown> = {}) {
  return {
    ...carBasics(),
    motorSizeCC: 1800,
    mileage: 85000,
    mileageUnit: 'KM',
    price: 9_500_000,
    payTaxes: true,
    carIdNumber: 'BXR123',
    knownDamage: '',
    extraList: [],
    attachmentIds: [],
    phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
    ...overrides,
  };
}

/** A user as identity publishes it (Ana Mora, an active advertiser in San José); `overrides` change any field. */
export function userSnapshot(id: string, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return exampleUserSnapshot({ id, email: `${id}@example.com`, dateCreated: START.toISOString(), ...overrides });
}

/** A signed-up user of a harness: a short e-mail, a second surname, a WhatsApp number. */
export const signedUpSnapshot = (id: string, role: string, overrides: Partial<UserSnapshot> = {}) =>
  userSnapshot(id, {
    email: `${id.slice(0, 8)}@example.com`,
    lastName2: 'Solís',
    fullName: 'Ana Mora Solís',
    role: role as UserSnapshot['role'],
    phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
    ...overrides,
  });

/** Identity's event for a user who registered (themselves the actor). */
export const registeredEvent = (user: UserSnapshot) =>
  createEvent(userRegistered, { aggregateId: user.id, aggregateVersion: 1, actor: { kind: 'user', id: user.id }, payload: { user } });

/** An ad as listings publishes it (pending approval, free, from `seller`); `overrides` change any field. */
export function adSnapshot(id: string, overrides: Partial<OpportunitySnapshot> = {}): OpportunitySnapshot {
  return {
    id,
    ...carBasics(),
    motorSizeCC: 1800,
    mileage: 1000,
    mileageUnit: 'KM',
    price: 9_000_000,
    transferPrice: 0,
    priceCrc: 9_000_000,
    payTaxes: true,
    knownDamage: '',
    extraList: [],
    attachmentIds: [],
    phoneList: [],
    status: 'PENDING_APPROVAL',
    message: '',
    autoApproval: false,
    paymentPending: false,
    publishedAt: null,
    expiresAt: null,
    seller: { id: 'nobody', fullName: 'Ana Mora', userType: 'PERSON', testUser: false },
    ...overrides,
  };
}

/** Listings' event for an ad's snapshot at `version` (as its relay publishes it), by the test system. */
export const opportunityChangedEvent = (ad: OpportunitySnapshot, version: number, change: 'CREATED' | 'UPDATED' = 'UPDATED') =>
  createEvent(opportunityChanged, {
    aggregateId: ad.id,
    aggregateVersion: version,
    actor: { kind: 'system', id: 'test' },
    payload: { opportunity: ad, change, previousStatus: null },
  });

/** Publishes one event on its aggregate's key. */
export async function publishEvent(bus: EventBus, topic: string, envelope: Envelope) {
  await bus.publish(topic, [{ key: envelope.aggregateId, value: envelope }]);
}

/** `setParameter(key, value)`: moderation changes a global parameter (each change the parameters' next version). */
export function parameterSetter(bus: EventBus) {
  let version = 0;
  return async (key: string, value: number) => {
    version += 1;
    await publishEvent(
      bus,
      topics.moderationParameter,
      createEvent(parameterChanged, {
        aggregateId: key,
        aggregateVersion: version,
        actor: { kind: 'system', id: 'test' },
        payload: { id: key, quantity: value, previous: null },
      }),
    );
  };
}
