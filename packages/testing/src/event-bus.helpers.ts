import { randomUUID } from 'node:crypto';
import type { DeliveredMessage } from '@ruedas/platform';

/** Helpers of the event bus contract: waits, recording handlers, gates, unique names. */

/** Long enough for a Kafka consumer to join its group; the embedded bus answers in milliseconds. */
export const WAIT_MS = 20_000;
export const TEST_TIMEOUT_MS = 60_000;

/** Unique per test, so the suite can run against a shared Kafka. */
export const unique = (label: string) => `contract.${label}.${randomUUID().slice(0, 12)}`;

export async function eventually(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A handler that records what it receives, optionally failing or waiting per message. */
export function recorder(behaviour: (message: DeliveredMessage) => Promise<void> | void = () => undefined) {
  const received: DeliveredMessage[] = [];
  return {
    received,
    handler: async (message: DeliveredMessage) => {
      received.push(message);
      await behaviour(message);
    },
    values: () => received.map((message) => message.value),
  };
}

export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A handler held at a gate: `release.open()` lets it finish, `finished()` says whether it has. */
export function heldHandler() {
  const release = gate();
  let finished = false;
  const got = recorder(async () => {
    await release.opened;
    finished = true;
  });
  return { release, got, finished: () => finished };
}

/** Whether a promise has settled after giving pending work a moment to run. */
export async function settledSoon(promise: Promise<unknown>, ms = 150): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

/** The promise's outcome, or a rejection naming `what` after `timeoutMs`. */
export async function within<T>(promise: Promise<T>, what: string, timeoutMs = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
