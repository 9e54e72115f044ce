import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from './logger';
import { errorStatus } from './errors';
import { localeFrom } from './context';
import type { Translator } from './subgraph';
import { httpDuration, metricsText, METRICS_CONTENT_TYPE, readyGauge } from './observability/metrics';
import { acceptRequestId, REQUEST_ID_HEADER, runInScope, type WorkScope } from './observability/scope';
import { openSpan, SpanKind, withTraceContext } from './observability/tracing';
import type { Context, Span } from '@opentelemetry/api';

/** What keeps a process from serving: an empty list when nothing does. */
export type ReadinessCheck = () => Promise<string[]>;

export interface ProcessServer {
  app: FastifyInstance;
  /** `/ready` answers 200 only between `setReady(true)` and shutdown, and while every check passes. */
  setReady(ready: boolean): void;
  /** A check `/ready` runs (consumers, store, bus: decision 0168). */
  addReadinessCheck(check: ReadinessCheck): void;
}

/**
 * How long a client may take (decision 0029). A slow client holds a socket and memory: past these,
 * its connection is closed. A route that takes large bodies (photo upload) allows more with
 * `config: { bodyTimeoutMs }`, up to `requestMs`.
 */
export const SERVER_TIMEOUTS = {
  /** From the connection (or the previous request) to the end of the request line and headers. */
  headersMs: 10_000,
  /** From the headers to the end of the body: an API body is at most 1 MiB. */
  bodyMs: 15_000,
  /** The body of an upload (10 MiB photos from a slow mobile connection). */
  uploadBodyMs: 120_000,
  /** The whole request, whatever its route: the bound behind the other two. */
  requestMs: 130_000,
  /** A connection with no byte either way (an idle keep-alive connection too). */
  idleMs: 30_000,
} as const;

export type ServerTimeouts = { -readonly [K in keyof typeof SERVER_TIMEOUTS]: number };

export interface ProcessServerOptions {
  logger: Logger;
  translate: Translator;
  /** Largest request body in bytes. Default 1 MiB (uploads set their own limit on their route). */
  bodyLimit?: number;
  /** Default `SERVER_TIMEOUTS`. */
  timeouts?: Partial<ServerTimeouts>;
  /** Serve `/metrics` here. Default true; a production gateway serves them on a port of their own (`serveMetrics`). */
  metrics?: boolean;
  /** How long the checks of `/ready` may take together before it fails. Default 3 s. */
  readinessTimeoutMs?: number;
}

/** What the server keeps of a request for its access line, metrics and span. */
interface RequestWork {
  scope: WorkScope;
  trace: { span: Span; context: Context } | null;
}

const work = new WeakMap<FastifyRequest, RequestWork>();

/** Paths polled by probes and scrapers: their access lines are at debug level. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * The HTTP server of one process: liveness at `/health`, readiness at `/ready`, JSON errors that
 * never leak internals (a client's mistake is a 4xx with a code; a fault is logged and masked).
 */
