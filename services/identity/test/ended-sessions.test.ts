import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEvent, identitySessionTopic, sessionEnded } from '@ruedas/events';
import {
  createLogger,
  generateTokenKeyPair,
  ManualClock,
  SessionGuard,
  TokenSigner,
  TokenVerifier,
  type EventBus,
  type RequestContext,
} from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { ENDED_SESSIONS_LOOKBACK_MS, followEndedSessions } from '../src';

/**
 * A process other than identity learns ended sessions from the identity.session topic. After a
 * restart it replays the topic; it must refuse a session ended before the restart from its very
 * first request, not once the replay happens to have reached that event.
 */
const logger = createLogger('test', 'silent');
const clock = new ManualClock(new Date('2025-03-01T12:00:00Z'));
const expiresAt = new Date('2025-03-08T12:00:00Z');
const dirs: string[] = [];
const buses: EventBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function openBus(): Promise<EventBus> {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-ended-sessions-'));
  dirs.push(dir);
  const bus = await createEmbeddedBus({ dir, logger });
  buses.push(bus);
  return bus;
}

/** What identity publishes when it ends `count` sessions (logouts, password resets). */
async function endSessions(bus: EventBus, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, n) => `session-${n}`);
  const events = ids.map((sessionId) =>
    createEvent(sessionEnded, {
      aggregateId: sessionId,
      aggregateVersion: 1,
      actor: { kind: 'user', id: 'user-1' },
      payload: { sessionId, userId: 'user-1', expiresAt: expiresAt.toISOString() },
    }),
  );
  for (let start = 0; start < events.length; start += 100) {
    await bus.publish(
      identitySessionTopic,
      events.slice(start, start + 100).map((event) => ({ key: event.aggregateId, value: event })),
    );
  }
  return ids;
}

/** The same bus, with every handler slowed down (a loaded machine, or a broker far away). */
function slowed(bus: EventBus, msPerMessage: number, overrides: { retryDelayMs?: number; fail?: boolean } = {}): EventBus {
  return {
    kind: bus.kind,
    publish: (topic, messages) => bus.publish(topic, messages),
    close: () => bus.close(),
    subscribe: (options) =>
      bus.subscribe({
        ...options,
        ...(overrides.retryDelayMs !== undefined ? { retryDelayMs: overrides.retryDelayMs } : {}),
        handler: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, msPerMessage));
          if (overrides.fail) throw new Error('the handler cannot keep up');
          await options.handler(message);
        },
      }),
  };
}

async function newGuard() {
  const keys = generateTokenKeyPair();
  const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
  const signer = await TokenSigner.fromPem(keys.privateKey);
  return { guard, signer };
}

const request = (token: string): RequestContext => ({ requestId: 'r1', locale: 'es', token, clientAddress: null, headers: {} });

describe('followEndedSessions', () => {
  it('resolves only once the guard knows every session ended before it was called', async () => {
    const bus = await openBus();
    const ids = await endSessions(bus, 200);
    const { guard, signer } = await newGuard();

    const subscription = await followEndedSessions({ guard, bus: slowed(bus, 2), group: 'listings-sessions-test' });
    try {
      // Right away, as a first request after a restart would ask.
      const last = ids.at(-1)!;
      expect(guard.isRevoked(last)).toBe(true);
      expect(ids.filter((id) => !guard.isRevoked(id))).toEqual([]);
      const token = await signer.sign({ userId: 'user-1', sessionId: last, role: 'ADVERTISER', expiresAt });
      await expect(guard.viewer(request(token))).rejects.toMatchObject({ code: '0003' });

      // A session that was not ended is still accepted.
      const live = await signer.sign({ userId: 'user-1', sessionId: 'session-live', role: 'ADVERTISER', expiresAt });
      await expect(guard.viewer(request(live))).resolves.toMatchObject({ sessionId: 'session-live' });
    } finally {
      await subscription.stop();
    }
  });

  it('resolves at once on an empty topic, and keeps following sessions ended later', async () => {
    const bus = await openBus();
    const { guard } = await newGuard();
    const started = performance.now();
    const subscription = await followEndedSessions({ guard, bus, group: 'media-sessions-test' });
    try {
      expect(performance.now() - started).toBeLessThan(2_000);
      const [id] = await endSessions(bus, 1);
      await expect.poll(() => guard.isRevoked(id!), { timeout: 5_000 }).toBe(true);
    } finally {
      await subscription.stop();
    }
  });

  it('fails the start with a clear error when the ended sessions cannot be read in time, and leaves no subscription behind', async () => {
    const bus = await openBus();
    await endSessions(bus, 3);
    const { guard } = await newGuard();
    const stuck = slowed(bus, 0, { fail: true, retryDelayMs: 60_000 });

    await expect(followEndedSessions({ guard, bus: stuck, group: 'billing-sessions-test', catchUpTimeoutMs: 300 })).rejects.toThrow(
      /ended sessions .* were not all read within 300 ms/,
    );
    // The group's subscription was stopped: the embedded bus lets the group subscribe again.
    const again = await followEndedSessions({ guard, bus, group: 'billing-sessions-test' });
    await again.stop();
    expect(guard.isRevoked('session-2')).toBe(true);
  });

  it('reads only the sessions ended within the longest session: older ones have expired anyway', async () => {
    const bus = await openBus();
    // Ended three hours ago (the topic keeps 7 days), then just now.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3 * 60 * 60_000 });
    try {
      await endSessions(bus, 1);
    } finally {
      vi.useRealTimers();
    }
    const recent = createEvent(sessionEnded, {
      aggregateId: 'session-recent',
      aggregateVersion: 1,
      actor: { kind: 'user', id: 'user-1' },
      payload: { sessionId: 'session-recent', userId: 'user-1', expiresAt: expiresAt.toISOString() },
    });
    await bus.publish(identitySessionTopic, [{ key: recent.aggregateId, value: recent }]);
    const { guard } = await newGuard();
    const subscription = await followEndedSessions({ guard, bus, group: 'gateway-sessions-test' });
    await subscription.stop();
    expect(guard.isRevoked('session-recent')).toBe(true);
    expect(guard.isRevoked('session-0')).toBe(false);
    expect(ENDED_SESSIONS_LOOKBACK_MS).toBe(110 * 60_000);
  });
});
