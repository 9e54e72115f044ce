import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, parameterChanged, sessionEnded, topics } from '@ruedas/events';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { followEndedSessions } from '@ruedas/identity';
import { generateTokenKeyPair, GlobalParameters, SessionGuard, systemClock, TokenVerifier, type EventBus, type Subscription } from '@ruedas/platform';
import { logger } from './launched';

/**
 * Three copies of each service in one process over one embedded store and bus, each with its own
 * consumers in the same groups, as the launcher wires them (`GlobalParameters.follow`,
 * `followEndedSessions`): what every copy keeps in memory reaches every copy.
 */
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function shared() {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-replicas-'));
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  cleanup.push(async () => {
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { store, bus };
}

const follows = (subscriptions: Subscription[]) => cleanup.push(async () => void (await Promise.all(subscriptions.map((s) => s.stop()))));

/** A parameter change as moderation publishes it. */
async function publishParameter(bus: EventBus, key: string, value: number, version: number) {
  const event = createEvent(parameterChanged, {
    aggregateId: key,
    aggregateVersion: version,
    actor: { kind: 'system', id: 'test' },
    payload: { id: key, quantity: value, previous: null },
  });
  await bus.publish(topics.moderationParameter, [{ key, value: event }]);
}

describe('three copies of each service', () => {
  it('every copy of every service sees a parameter change within 2 s', async () => {
    const { store, bus } = await shared();
    const copies: GlobalParameters[] = [];
    const subscriptions: Subscription[] = [];
    for (const service of ['listings', 'billing', 'identity']) {
      for (let copy = 0; copy < 3; copy += 1) {
        const parameters = await GlobalParameters.open(store, `${service}_parameters`);
        subscriptions.push(await parameters.follow({ bus, store, logger, group: `${service}-parameters` }));
        copies.push(parameters);
      }
    }
    follows(subscriptions);
    await publishParameter(bus, 'EXCHANGE_RATE_CRC_PER_USD', 512, 1);
    const changed = Date.now();
    await expect.poll(() => copies.map((copy) => copy.get('EXCHANGE_RATE_CRC_PER_USD')), { timeout: 2_000, interval: 20 }).toEqual(copies.map(() => 512));
    expect(Date.now() - changed).toBeLessThan(2_000);

    // A copy started later starts with the change, and an older change replayed changes nothing.
    const later = await GlobalParameters.open(store, 'listings_parameters');
    follows([await later.follow({ bus, store, logger, group: 'listings-parameters' })]);
    await publishParameter(bus, 'EXCHANGE_RATE_CRC_PER_USD', 530, 2);
    await expect.poll(() => [...copies, later].every((copy) => copy.get('EXCHANGE_RATE_CRC_PER_USD') === 530), { timeout: 2_000, interval: 20 }).toBe(true);
  });

  it('every copy of every service, identity included, refuses a session within 2 s of its logout', async () => {
    const { bus } = await shared();
    const keys = generateTokenKeyPair();
    const guards: SessionGuard[] = [];
    const subscriptions: Subscription[] = [];
    for (const service of ['identity', 'listings', 'media', 'billing', 'moderation', 'search']) {
      for (let copy = 0; copy < 3; copy += 1) {
        const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, systemClock), systemClock);
        subscriptions.push(await followEndedSessions({ guard, bus, group: `${service}-sessions`, logger }));
        guards.push(guard);
      }
    }
    follows(subscriptions);
    const sessionId = randomUUID();
    // What identity's outbox publishes when one of its copies takes a logout.
    const ended = createEvent(sessionEnded, {
      aggregateId: sessionId,
      aggregateVersion: 2,
      actor: { kind: 'user', id: 'user-1' },
      payload: { sessionId, userId: 'user-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await bus.publish(topics.identitySession, [{ key: sessionId, value: ended }]);
    const loggedOut = Date.now();
    await expect.poll(() => guards.filter((guard) => guard.isRevoked(sessionId)).length, { timeout: 2_000, interval: 20 }).toBe(18);
    expect(Date.now() - loggedOut).toBeLessThan(2_000);
  });
});
