/**
 * The HTTP side of the small Meilisearch fakes of this package's tests (no Meilisearch runs here):
 * each test file answers only the routes it exercises (`/keys`, or health, documents, tasks and
 * search), in Meilisearch's JSON and error shapes; this serves them on a free local port.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** A request as a fake's routes read it. */
export interface FakeRequest {
  method: string;
  path: string;
  /** The JSON body; undefined when there is none. */
  body: unknown;
  /** The `Authorization: Bearer` key; undefined without one. */
  bearer: string | undefined;
}

/** An answer: the status and the JSON value (none: an empty body). */
export type FakeAnswer = readonly [status: number, value?: unknown];

/** Meilisearch's error body (`message`, `code`, `type`, `link`) with its status. */
export const meiliError = (status: number, code: string, type: 'auth' | 'invalid_request', message: string): FakeAnswer => [
  status,
  { message, code, type, link: '' },
];

/** A route the fake does not answer: 404, naming it. */
export const notFaked = (request: FakeRequest): FakeAnswer => meiliError(404, 'not_found', 'invalid_request', `not faked: ${request.method} ${request.path}`);

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
};

export interface FakeServer {
  /** Listens on a free port of 127.0.0.1; resolves to the fake's URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Serves `answer` over HTTP. */
export function fakeMeilisearchServer(answer: (request: FakeRequest) => FakeAnswer): FakeServer {
  const server = createServer(async (request, response) => {
    const [status, value] = answer({
      method: request.method ?? 'GET',
      path: new URL(request.url ?? '/', 'http://fake').pathname,
      body: await readBody(request),
      bearer: /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1],
    });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(value === undefined ? '' : JSON.stringify(value));
  });
  return {
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

/** Stops every fake a test made, after it. */
export function stopFakesAfterEach(): <T extends FakeServer>(fake: T) => T {
  const made: FakeServer[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((fake) => fake.stop()));
  });
  return (fake) => {
    made.push(fake);
    return fake;
  };
}
