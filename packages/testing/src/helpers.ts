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

/** What became of an upload that kept sending: see `keepUploading`. */
export interface KeptUpload {
  /** The answer's status and parsed JSON body (null when the server answered nothing). */
  status: number | null;
  body: unknown;
  /** Milliseconds from the first byte sent to the answer's headers. */
  answeredAfterMs: number | null;
  /** Body bytes written when the answer came, and in all (until the connection closed or the wait ended). */
  sentWhenAnswered: number;
  sent: number;
  /** Milliseconds from the answer to the connection's close; null when it stayed open `waitMs` after the answer. */
  closedAfterAnswerMs: number | null;
}

/**
 * A multipart POST declaring `totalBytes` on a keep-alive connection, whose body is written in
 * 64 KiB chunks every `intervalMs` (a client that goes on sending whatever it is answered), to see
 * whether the server answers before the body has arrived and then lets the connection go instead of
 * reading the rest (issue 28: an anonymous upload is refused before its body is read).
 */
export async function keepUploading(
  url: string,
  options: { headers?: Record<string, string>; totalBytes?: number; intervalMs?: number; waitMs?: number } = {},
): Promise<KeptUpload> {
  const { request } = await import('node:http');
  const total = options.totalBytes ?? 256 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const waitMs = options.waitMs ?? 2_000;
  return new Promise((resolve) => {
    const started = performance.now();
    const result: KeptUpload = { status: null, body: null, answeredAfterMs: null, sentWhenAnswered: 0, sent: 0, closedAfterAnswerMs: null };
    let answeredAt: number | null = null;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(writer);
      clearTimeout(timer);
      outgoing.destroy();
      resolve(result);
    };
    const outgoing = request(url, {
      method: 'POST',
      headers: {
        connection: 'keep-alive',
        'content-type': 'multipart/form-data; boundary=----ruedas',
        'content-length': String(total),
        ...options.headers,
      },
    });
    outgoing.on('error', () => undefined);
    outgoing.on('response', (response) => {
      answeredAt = performance.now();
      result.status = response.statusCode ?? null;
      result.answeredAfterMs = Math.round(answeredAt - started);
      result.sentWhenAnswered = result.sent;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('error', () => undefined);
      response.on('end', () => {
        try {
          result.body = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          result.body = Buffer.concat(parts).toString('utf8');
        }
      });
      timer = setTimeout(finish, waitMs);
    });
    outgoing.on('socket', (socket) =>
      socket.on('close', () => {
        if (answeredAt !== null) result.closedAfterAnswerMs = Math.round(performance.now() - answeredAt);
        // Let the answer's body be read to its end before settling.
        setTimeout(finish, 20);
      }),
    );
    const writer = setInterval(() => {
      // A server that stops reading is not fed further (no pile of unsent chunks here).
      if (result.sent >= total || outgoing.destroyed || outgoing.writableNeedDrain) return;
      const piece = chunk.subarray(0, Math.min(chunk.length, total - result.sent));
      outgoing.write(piece);
      result.sent += piece.length;
      if (result.sent >= total) outgoing.end();
    }, options.intervalMs ?? 2);
  });
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
