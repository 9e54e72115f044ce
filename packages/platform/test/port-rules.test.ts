import { describe, expect, it, vi } from 'vitest';
import {
  assertBlobPutOptions,
  assertMailMessage,
  checkMessages,
  checkPublish,
  checkTopic,
  createLogger,
  DEAD_LETTER_HEADERS,
  DEFAULT_RETRY_FOR_MS,
  deliverWithRetries,
  resolveSubscribeOptions,
  type DeliveredMessage,
  type Delivery,
  type OutgoingMessage,
} from '../src';

// The contract suites in @ruedas/testing cover these rules through the adapters of each port; this
// file covers what they do not reach: the edges of the rules, the defaults and the heartbeat hook.

const handler = async () => undefined;

describe('event bus input rules', () => {
  it('accepts Kafka topic names of up to 200 characters and refuses others', () => {
    for (const good of ['listings.opportunity', 'a', 'A_b-1.dlq', 'x'.repeat(200)]) expect(() => checkTopic(good), good).not.toThrow();
    for (const bad of ['', '.hidden', '-x', 'con espacio', 'a/b', 'año', 'x'.repeat(201), 42]) {
      expect(() => checkTopic(bad), String(bad)).toThrow(/invalid topic name/);
    }
  });

  it('refuses messages that are not an array of objects with a string key, a value and string headers', () => {
    expect(() => checkMessages('t', { key: 'k', value: 1 })).toThrow(/must be an array/);
    expect(() => checkMessages('t', [null])).toThrow(/message 0: must be an object/);
    expect(() => checkMessages('t', [{ key: 'k', value: () => 1 }])).toThrow(/JSON-serialisable/);
    expect(() =>
      checkMessages('t', [
        { key: 'k', value: 1 },
        { key: 'k', value: 1, headers: { n: 1 } },
      ]),
    ).toThrow(/message 1: header n must be a string/);
    expect(() => checkMessages('t', [{ key: 'k', value: null, headers: { n: 'v' } }])).not.toThrow();
    expect(() => checkPublish('a b', [])).toThrow(/invalid topic name/);
  });

  it('fills in the documented subscription defaults and refuses repeated topics and negative delays', () => {
    expect(resolveSubscribeOptions({ group: 'g', topics: ['a', 'b'], handler })).toEqual({
      group: 'g',
      topics: ['a', 'b'],
      handler,
      maxAttempts: Infinity,
      retryDelayMs: 100,
      maxRetryDelayMs: 30_000,
      retryForMs: 10 * 60_000,
      kind: 'shared',
    });
    expect(resolveSubscribeOptions({ group: 'g', topics: ['a'], handler }, { retryForMs: 60_000 }).retryForMs).toBe(60_000);
    expect(resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, retryForMs: 5 }, { retryForMs: 60_000 }).retryForMs).toBe(5);
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, retryForMs: -1 })).toThrow(/retryForMs/);
    expect(() => resolveSubscribeOptions({ group: 'a group', topics: ['a'], handler })).toThrow(/invalid group name/);
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, since: new Date('x') })).toThrow(/since/);
    expect(resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, kind: 'broadcast' }).kind).toBe('broadcast');
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, kind: 'all' as 'shared' })).toThrow(/kind/);
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a', 'a'], handler })).toThrow(/must not repeat/);
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a'], handler, retryDelayMs: -1 })).toThrow(/retryDelayMs/);
    expect(() => resolveSubscribeOptions({ group: 'g', topics: ['a b'], handler })).toThrow(/invalid topic name/);
  });
});

