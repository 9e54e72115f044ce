import { describe, expect, it } from 'vitest';
import {
  createEvent,
  impersonalUserRegistered,
  parameterChanged,
  readEvent,
  systemActor,
  topics,
  userRegistered,
  userRoleChanged,
  userSnapshotOf,
} from '../src';
import { exampleUserSnapshot } from './examples';

describe('event envelope', () => {
  const event = () =>
    createEvent(parameterChanged, {
      aggregateId: 'SESSION_MINUTES',
      aggregateVersion: 3,
      actor: systemActor(),
      payload: { id: 'SESSION_MINUTES', quantity: 90, previous: 60 },
      occurredAt: new Date('2026-11-01T12:00:00Z'),
    });

  it('carries id, type, version, aggregate, time, actor and payload', () => {
    const e = event();
    expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(e).toMatchObject({
      type: 'ParameterChanged',
      version: 1,
      aggregateId: 'SESSION_MINUTES',
      aggregateVersion: 3,
      occurredAt: '2026-11-01T12:00:00.000Z',
      actor: { kind: 'system', id: 'system' },
      payload: { id: 'SESSION_MINUTES', quantity: 90, previous: 60 },
    });
    expect(parameterChanged.topic).toBe(topics.moderationParameter);
  });

  it('gives every event its own id', () => {
    expect(event().id).not.toBe(event().id);
  });

  it('refuses a payload that does not match the schema', () => {
    expect(() =>
      createEvent(parameterChanged, {
        aggregateId: 'x',
        aggregateVersion: 1,
        actor: systemActor(),
        payload: { id: '', quantity: 1, previous: null },
      }),
    ).toThrow();
  });

  it('reads its own events back after a JSON round trip, and skips other types', () => {
    const e = event();
    expect(readEvent(parameterChanged, JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect(readEvent(parameterChanged, { ...e, type: 'Other' })).toBeNull();
    expect(readEvent(parameterChanged, { ...e, version: 2 })).toBeNull();
  });

  it('throws on a malformed envelope so the bus dead-letters it', () => {
    expect(() => readEvent(parameterChanged, { hello: 'world' })).toThrow();
    expect(() => readEvent(parameterChanged, { ...event(), payload: { id: 'x' } })).toThrow();
  });
});

describe('userSnapshotOf', () => {
  const user = exampleUserSnapshot();
  const actor = systemActor();

  it('reads the user of every identity.user event, whichever change it was', () => {
    const events = [
      createEvent(userRegistered, { aggregateId: 'u1', aggregateVersion: 1, actor, payload: { user } }),
      createEvent(userRoleChanged, { aggregateId: 'u1', aggregateVersion: 2, actor, payload: { user, previous: 'TESTUSER' } }),
      createEvent(impersonalUserRegistered, {
        aggregateId: 'u1',
        aggregateVersion: 1,
        actor,
        payload: { user, registeredBy: 'admin', plan: { promotionalAds: 3, planLevel: 'GOLD' } },
      }),
    ];
    for (const event of events) expect(userSnapshotOf(event)).toEqual(user);
  });

  it('answers null for events of other topics', () => {
    const other = createEvent(parameterChanged, { aggregateId: 'X', aggregateVersion: 1, actor, payload: { id: 'X', quantity: 1, previous: 0 } });
    expect(userSnapshotOf(other)).toBeNull();
  });
});
