import type { Mailer, PaymentProvider, SearchIndex } from '../ports';
import { addMetricsSource, mailsFailed, mailsSent, paymentCalls, paymentFailures, searchDocuments, searchDuration } from './metrics';

/**
 * The adapters of the mailer, the payment provider and the search index as the launcher hands them
 * to services: each call counted (and timed) under one name whatever the adapter (decision 0166).
 * Methods the port adds later pass through unchanged (Proxies).
 */
export function observeMailer(mailer: Mailer): Mailer {
  return intercept(mailer, {
    send: (send) => async (message) => {
      try {
        const sent = await send(message);
        mailsSent.inc();
        return sent;
      } catch (error) {
        mailsFailed.inc();
        throw error;
      }
    },
  });
}

const PAYMENT_CALLS = ['createCheckout', 'retrieve', 'parseWebhook', 'refund', 'verifyResponse'] as const;

export function observePaymentProvider(provider: PaymentProvider, name: string): PaymentProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!(PAYMENT_CALLS as readonly (string | symbol)[]).includes(property)) return method;
      const labels = { provider: name, call: String(property) };
      return async (...args: unknown[]) => {
        paymentCalls.inc(labels);
        try {
          return await method(...args);
        } catch (error) {
          paymentFailures.inc(labels);
          throw error;
        }
      };
    },
  });
}

/** Query latency on every search; the size of the index read when scraped (until it is closed). */
export function observeSearchIndex<D extends { id: string }>(index: SearchIndex<D>): SearchIndex<D> {
  const removeSource = addMetricsSource(async () => searchDocuments.set(await index.count()));
  return intercept(index, {
    search: (search) => async (query) => {
      const started = performance.now();
      try {
        return await search(query);
      } finally {
        searchDuration.observe((performance.now() - started) / 1000);
      }
    },
    close: (close) => async () => {
      removeSource();
      await close();
    },
  });
}

type Methods<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];
type Wrappers<T> = { [K in Methods<T>]?: (original: T[K]) => T[K] };

/** `target` with some of its methods wrapped; everything else passes through. */
function intercept<T extends object>(target: T, wrappers: Wrappers<T>): T {
  const wrapped = new Map<PropertyKey, unknown>();
  for (const [name, wrap] of Object.entries(wrappers) as [keyof T & string, (original: unknown) => unknown][]) {
    const original = target[name];
    if (typeof original === 'function') wrapped.set(name, wrap(original.bind(target)));
  }
  return new Proxy(target, {
    get(object, property, receiver) {
      if (wrapped.has(property)) return wrapped.get(property);
      const value: unknown = Reflect.get(object, property, receiver);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
