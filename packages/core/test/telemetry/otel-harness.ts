import { context, metrics, propagation, trace } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';

/** An SDK registered for one test file: spans and metrics kept in memory. */
export interface OtelHarness {
  /** Spans ended so far. */
  spans(): ReadableSpan[];
  /** Collects the metrics now. */
  collect(): Promise<ResourceMetrics>;
  /** Forgets the spans ended so far. */
  reset(): void;
  /** Unregisters everything. */
  close(): Promise<void>;
}

/** Registers a tracer provider and a meter provider that keep what they record in memory. */
export function registerOtel(): OtelHarness {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new NodeTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spanExporter)],
  });
  tracerProvider.register();
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    // Never on its own: the test collects.
    exportIntervalMillis: 2_147_483_647,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    spans: () => spanExporter.getFinishedSpans(),
    async collect() {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics;
    },
    reset: () => spanExporter.reset(),
    async close() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
      trace.disable();
      context.disable();
      propagation.disable();
      metrics.disable();
    },
  };
}

/** The data points of metric `name`, as attribute sets and values (sums, or histogram counts). */
export function points(
  resourceMetrics: ResourceMetrics,
  name: string,
): { attributes: Record<string, unknown>; value: number }[] {
  const found: { attributes: object; value: unknown }[] = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .filter((metric) => metric.descriptor.name === name)
    .flatMap((metric) => [...metric.dataPoints]);
  return found.map((point) => ({
    attributes: { ...point.attributes },
    value: typeof point.value === 'number' ? point.value : (point.value as { count: number }).count,
  }));
}
