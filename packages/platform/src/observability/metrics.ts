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

/** A family of this registry: a counter, a gauge, or a histogram of seconds (LATENCY buckets). */
const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) => new Counter<L>({ name, help, labelNames, registers });
const gauge = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name, help, labelNames, registers });
const latency = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Histogram<L>({ name, help, labelNames, buckets: LATENCY, registers });

export const httpDuration = latency(
  'ruedas_http_request_duration_seconds',
  'HTTP requests by method, route pattern and status: rate (count), errors (status 5xx) and duration',
  ['method', 'route', 'status'] as const,
);

export const graphqlDuration = latency(
  'ruedas_graphql_operation_duration_seconds',
  'GraphQL operations by server (gateway or a subgraph), operation name and outcome (ok, error)',
  ['server', 'operation', 'outcome'] as const,
);

export const graphqlErrors = counter('ruedas_graphql_errors_total', 'GraphQL errors answered, by server, operation name and error code', [
  'server',
  'operation',
  'code',
] as const);

export const eventsHandled = counter('ruedas_events_handled_total', 'Events a consumer group handled successfully, by group and topic', [
  'group',
  'topic',
] as const);

export const eventsFailed = counter('ruedas_events_failed_total', 'Failed attempts to handle an event (each retry counts), by group and topic', [
  'group',
  'topic',
] as const);

export const deadLetters = counter('ruedas_dead_letters_total', 'Events given up on and sent to the dead-letter topic, by group and topic', [
  'group',
  'topic',
] as const);

export const consumerLag = gauge('ruedas_consumer_lag_messages', 'Messages published to a topic that its consumer group has not handled yet', [
  'group',
  'topic',
] as const);

export const consumerUp = gauge('ruedas_consumer_up', '1 while a consumer group of this process runs, 0 once it stopped (readiness fails)', [
  'group',
  'topic',
] as const);

export const outboxPending = gauge('ruedas_outbox_pending_documents', 'Documents whose outbox holds events not yet published, by collection', [
  'collection',
] as const);

export const relayPublishDuration = latency(
  'ruedas_outbox_publish_duration_seconds',
  'Time of one publish call of the outbox relay (a chunk of events of one topic)',
  ['topic'] as const,
);

export const relayPublished = counter('ruedas_outbox_published_events_total', 'Events the outbox relay published, by topic', ['topic'] as const);

export const searchDocuments = gauge('ruedas_search_index_documents', 'Documents in the search index');

export const searchDuration = latency('ruedas_search_query_duration_seconds', 'Time of one search index query');

export const searchRatingsWaiting = gauge(
  'ruedas_search_ratings_waiting',
  'Ad changes whose fair-price ratings are not written yet (a stream of changes waits for its pause, decision 0244)',
);

export const mailsSent = counter('ruedas_mails_sent_total', 'Mails handed to the mailer successfully');
export const mailsFailed = counter('ruedas_mails_failed_total', 'Mails the mailer failed to send');

export const paymentCalls = counter('ruedas_payment_provider_calls_total', 'Calls to the payment provider, by provider and call', [
  'provider',
  'call',
] as const);

export const paymentFailures = counter('ruedas_payment_provider_failures_total', 'Calls to the payment provider that failed, by provider and call', [
  'provider',
  'call',
] as const);

export const readyGauge = gauge('ruedas_ready', '1 when the last readiness check passed, 0 when it failed');

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
