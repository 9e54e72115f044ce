// The load driver of the benches, on autocannon: concurrent connections on loopback, bounded by a
// request count or a duration, reporting throughput and latency percentiles.
import autocannon from 'autocannon';

export interface LoadLimits {
  clients: number;
  /** Stop after this many requests in all... */
  requests?: number;
  /** ...or else after this many seconds. */
  seconds?: number;
  /** The status every answer must have (200 unless told); any other fails the run. */
  status?: number;
}

/** One request: the path is relative to the target's origin; built anew for each request. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** A POST of a GraphQL operation to `/graphql`, its variables chosen for each request. */
export function graphqlRequest(query: string, variables: () => Record<string, unknown> = () => ({})): () => LoadRequest {
  return () => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: variables() }) });
}

/**
 * Sends `request()` to `origin` from `clients` connections until a limit is reached; any answer
 * other than the expected status, or a connection error, fails the run.
 */
export async function load(name: string, origin: string, request: () => LoadRequest, limits: LoadLimits): Promise<LoadResult> {
  if (limits.requests === undefined && limits.seconds === undefined) throw new Error('load: give requests or seconds');
  const expected = limits.status ?? 200;
  const latencies: number[] = [];
  let failure: string | undefined;
  const begin = performance.now();
  await new Promise<void>((resolve, reject) => {
    const options: autocannon.Options = {
      url: origin,
      connections: limits.clients,
      // As patient as a plain fetch: a loaded shared machine answers late rather than never.
      timeout: 120,
      ...(limits.requests === undefined ? { duration: limits.seconds! } : { amount: limits.requests }),
      requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', ...request() }) }],
    };
    const instance = autocannon(options, (error) => (error ? reject(error) : resolve()));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== expected) failure ??= `${name}: HTTP ${status}`;
      latencies.push(ms);
    });
    instance.on('reqError', (error) => {
      failure ??= `${name}: ${error.message}`;
    });
  });
  const seconds = (performance.now() - begin) / 1000;
  if (failure) throw new Error(`${failure} (the same request again: ${await sample(origin, request())})`);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const result = { name, requests: latencies.length, perSecond: latencies.length / seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
  console.log(
    `${name.padEnd(40)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ` +
      `${result.p99.toFixed(1)} ms   (${result.requests} requests)`,
  );
  return result;
}

/** What one request answers now, for the error of a failed run (status and the start of the body). */
async function sample(origin: string, { method = 'GET', path, headers, body }: LoadRequest): Promise<string> {
  try {
    const res = await fetch(new URL(path, origin), { method, ...(headers ? { headers } : {}), ...(body === undefined ? {} : { body }) });
    return `HTTP ${res.status} ${(await res.text()).slice(0, 300)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
