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

export interface ProcessServerOptions {
  logger: Logger;
  translate: Translator;
  /** Largest request body in bytes. Default 1 MiB (uploads set their own limit on their route). */
  bodyLimit?: number;
}

/**
 * The HTTP server of one process: liveness at `/health`, readiness at `/ready`, JSON errors that
 * never leak internals (a client's mistake is a 4xx with a code; a fault is logged and masked).
 */
export function createProcessServer(options: ProcessServerOptions): ProcessServer {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // Per-request lines are noise at this volume; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: true,
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
        status === 413 ? ['PAYLOAD_TOO_LARGE', 'payloadTooLarge'] : status === 415 ? ['UNSUPPORTED_MEDIA', 'unsupportedMediaType'] : ['VALIDATION', 'validationFailed'];
      return reply.code(status).send({ code, message: options.translate(key, locale), detail: error.message });
    }
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(errorStatus.UNAVAILABLE).send({ code: 'UNAVAILABLE', message: options.translate('errorOccurred', locale) });
  });
  return { app, setReady: (value) => void (ready = value) };
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
