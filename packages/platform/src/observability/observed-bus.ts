import type { Logger } from '../logger';
import type { DeliveredMessage, EventBus, PartitionLag, SubscribeOptions, Subscription } from '../ports';
import { addMetricsSource, consumerLag, consumerUp, deadLetters, eventsFailed, eventsHandled } from './metrics';
import { REQUEST_ID_HEADER, runInScope } from './scope';
import { inSpan, SpanKind } from './tracing';

/**
 * The process's event bus as services see it (decision 0168): the adapter's, with every
 * subscription's handler counted (handled, failed attempts, dead letters), run in the scope of the
 * request that caused the event (its request id on the consumer's log lines) and in a consumer span
 * continuing the event's trace; and with every consumer group of the process known, so that
 * readiness can fail when one stopped or lags, and `/metrics` can show the lag.
 *
 * The adapter's own methods pass through unchanged (a Proxy), so a method added to the port needs
 * nothing here.
 */
export interface BusObserver {
  bus: EventBus;
  /** What keeps the process from being ready: stopped or lagging consumers, an unreachable bus. */
  problems(): Promise<string[]>;
  /** The groups this process consumes, their topics and whether each still runs. */
  consumers(): Array<{ group: string; topics: string[]; running: boolean }>;
}

export interface ObserveBusOptions {
  /** Where each handled event is said (debug level), in the scope of the request that caused it. */
  logger?: Logger;
  /** Lag (messages, summed over a topic's partitions) past which the process is not ready. Default 5,000. */
  maxLag?: number;
  /** How long a lag query may take before the bus counts as unreachable. Default 2 s. */
  timeoutMs?: number;
}

interface Consumer {
  group: string;
  /** Broadcast subscriptions commit nothing: their lag is not the group's (they report only whether they run). */
  broadcast: boolean;
  topics: string[];
  inner: Subscription;
  stopped: boolean;
}

const LAG_CACHE_MS = 1000;

export function observeBus(inner: EventBus, options: ObserveBusOptions = {}): BusObserver {
  const maxLag = options.maxLag ?? 5000;
  const timeoutMs = options.timeoutMs ?? 2000;
  let consumers: Consumer[] = [];
  let lagRead: { at: number; result: Promise<Map<Consumer, Map<string, number>>> } | null = null;

  const running = (consumer: Consumer) => !consumer.stopped && consumer.inner.running?.() !== false;

  /** Lag per consumer and topic, read at most once a second (the scrape and the health check share it). */
  function readLag(): Promise<Map<Consumer, Map<string, number>>> {
    if (lagRead && Date.now() - lagRead.at < LAG_CACHE_MS) return lagRead.result;
    const result = (async () => {
      const byConsumer = new Map<Consumer, Map<string, number>>();
      if (!inner.lag) return byConsumer;
      await Promise.all(
        consumers
          .filter((consumer) => running(consumer) && !consumer.broadcast)
          .map(async (consumer) => {
            const partitions: PartitionLag[] = await withTimeout(inner.lag!(consumer.group, consumer.topics), timeoutMs);
            const byTopic = new Map<string, number>(consumer.topics.map((topic) => [topic, 0]));
            for (const { topic, messages } of partitions) byTopic.set(topic, (byTopic.get(topic) ?? 0) + messages);
            byConsumer.set(consumer, byTopic);
          }),
      );
      return byConsumer;
    })();
    result.catch(() => undefined);
    lagRead = { at: Date.now(), result };
    return result;
  }

  const removeSource = addMetricsSource(async () => {
    for (const consumer of consumers) for (const topic of consumer.topics) consumerUp.set({ group: consumer.group, topic }, running(consumer) ? 1 : 0);
    for (const [consumer, byTopic] of await readLag()) for (const [topic, messages] of byTopic) consumerLag.set({ group: consumer.group, topic }, messages);
  });

  async function subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
    const { group, topics } = subscribeOptions;
    const handler = subscribeOptions.handler;
    const observed = (message: DeliveredMessage): Promise<void> => {
      const labels = { group, topic: message.topic };
      // Each event in a scope of its own: the loop may have been started inside some request.
      return runInScope({ ...(message.headers[REQUEST_ID_HEADER] ? { requestId: message.headers[REQUEST_ID_HEADER] } : {}) }, () =>
        inSpan(
          `consume ${message.topic}`,
          SpanKind.CONSUMER,
          { 'messaging.system': inner.kind, 'messaging.destination.name': message.topic, 'messaging.consumer.group.name': group },
          async () => {
            try {
              await handler(message);
              eventsHandled.inc(labels);
              options.logger?.debug({ group, topic: message.topic, offset: message.offset }, 'event handled');
            } catch (error) {
              eventsFailed.inc(labels);
              if (message.lastAttempt) deadLetters.inc(labels);
              throw error;
            }
          },
          message.headers,
        ),
      );
    };
    const handleBatch = subscribeOptions.handleBatch;
    // A batch in a scope and a consumer span of its own (its events may come from many requests).
    const observedBatch =
      handleBatch &&
      ((messages: DeliveredMessage[]): Promise<void> => {
        const topic = messages[0]?.topic ?? topics[0]!;
        const labels = { group, topic };
        return runInScope({}, () =>
          inSpan(
            `consume ${topic}`,
            SpanKind.CONSUMER,
            {
              'messaging.system': inner.kind,
              'messaging.destination.name': topic,
              'messaging.consumer.group.name': group,
              'messaging.batch.message_count': String(messages.length),
            },
            async () => {
              try {
                await handleBatch(messages);
                eventsHandled.inc(labels, messages.length);
                options.logger?.debug({ group, topic, offset: messages.at(-1)?.offset, messages: messages.length }, 'events handled');
              } catch (error) {
                // Each message then goes to the handler, which counts its own attempts.
                eventsFailed.inc(labels);
                throw error;
              }
            },
          ),
        );
      });
    const subscription = await inner.subscribe({ ...subscribeOptions, handler: observed, ...(observedBatch ? { handleBatch: observedBatch } : {}) });
    const consumer: Consumer = { group, broadcast: subscribeOptions.kind === 'broadcast', topics: [...topics], inner: subscription, stopped: false };
    // A group subscribing again, or another group taking over the same topics (a rebuild), replaces the stopped one.
    consumers = consumers.filter((other) => !(other.stopped && (other.group === group || sameTopics(other.topics, topics))));
    consumers.push(consumer);
    lagRead = null;
    return {
      caughtUp: () => subscription.caughtUp(),
      running: () => running(consumer),
      stop: async () => {
        consumer.stopped = true;
        await subscription.stop();
      },
    };
  }

  const bus = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'subscribe') return subscribe;
      if (property === 'close') {
        return async () => {
          removeSource();
          await target.close();
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  return {
    bus,
    consumers: () => consumers.map((consumer) => ({ group: consumer.group, topics: consumer.topics, running: running(consumer) })),
    async problems() {
      const problems = consumers
        .filter((consumer) => !running(consumer))
        .map((consumer) => `consumer ${consumer.group} (${consumer.topics.join(', ')}) has stopped`);
      try {
        for (const [consumer, byTopic] of await readLag()) {
          for (const [topic, messages] of byTopic) {
            if (messages > maxLag) problems.push(`consumer ${consumer.group} is ${messages} messages behind on ${topic} (limit ${maxLag})`);
          }
        }
      } catch (error) {
        problems.push(`event bus unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      return problems;
    },
  };
}

function sameTopics(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((topic) => b.includes(topic));
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
