import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from './logger';
import { errorStatus } from './errors';
import { localeFrom } from './context';
import type { Translator } from './subgraph';

export interface ProcessServer {
  app: FastifyInstance;
  /** `/ready` answers 200 only between `setReady(true)` and shutdown. */
  setReady(ready: boolean): void;
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
}

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
    // Per-request lines are noise at this volume; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: true,
  });
  // Every answer (JSON, GraphQL, files) is to be read as the type it declares.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    watchBody(request.raw, reply.raw, (request.routeOptions.config as { bodyTimeoutMs?: number } | undefined)?.bodyTimeoutMs ?? timeouts.bodyMs);
    done();
  });
  let ready = false;
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    if (!ready) return reply.code(503).send({ status: 'not ready' });
    return { status: 'ready' };
  });
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
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(errorStatus.UNAVAILABLE).send({ code: 'UNAVAILABLE', message: options.translate('errorOccurred', locale) });
  });
  return { app, setReady: (value) => void (ready = value) };
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
