import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Traces with OpenTelemetry (decision 0167). Off unless `startTracing` was called (the launcher
 * calls it when OTEL_EXPORTER_OTLP_ENDPOINT is set; tests with an in-memory exporter): then no
 * provider, context manager or propagator is registered and every hook below returns at its first
 * line, so tracing off costs a boolean test per request and per event.
 *
 * What makes one trace of a request: the process server's span (from the client's or the gateway's
 * `traceparent`), Apollo gateway's own spans (`gateway.request`, `gateway.fetch`, ...), a span per
 * subgraph operation, the W3C trace context written into every event's headers with the outbox entry,
 * and a consumer span that continues that context when the event is handled, in any process.
 */
export const tracer = trace.getTracer('ruedas');

let provider: BasicTracerProvider | null = null;

export function tracingEnabled(): boolean {
  return provider !== null;
}

export interface TracingOptions {
  /** `service.name` of the spans (e.g. `ruedas-listings`). */
  serviceName: string;
  /** OTLP/HTTP base address (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint?: string;
  /** Instead of OTLP (tests: an InMemorySpanExporter); exported span by span. */
  exporter?: SpanExporter;
}

/** Starts tracing for this process; the function returned flushes and stops it. */
export function startTracing(options: TracingOptions): () => Promise<void> {
  if (provider) throw new Error('tracing is already started in this process');
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${(options.endpoint ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces` }));
  const started = new BasicTracerProvider({ resource: new Resource({ 'service.name': options.serviceName }), spanProcessors: [processor] });
  started.register({ contextManager: new AsyncLocalStorageContextManager(), propagator: new W3CTraceContextPropagator() });
  provider = started;
  return async () => {
    if (provider !== started) return;
    provider = null;
    await started.shutdown().catch(() => undefined);
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/** The trace context of the work running now, as headers (`traceparent`, `tracestate`); empty when off. */
export function traceHeaders(into: Record<string, string> = {}): Record<string, string> {
  if (provider) propagation.inject(context.active(), into);
  return into;
}

/**
 * Runs `fn` in a new span, child of the trace context in `headers` when given (an incoming request,
 * an event), else of the active span; the span ends when `fn` settles, marked failed if it threw.
 * With tracing off, just runs `fn`.
 */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string>,
  fn: () => Promise<T>,
  headers?: Record<string, string>,
): Promise<T> {
  if (!provider) return fn();
  const parent = headers ? propagation.extract(ROOT_CONTEXT, headers) : context.active();
  return tracer.startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await fn();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span that is not made active (the caller ends it); null when tracing is off. */
export function openSpan(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string>,
  headers?: Record<string, string | string[] | undefined>,
): { span: Span; context: Context } | null {
  if (!provider) return null;
  const parent = headers ? propagation.extract(ROOT_CONTEXT, headers) : context.active();
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Runs `fn` with `ctx` as the active trace context (when tracing is on). */
export function withTraceContext<T>(ctx: Context | undefined, fn: () => T): T {
  return ctx ? context.with(ctx, fn) : fn();
}

/** The trace id of the active span, for log lines; undefined when off. */
export function activeTraceId(): string | undefined {
  if (!provider) return undefined;
  const span = trace.getSpan(context.active());
  return span?.spanContext().traceId;
}

export { SpanKind };
