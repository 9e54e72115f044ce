import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { createLogger, startTracing } from '@ruedas/platform';
import { start, type Running } from '../src';
import { ADMIN as admin, settingsWithAdmin, type Json } from './launched';

// What an operator sees of the all-in-one launcher (issue 33): one access line per request with its
// id, the id on the lines of the consumers of its events, the metric families moving, and one trace
// from the HTTP request through the gateway and a subgraph to the consumers of the event it caused.

const lines: Json[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Json);
    done();
  },
});
const logger = createLogger('test', 'debug', sink);
const exporter = new InMemorySpanExporter();
const { dataDir, settings } = settingsWithAdmin('observability');
let running: Running;
let stopTracing: () => Promise<void>;

beforeAll(async () => {
  stopTracing = startTracing({ serviceName: 'ruedas-test', exporter });
  running = await start(settings, { logger });
}, 120_000);
afterAll(async () => {
  await running?.stop();
  await stopTracing?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, options: { body?: unknown; token?: string; requestId?: string } = {}) {
  const res = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, requestId: res.headers.get('x-request-id'), body: (await res.json().catch(() => null)) as Json };
}

/** Each sample of the exposition text: `name{labels}` → value. */
async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(`${running.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The sum of every sample of a family whose labels contain each of `having`. */
function total(samples: Map<string, number>, name: string, ...having: string[]): number {
  let sum = 0;
  for (const [key, value] of samples) {
    const family = key.split('{')[0];
    if (family === name && having.every((part) => key.includes(part))) sum += value;
  }
  return sum;
}

let token: string;

describe('request logs', () => {
  it('answers with the request id, takes a valid one from the client, and refuses one a log should not hold', async () => {
    const own = await call('GET', '/api/v1/opportunity/available/1');
    expect(own.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', '/api/v1/opportunity/available/1', { requestId: 'client-id.42' })).requestId).toBe('client-id.42');
    const forged = await call('GET', '/api/v1/opportunity/available/1', { requestId: 'a b\u00e9"}' });
    expect(forged.requestId).not.toBe('a b\u00e9"}');
    expect(forged.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one access line per request with route, status, duration, request id and the signed-in user', async () => {
    const login = await call('POST', '/api/v1/users/login', { body: admin, requestId: 'login-1' });
    expect(login.status).toBe(200);
    token = login.body.token as string;
    const planStatus = await call('GET', '/api/v1/users/protected/planstatus', { token, requestId: 'signed-in-1' });
    const access = lines.filter((line) => line.msg === 'request' && line.requestId === 'signed-in-1');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', route: '/api/v1/users/protected/planstatus', status: planStatus.status, requestId: 'signed-in-1' });
    expect(access[0]!.userId).toEqual(expect.any(String));
    expect(access[0]!.durationMs).toEqual(expect.any(Number));
    const graphql = await call('POST', '/graphql', { body: { query: 'query WhichVersion { systemsVersion { backEndVersion } }' }, requestId: 'graphql-1' });
    expect(graphql.status).toBe(200);
    expect(lines.filter((line) => line.msg === 'request' && line.requestId === 'graphql-1')).toEqual([
      expect.objectContaining({ route: '/graphql', operation: 'WhichVersion', status: 200 }),
    ]);
  });
});

describe('metrics, traces and request ids across the bus', () => {
  it('moves every metric family, puts the request id on the consumers’ lines, and makes one trace of request, gateway, subgraph and consumers', async () => {
    const before = await scrape();
    for (const family of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'ruedas_consumer_up',
      'ruedas_consumer_lag_messages',
      'ruedas_outbox_pending_documents',
      'ruedas_search_index_documents',
    ]) {
      expect(
        [...before.keys()].some((key) => key.split('{')[0] === family),
        family,
      ).toBe(true);
    }

    // A change of a global parameter: moderation writes it with its event; listings and search consume it.
    exporter.reset();
    const saved = await call('PUT', '/api/v1/globalParameter/protected', { body: [{ id: 'ITEMS_PER_LIST', quantity: 4 }], token, requestId: 'param-change-1' });
    expect(saved.status).toBe(200);
    await expect
      .poll(() => lines.filter((line) => line.msg === 'event handled' && line.topic === 'moderation.parameter' && line.requestId === 'param-change-1').length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    // Search, mail, payment provider, a server error code.
    expect((await call('POST', '/api/v1/search/advanceSearch', { body: { pageNumber: 1 } })).status).toBe(200);
    const user = {
      userType: 'PERSON',
      name: 'Ana',
      lastName: 'Mora',
      email: 'ana@example.com',
      password: 'Cielo-Azul-2025',
      passwordConfirm: 'Cielo-Azul-2025',
    };
    await call('POST', '/api/v1/users/register', {
      body: {
        callbacktoken: '',
        ekey: '',
        user: { ...user, phoneList: [{ phone: '88881234' }], province: '1', canton: '101', district: '10101', agreement: true },
      },
    });
    await call('POST', '/api/v1/payment/paymentResponse/', { body: { response: 'not-a-signed-response' } });
    await call('POST', '/graphql', { body: { query: '{ nope }' } });

    await expect
      .poll(
        async () => {
          const after = await scrape();
          const moved = (name: string, ...having: string[]) => total(after, name, ...having) > total(before, name, ...having);
          return {
            http: moved('ruedas_http_request_duration_seconds_count', 'route="/api/v1/globalParameter/protected"', 'method="PUT"'),
            graphql: moved('ruedas_graphql_operation_duration_seconds_count', 'server="gateway"'),
            subgraph: moved('ruedas_graphql_operation_duration_seconds_count', 'server="moderation"'),
            graphqlErrors: moved('ruedas_graphql_errors_total', 'server="gateway"'),
            handled: moved('ruedas_events_handled_total', 'topic="moderation.parameter"'),
            published: moved('ruedas_outbox_published_events_total', 'topic="moderation.parameter"'),
            publishLatency: moved('ruedas_outbox_publish_duration_seconds_count', 'topic="moderation.parameter"'),
            search: moved('ruedas_search_query_duration_seconds_count'),
            mails: moved('ruedas_mails_sent_total'),
            payments: moved('ruedas_payment_provider_calls_total', 'provider="sandbox"'),
            paymentFailures: moved('ruedas_payment_provider_failures_total', 'provider="sandbox"'),
            lagKnown: [...after.keys()].some((key) => key.startsWith('ruedas_consumer_lag_messages{') && key.includes('topic="listings.opportunity"')),
          };
        },
        { timeout: 10_000 },
      )
      .toEqual({
        http: true,
        graphql: true,
        subgraph: true,
        graphqlErrors: true,
        handled: true,
        published: true,
        publishLatency: true,
        search: true,
        mails: true,
        payments: true,
        paymentFailures: true,
        lagKnown: true,
      });

    // One trace: the HTTP request, the gateway's spans, the subgraph's, and the consumers'.
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'PUT /api/v1/globalParameter/protected');
    expect(request).toBeDefined();
    const traceId = request!.spanContext().traceId;
    const names = spans.filter((span) => span.spanContext().traceId === traceId).map((span) => span.name);
    expect(names).toEqual(
      expect.arrayContaining(['gateway.request', 'gateway.fetch', expect.stringMatching(/^graphql moderation /), 'consume moderation.parameter']),
    );
  }, 60_000);
});