describe('deliverWithRetries', () => {
  const message = { topic: 't', key: 'k', value: { n: 1 }, headers: { trace: 'x' }, offset: '0:7' };

  function delivery(failures: number, overrides: Partial<Delivery> = {}) {
    const attempts: number[] = [];
    const letters: OutgoingMessage[] = [];
    let heartbeats = 0;
    const options: Delivery = {
      handler: async ({ attempt }: DeliveredMessage) => {
        attempts.push(attempt);
        if (attempt <= failures) throw new Error(`failure ${attempt}`);
      },
      maxAttempts: 3,
      retryDelayMs: 1,
      deadLetter: async (letter) => void letters.push(letter),
      heartbeat: async () => void (heartbeats += 1),
      logger: createLogger('test'),
      signal: new AbortController().signal,
      ...overrides,
    };
    return { options, attempts, letters, heartbeats: () => heartbeats };
  }

  it('retries until the handler succeeds, heartbeating between attempts', async () => {
    const run = delivery(2);
    expect(await deliverWithRetries(run.options, message)).toBe(true);
    expect(run.attempts).toEqual([1, 2, 3]);
    expect(run.heartbeats()).toBe(2);
    expect(run.letters).toEqual([]);
  });

  it('dead-letters after maxAttempts with the original headers and where and why it failed', async () => {
    const run = delivery(Infinity);
    expect(await deliverWithRetries(run.options, message)).toBe(true);
    expect(run.letters).toEqual([
      {
        key: 'k',
        value: { n: 1 },
        headers: {
          trace: 'x',
          [DEAD_LETTER_HEADERS.error]: 'failure 3',
          [DEAD_LETTER_HEADERS.topic]: 't',
          [DEAD_LETTER_HEADERS.offset]: '0:7',
          [DEAD_LETTER_HEADERS.attempts]: '3',
          [DEAD_LETTER_HEADERS.at]: expect.any(String),
        },
      },
    ]);
  });

  it('by default retries for 10 minutes with pauses growing to 30 s: a handler failing for 2 minutes loses nothing', async () => {
    vi.useFakeTimers();
    try {
      const started = Date.now();
      const pauses: number[] = [];
      let last = started;
      const run = delivery(Infinity, {
        maxAttempts: Infinity,
        retryDelayMs: 100,
        retryForMs: DEFAULT_RETRY_FOR_MS,
        handler: async () => {
          pauses.push(Date.now() - last);
          last = Date.now();
          if (Date.now() - started < 2 * 60_000) throw new Error('the database is electing a primary');
        },
      });
      const done = deliverWithRetries(run.options, message);
      await vi.advanceTimersByTimeAsync(3 * 60_000);
      expect(await done).toBe(true);
      expect(run.letters).toEqual([]);
      expect(pauses.slice(1, 5)).toEqual([100, 200, 400, 800]);
      expect(Math.max(...pauses)).toBe(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('by default dead-letters a message still failing after 10 minutes', async () => {
    vi.useFakeTimers();
    try {
      const run = delivery(Infinity, { maxAttempts: Infinity, retryDelayMs: 100, retryForMs: DEFAULT_RETRY_FOR_MS });
      const done = deliverWithRetries(run.options, message);
      await vi.advanceTimersByTimeAsync(9 * 60_000);
      expect(run.letters).toEqual([]);
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(await done).toBe(true);
      expect(run.letters).toHaveLength(1);
      expect(Number(run.letters[0]!.headers![DEAD_LETTER_HEADERS.attempts])).toBe(run.attempts.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers false, dead-lettering nothing, when stopped while waiting to retry', async () => {
    const controller = new AbortController();
    const run = delivery(Infinity, { retryDelayMs: 60_000, signal: controller.signal, heartbeat: undefined });
    const done = deliverWithRetries(run.options, message);
    setTimeout(() => controller.abort(), 5);
    expect(await done).toBe(false);
    expect(run.attempts).toEqual([1]);
    expect(run.letters).toEqual([]);
  });
});

describe('blob and mail rules', () => {
  it('bounds the content type to 255 printable characters', () => {
    expect(() => assertBlobPutOptions({ contentType: `image/${'x'.repeat(249)}` })).not.toThrow();
    expect(() => assertBlobPutOptions({ contentType: `image/${'x'.repeat(250)}` })).toThrow(/invalid content type/);
    expect(() => assertBlobPutOptions({ contentType: 'text/plain\r\nx-amz-acl: public-read' })).toThrow(/invalid content type/);
  });

  it('requires a text body and refuses an html body that is not a string', () => {
    const mail = { to: 'ana@example.cr', subject: 'Hola' };
    expect(() => assertMailMessage({ ...mail, text: 'x', html: '<p>x</p>' })).not.toThrow();
    expect(() => assertMailMessage({ ...mail } as never)).toThrow(/text is required/);
    expect(() => assertMailMessage({ ...mail, text: 'x', html: 1 as never })).toThrow(/html must be a string/);
  });
});
