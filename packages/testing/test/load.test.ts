import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, load } from '../src/load';

// The benches' load driver against a small loopback server that records what it was sent.
describe('load driver (autocannon)', () => {
  const seen: Array<{ method: string; url: string; body: string; header: string | undefined }> = [];
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body, header: req.headers['x-bench'] as string | undefined });
        res.statusCode = req.url === '/missing' ? 404 : req.url === '/cached' ? 304 : 200;
        res.end(res.statusCode === 304 ? undefined : 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the given number of requests, each built anew, and reports them', async () => {
    seen.length = 0;
    let n = 0;
    const result = await load('paths', origin, () => ({ path: `/item/${n++}`, headers: { 'x-bench': 'yes' } }), { clients: 4, requests: 40 });
    expect(result.requests).toBe(40);
    expect(result.perSecond).toBeGreaterThan(0);
    expect(result.p50).toBeLessThanOrEqual(result.p95);
    expect(new Set(seen.map((s) => s.url)).size).toBeGreaterThan(1);
    expect(seen.every((s) => s.method === 'GET' && s.header === 'yes')).toBe(true);
  });

  it('posts GraphQL operations with variables chosen per request', async () => {
    seen.length = 0;
    let id = 0;
    await load(
      'graphql',
      origin,
      graphqlRequest('query Q($id: ID!) { ad(id: $id) { id } }', () => ({ id: String(id++) })),
      { clients: 2, requests: 10 },
    );
    expect(seen).toHaveLength(10);
    expect(seen.every((s) => s.method === 'POST' && s.url === '/graphql')).toBe(true);
    const ids = seen.map((s) => (JSON.parse(s.body) as { variables: { id: string } }).variables.id);
    expect(new Set(ids).size).toBeGreaterThan(1);
  });

  it('fails the run on an unexpected status, and accepts the status it is told to expect', async () => {
    await expect(load('missing', origin, () => ({ path: '/missing' }), { clients: 2, requests: 10 })).rejects.toThrow(
      /missing: HTTP 404 \(the same request again: HTTP 404 ok\)/,
    );
    await expect(load('cached', origin, () => ({ path: '/cached' }), { clients: 2, requests: 10, status: 304 })).resolves.toMatchObject({ requests: 10 });
  });

  it('needs a request count or a duration', async () => {
    await expect(load('unbounded', origin, () => ({ path: '/' }), { clients: 1 })).rejects.toThrow(/give requests or seconds/);
  });
});
