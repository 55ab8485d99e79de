/**
 * The OpenTelemetry SDK as an application sets it up, kept in memory: a tracer provider with an
 * in-memory span exporter, a meter provider with a reader the test collects from, and the async
 * hooks context manager (so spans nest as they do in a Node service).
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  type DataPoint,
  type Histogram,
  MeterProvider,
  type MetricData,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { PriceCatalogInstrumentation } from '../../src/otel/index.js';

/** A reader that exports nothing: the test collects when it wants to look. */
class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

export interface Telemetry {
  instrumentation: PriceCatalogInstrumentation;
  tracerProvider: BasicTracerProvider;
  meterProvider: MeterProvider;
  spans(): ReadableSpan[];
  /** Every metric collected now, by name. */
  metrics(): Promise<Map<string, MetricData>>;
  close(): Promise<void>;
}

export function telemetry(): Telemetry {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new TestReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const instrumentation = new PriceCatalogInstrumentation();
  instrumentation.setTracerProvider(tracerProvider);
  instrumentation.setMeterProvider(meterProvider);
  return {
    instrumentation,
    tracerProvider,
    meterProvider,
    spans: () => exporter.getFinishedSpans(),
    metrics: async () => {
      const { resourceMetrics } = await reader.collect();
      const found = new Map<string, MetricData>();
      for (const scope of resourceMetrics.scopeMetrics)
        for (const metric of scope.metrics) found.set(metric.descriptor.name, metric);
      return found;
    },
    close: async () => {
      instrumentation.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      context.disable();
    },
  };
}

/** A metric's points as `attributes -> value` lines, sorted: easy to compare whole. */
export function points(metric: MetricData | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const point of (metric?.dataPoints ?? []) as DataPoint<number | Histogram>[]) {
    const key = Object.entries(point.attributes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(' ');
    out[key] = typeof point.value === 'number' ? point.value : point.value.count;
  }
  return out;
}
