import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (decision 0166): one registry per process, served at `/metrics`
 * in the text exposition format. Every family is defined here, once, and fed by the platform's
 * hooks (process server, subgraph and gateway plugin, the observed bus, the outbox relay, the
 * observed mailer, payment provider and search index), so the embedded and production adapters
 * report the same names. Labels hold only bounded values: route patterns, operation names the
 * schema validated (at most MAX_OPERATIONS per server), groups, topics, collections.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const registers = [metricsRegistry];
const LATENCY = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'ruedas_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: rate (count), errors (status 5xx) and duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY,
  registers,
});

export const graphqlDuration = new Histogram({
  name: 'ruedas_graphql_operation_duration_seconds',
  help: 'GraphQL operations by server (gateway or a subgraph), operation name and outcome (ok, error)',
  labelNames: ['server', 'operation', 'outcome'] as const,
  buckets: LATENCY,
  registers,
});

export const graphqlErrors = new Counter({
  name: 'ruedas_graphql_errors_total',
  help: 'GraphQL errors answered, by server, operation name and error code',
  labelNames: ['server', 'operation', 'code'] as const,
  registers,
});

export const eventsHandled = new Counter({
  name: 'ruedas_events_handled_total',
  help: 'Events a consumer group handled successfully, by group and topic',
  labelNames: ['group', 'topic'] as const,
  registers,
});

export const eventsFailed = new Counter({
  name: 'ruedas_events_failed_total',
  help: 'Failed attempts to handle an event (each retry counts), by group and topic',
  labelNames: ['group', 'topic'] as const,
  registers,
});

export const deadLetters = new Counter({
  name: 'ruedas_dead_letters_total',
  help: 'Events given up on and sent to the dead-letter topic, by group and topic',
  labelNames: ['group', 'topic'] as const,
  registers,
});

export const consumerLag = new Gauge({
  name: 'ruedas_consumer_lag_messages',
  help: 'Messages published to a topic that its consumer group has not handled yet',
  labelNames: ['group', 'topic'] as const,
  registers,
});

export const consumerUp = new Gauge({
  name: 'ruedas_consumer_up',
  help: '1 while a consumer group of this process runs, 0 once it stopped (readiness fails)',
  labelNames: ['group', 'topic'] as const,
  registers,
});

export const outboxPending = new Gauge({
  name: 'ruedas_outbox_pending_documents',
  help: 'Documents whose outbox holds events not yet published, by collection',
  labelNames: ['collection'] as const,
  registers,
});

export const relayPublishDuration = new Histogram({
  name: 'ruedas_outbox_publish_duration_seconds',
  help: 'Time of one publish call of the outbox relay (a chunk of events of one topic)',
  labelNames: ['topic'] as const,
  buckets: LATENCY,
  registers,
});

export const relayPublished = new Counter({
  name: 'ruedas_outbox_published_events_total',
  help: 'Events the outbox relay published, by topic',
  labelNames: ['topic'] as const,
  registers,
});

export const searchDocuments = new Gauge({
  name: 'ruedas_search_index_documents',
  help: 'Documents in the search index',
  registers,
});

export const searchDuration = new Histogram({
  name: 'ruedas_search_query_duration_seconds',
  help: 'Time of one search index query',
  buckets: LATENCY,
  registers,
});

export const mailsSent = new Counter({ name: 'ruedas_mails_sent_total', help: 'Mails handed to the mailer successfully', registers });
export const mailsFailed = new Counter({ name: 'ruedas_mails_failed_total', help: 'Mails the mailer failed to send', registers });

export const paymentCalls = new Counter({
  name: 'ruedas_payment_provider_calls_total',
  help: 'Calls to the payment provider, by provider and call',
  labelNames: ['provider', 'call'] as const,
  registers,
});

export const paymentFailures = new Counter({
  name: 'ruedas_payment_provider_failures_total',
  help: 'Calls to the payment provider that failed, by provider and call',
  labelNames: ['provider', 'call'] as const,
  registers,
});

export const readyGauge = new Gauge({
  name: 'ruedas_ready',
  help: '1 when the last readiness check passed, 0 when it failed',
  registers,
});

/**
 * Sources of gauges that are read when scraped (lag, outbox backlog, index size): each running part
 * adds one and removes it when it stops, so several launchers in one process (tests) add up.
 */
type Source = () => Promise<void> | void;
const sources = new Set<Source>();

export function addMetricsSource(source: Source): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** The exposition text, after reading every source (a source that fails leaves its series out). */
export async function metricsText(): Promise<string> {
  consumerLag.reset();
  outboxPending.reset();
  await Promise.all(
    [...sources].map((source) =>
      Promise.resolve()
        .then(source)
        .catch(() => undefined),
    ),
  );
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** Operation names per server kept as labels; any further one counts as `other`. */
const MAX_OPERATIONS = 300;
const operationNames = new Map<string, Set<string>>();

/** A bounded label for an operation name (names are the client's choice). */
export function operationLabel(server: string, name: string | null | undefined): string {
  if (!name) return 'anonymous';
  let seen = operationNames.get(server);
  if (!seen) operationNames.set(server, (seen = new Set()));
  if (seen.has(name)) return name;
  if (seen.size >= MAX_OPERATIONS) return 'other';
  seen.add(name);
  return name;
}