export function createProcessServer(options: ProcessServerOptions): ProcessServer {
  const timeouts: ServerTimeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    // Node checks headersTimeout and requestTimeout every connectionsCheckingInterval (30 s by default).
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    loggerInstance: options.logger as FastifyBaseLogger,
    // Fastify's own two lines per request are replaced by one access line (onResponse below); a
    // request's lines get its id from the work scope (the logger's mixin), not from a child logger.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: true,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The request id (the client's X-Request-Id when it is a safe token) is in the answer, goes to
    // the subgraphs and into events with the request's headers, and is on every line it logs.
    const requestId = acceptRequestId(request.headers[REQUEST_ID_HEADER]);
    request.headers[REQUEST_ID_HEADER] = requestId;
    void reply.header(REQUEST_ID_HEADER, requestId);
    // Every answer (JSON, GraphQL, files) is to be read as the type it declares.
    void reply.header('x-content-type-options', 'nosniff');
    watchBody(request.raw, reply.raw, (request.routeOptions.config as { bodyTimeoutMs?: number } | undefined)?.bodyTimeoutMs ?? timeouts.bodyMs);
    const trace = openSpan(
      `HTTP ${request.method}`,
      SpanKind.SERVER,
      { 'http.request.method': request.method, 'url.path': request.url.split('?')[0]! },
      request.headers,
    );
    const entry: RequestWork = { scope: { requestId }, trace };
    work.set(request, entry);
    runInScope(entry.scope, () => withTraceContext(trace?.context, done));
  });
  // The body arrives on the socket's events, outside the request's async context: enter it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const entry = work.get(request);
    if (!entry) return done();
    runInScope(entry.scope, () => withTraceContext(entry.trace?.context, done));
  });
  // An answer given before the request's body has all arrived (an anonymous upload refused on its
  // headers, a refusal before parsing, a service's early answer passed through) closes the
  // connection: otherwise Node reads and discards the rest of the body to keep the connection alive,
  // which lets a stranger hold the socket for the upload's whole body time (issue 28).
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.raw.complete === false) void reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = work.get(request);
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    httpDuration.observe({ method: request.method, route, status: String(status) }, seconds);
    if (entry?.trace) {
      entry.trace.span.updateName(`${request.method} ${route}`);
      entry.trace.span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      entry.trace.span.end();
    }
    const line = {
      method: request.method,
      route,
      ...(entry?.scope.operation ? { operation: entry.scope.operation } : {}),
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    runInScope(entry?.scope ?? {}, () => {
      if (PROBES.has(route)) request.log.debug(line, 'request');
      else request.log.info(line, 'request');
    });
    done();
  });
  let ready = false;
  const checks: ReadinessCheck[] = [];
  const readinessTimeoutMs = options.readinessTimeoutMs ?? 3000;
  let lastProblems = '';
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    if (!ready) {
      readyGauge.set(0);
      return reply.code(503).send({ status: 'not ready', problems: ['starting or stopping'] });
    }
    const problems = await readinessProblems(checks, readinessTimeoutMs);
    readyGauge.set(problems.length === 0 ? 1 : 0);
    // Said once when it changes, not at every probe.
    const said = problems.join('; ');
    if (said !== lastProblems) {
      if (problems.length > 0) options.logger.warn({ problems }, 'not ready');
      else options.logger.info('ready again');
      lastProblems = said;
    }
    if (problems.length > 0) return reply.code(503).send({ status: 'not ready', problems });
    return { status: 'ready' };
  });
  if (options.metrics ?? true) {
    app.get('/metrics', async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metricsText()));
  }
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const locale = localeFrom(request.headers['accept-language']);
    if (status < 500) {
      const [code, key] =
        status === 413
          ? ['PAYLOAD_TOO_LARGE', 'payloadTooLarge']
          : status === 415
            ? ['UNSUPPORTED_MEDIA', 'unsupportedMediaType']
            : ['VALIDATION', 'validationFailed'];
      return reply.code(status).send({ code, message: options.translate(key, locale), detail: error.message });
    }
    // Logged once, here, with the request id (the work scope); the access line follows.
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(errorStatus.UNAVAILABLE).send({ code: 'UNAVAILABLE', message: options.translate('errorOccurred', locale) });
  });
  return { app, setReady: (value) => void (ready = value), addReadinessCheck: (check) => void checks.push(check) };
}

async function readinessProblems(checks: ReadinessCheck[], timeoutMs: number): Promise<string[]> {
  const results = await Promise.all(
    checks.map(async (check) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          check(),
          new Promise<string[]>((resolve) => {
            timer = setTimeout(() => resolve([`a readiness check gave no answer within ${timeoutMs} ms`]), timeoutMs);
          }),
        ]);
      } catch (error) {
        return [`a readiness check failed: ${error instanceof Error ? error.message : String(error)}`];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.flat();
}

/**
 * `/metrics` on a port of its own (a production gateway: its main port is public, decision 0166).
 * Anything else there is a 404.
 */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsText().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Closes the connection of a request whose body has not all arrived `ms` after its headers: a
 * slow-body client is answered 408 and let go, instead of holding the socket until the request timeout.
 */
function watchBody(request: IncomingMessage, response: ServerResponse, ms: number): void {
  if (request.complete) return;
  const timer = setTimeout(() => {
    if (request.complete) return;
    const { socket } = request;
    if (!response.headersSent) socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    setTimeout(() => socket.destroy(), 100).unref();
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  request.once('end', stop);
  request.once('close', stop);
  response.once('close', stop);
}

/**
 * Runs until SIGTERM or SIGINT, then calls `stop` (which should stop accepting work, let in-flight
 * work finish and close adapters). A second signal, or `timeoutMs` passing, exits at once.
 */
export function stopOnSignal(logger: Logger, stop: () => Promise<void>, timeoutMs = 15_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down gracefully');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'graceful shutdown timed out: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
