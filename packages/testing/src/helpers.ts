import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer } from '@ruedas/platform';

/**
 * Small helpers for the services' tests, without the contract suites' heavy imports
 * (`@ruedas/testing/helpers`).
 */

/**
 * Polls until `check` answers something truthy, and answers it (events travel asynchronously).
 * The wait is generous: a loaded CI machine is slow, and a passing check returns at once.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
