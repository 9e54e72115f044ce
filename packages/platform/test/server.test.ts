import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createProcessServer, type ProcessServer } from '../src';

/**
 * Issue 14 item 9: 3,000 slow-body connections were all still held after 45 s, and JSON answers
 * lacked `X-Content-Type-Options: nosniff`. The process server closes slow clients (here with
 * short timeouts; the defaults are SERVER_TIMEOUTS) and marks every answer nosniff.
 */
const TIMEOUTS = { headersMs: 600, bodyMs: 600, requestMs: 4_000, idleMs: 3_000 };
let server: ProcessServer;
let port: number;

beforeAll(async () => {
  server = createProcessServer({ logger: createLogger('test', 'silent'), translate: (key) => key, timeouts: TIMEOUTS });
  server.app.post('/echo', async (request) => ({ got: request.body }));
  server.app.post('/upload', { config: { bodyTimeoutMs: 2_500 } }, async (request) => ({ got: request.body }));
  server.app.get('/boom', async () => {
    throw new Error('internal');
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => server.app.close());

/** Opens a connection that sends its headers (whole or not) and then a body byte every `everyMs`, forever. */
function slowClient(path: string, options: { completeHeaders: boolean; everyMs: number }) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - opened);
    });
  });
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('connect', () => {
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n`);
    if (options.completeHeaders) socket.write('\r\n{"a":"');
    timer = setInterval(() => socket.write(options.completeHeaders ? 'x' : 'X-Slow: 1\r\n'), options.everyMs);
  });
  return { closed, received: () => received };
}

describe('slow clients', () => {
  it('closes 300 slow-body connections once the body timeout passes, answering 408', async () => {
    const clients = Array.from({ length: 300 }, () => slowClient('/echo', { completeHeaders: true, everyMs: 100 }));
    const durations = await Promise.all(clients.map((client) => client.closed));
    // Generous: connecting 300 sockets on a loaded machine takes time too; Node's default would hold them 300 s.
    expect(Math.max(...durations)).toBeLessThan(TIMEOUTS.bodyMs + 4_000);
    expect(clients.filter((client) => client.received().startsWith('HTTP/1.1 408')).length).toBe(300);
  });

  it('closes slow-header connections once the headers timeout passes', async () => {
    const clients = Array.from({ length: 50 }, () => slowClient('/echo', { completeHeaders: false, everyMs: 100 }));
    const durations = await Promise.all(clients.map((client) => client.closed));
    expect(Math.max(...durations)).toBeLessThan(TIMEOUTS.headersMs + 4_000);
  });

  it('gives a route that allows more its longer body timeout, and answers a complete request as usual', async () => {
    const upload = slowClient('/upload', { completeHeaders: true, everyMs: 100 });
    const echo = slowClient('/echo', { completeHeaders: true, everyMs: 100 });
    const [uploadMs, echoMs] = await Promise.all([upload.closed, echo.closed]);
    expect(echoMs).toBeLessThan(uploadMs);
    expect(uploadMs).toBeGreaterThan(2_000);
    expect(uploadMs).toBeLessThan(TIMEOUTS.requestMs + 3_000);
    const answer = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await answer.json()).toEqual({ got: { a: 1 } });
  });
});

describe('X-Content-Type-Options', () => {
  it('is nosniff on every answer: JSON, errors, not found', async () => {
    for (const [method, path] of [
      ['GET', '/health'],
      ['GET', '/ready'],
      ['GET', '/boom'],
      ['GET', '/nowhere'],
      ['POST', '/echo'],
    ] as const) {
      const res = await server.app.inject({
        method,
        url: path,
        ...(method === 'POST' ? { payload: '{bad', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.headers['x-content-type-options'], `${method} ${path}`).toBe('nosniff');
    }
  });
});
