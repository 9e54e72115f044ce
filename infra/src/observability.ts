import type { Server } from 'node:http';
import {
  createProcessServer,
  observeBus,
  serveMetrics,
  startTracing,
  tracingEnabled,
  withTimeout,
  type Adapters,
  type Logger,
  type ProcessServer,
  type Translator,
} from '@ruedas/platform';
import { closeAdapters, type Port } from './adapters';
import type { Settings } from './settings';

/**
 * What the launcher adds to a process so that operators can see it (issue 33): traces exported
 * when a collector is configured (decision 0167), the observed bus (decision 0168), the process
 * server with `/metrics` (a production gateway's on a port of its own: decision 0166) and a
 * `/ready` that checks the consumers, the bus and the store.
 */
export interface ObservedProcess {
  adapters: Adapters | null;
  server: ProcessServer;
  /** After the adapters closed: the metrics port, then the last spans. */
  stop(): Promise<void>;
}

/** On failure, closes the adapters it was given. */
export async function observeProcess(parts: {
  settings: Settings;
  logger: Logger;
  translate: Translator;
  processName: string;
  opened: Adapters | null;
  ports: readonly Port[];
  withGateway: boolean;
}): Promise<ObservedProcess> {
  const { settings, logger, opened, ports } = parts;
  // A test may have started tracing itself (an in-memory exporter).
  const stopTracing =
    settings.OTEL_EXPORTER_OTLP_ENDPOINT && !tracingEnabled()
      ? startTracing({ serviceName: settings.OTEL_SERVICE_NAME ?? parts.processName, endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT })
      : null;
  // Services and the relay get the observed bus: counted handlers, consumers known to readiness.
  const observer =
    opened && ports.includes('bus') ? observeBus(opened.bus, { maxLag: settings.RUEDAS_READY_MAX_LAG, logger: logger.child({ part: 'consumer' }) }) : null;
  const adapters = opened && observer ? { ...opened, bus: observer.bus } : opened;
  // A production gateway's port is public: its metrics go to a port of their own unless allowed.
  const separateMetrics = settings.NODE_ENV === 'production' && parts.withGateway && settings.RUEDAS_METRICS_PUBLIC !== '1';
  const server = createProcessServer({ logger, translate: parts.translate, metrics: !separateMetrics });
  if (observer) server.addReadinessCheck(() => observer.problems());
  if (adapters && ports.includes('store')) {
    const store = adapters.store;
    server.addReadinessCheck(() =>
      withTimeout(store.info(), 2000).then(
        () => [],
        (error: unknown) => [`document store unreachable: ${error instanceof Error ? error.message : String(error)}`],
      ),
    );
  }
  let metricsServer: Server | null = null;
  try {
    metricsServer = separateMetrics ? await serveMetrics(settings.RUEDAS_METRICS_PORT, settings.HOST) : null;
  } catch (error) {
    await stopTracing?.();
    if (opened) await closeAdapters(opened, logger);
    throw error;
  }
  return {
    adapters,
    server,
    stop: async () => {
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await stopTracing?.();
    },
  };
}
