import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { DocumentStore, MailMessage, Mailer } from '@ruedas/platform';
import { vi } from 'vitest';

/**
 * Small helpers for the services' tests, without the contract suites' heavy imports
 * (`@ruedas/testing/helpers`).
 */

/**
 * Polls until `check` answers something truthy, and answers it (events travel asynchronously):
 * vitest's `vi.waitUntil`, with a wait long enough for a loaded CI machine (a passing check returns
 * at once) and a short interval.
 */
export function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<NonNullable<T>> {
  return vi.waitUntil(check, { timeout: timeoutMs, interval: 10 }) as Promise<NonNullable<T>>;
}

/** A mailer that keeps every send, so a test can count them (the outbox mailer would dedupe by key). */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'recording',
    sent,
    async send(message) {
      // A real mailer takes a moment: the window in which a second instance could send the same mail.
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message);
      return { id: randomUUID(), location: 'memory' };
    },
    async close() {},
  };
}

/** A part of a harness that ends with `stop()` (a service, a relay, a subscription) or `close()` (a bus, a store, a server). */
export type HarnessPart = { stop(): Promise<unknown> } | { close(): Promise<unknown> };

/** A harness's shutdown: each part closed (or stopped) in turn, in the order given, then its folder removed unless `keep`. */
export async function shutDown(parts: HarnessPart[], dir: string, keep = false): Promise<void> {
  for (const part of parts) await ('close' in part ? part.close() : part.stop());
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

/**
 * The store, its collections' calls each delayed by a random 0 to `ms` milliseconds, as a store over
 * the network (MongoDB) answers: races between requests show.
 */
export function withLatency(store: DocumentStore, ms: number): DocumentStore {
  const delayed = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * ms));
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  return new Proxy(store, {
    get(object, key) {
      const value = Reflect.get(object, key) as unknown;
      if (key === 'collection') return async (...args: Parameters<DocumentStore['collection']>) => delayed(await object.collection(...args));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}
