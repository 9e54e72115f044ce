// The load driver of the benches: concurrent clients on loopback, bounded by a request count or a
// duration, reporting throughput and latency percentiles.

export interface LoadLimits {
  clients: number;
  /** Stop after this many requests in all... */
  requests?: number;
  /** ...or after this many seconds. */
  seconds?: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Runs `send` from `clients` concurrent loops until a limit is reached; any non-2xx answer fails the run. */
export async function load(name: string, send: () => Promise<Response>, limits: LoadLimits): Promise<LoadResult> {
  if (limits.requests === undefined && limits.seconds === undefined) throw new Error('load: give requests or seconds');
  const latencies: number[] = [];
  const begin = performance.now();
  const deadline = limits.seconds === undefined ? Infinity : begin + limits.seconds * 1000;
  const budget = limits.requests ?? Infinity;
  let started = 0;
  await Promise.all(
    Array.from({ length: limits.clients }, async () => {
      while (started < budget && performance.now() < deadline) {
        started++;
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const result = { name, requests: latencies.length, perSecond: latencies.length / seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
  console.log(
    `${name.padEnd(40)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   (${result.requests} requests)`,
  );
  return result;
}
