/**
 * The OpenTelemetry SDK of an app: a tracer provider exporting over OTLP when the environment
 * asks for it, and a meter provider feeding `/metrics` (Prometheus text) and OTLP.
 *
 * Libraries record through `@opentelemetry/api` only; this is the one place that registers an
 * SDK, and only apps call it. The SDK packages are optional peer dependencies of `@x/core`,
 * loaded with `import()` only for the signals that are on, so a server without telemetry never
 * loads them.
 *
 * Why the OpenTelemetry Prometheus exporter rather than `prom-client`: the packages record once,
 * through the OpenTelemetry metrics API, and the same instruments then feed both `/metrics` and
 * OTLP; with `prom-client` every library would need a second recording path (or a dependency on
 * `prom-client` itself), against the rule that libraries depend on the API alone.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { metrics } from '@opentelemetry/api';
import { CoreError } from '../errors.js';
import { instruments } from '../telemetry/instruments.js';
import {
  type Environment,
  type TelemetryConfig,
  telemetryConfigFromEnv,
} from './telemetry-config.js';

/** Options of {@link startTelemetry}. */
export interface TelemetryOptions {
  /** The app's name, the `service.name` unless `OTEL_SERVICE_NAME` says otherwise. */
  serviceName: string;
  /** The app's version, the `service.version`. */
  serviceVersion?: string;
  /** Whether to collect metrics for a Prometheus `/metrics` route (the HTTP apps). */
  prometheus: boolean;
  /** The environment to read `OTEL_*` from (default `process.env`). */
  env?: Environment;
}

/** The SDK of a running app. */
export interface RunningTelemetry {
  /** What the environment turned on. */
  readonly config: TelemetryConfig;
  /** Answers `GET /metrics` in the Prometheus text format; `undefined` without `prometheus`. */
  readonly metricsRoute: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  /** Whether spans are recorded and exported. */
  readonly tracing: boolean;
  /** Exports what is buffered and stops the providers; idempotent. */
  shutdown(): Promise<void>;
}

interface Stoppable {
  shutdown(): Promise<void>;
}

/** Reads a positive whole number of milliseconds from `OTEL_METRIC_EXPORT_*`. */
function millisecondsOf(env: Environment, variable: string, fallback: number): number {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9]\d{0,8}$/.test(text)) {
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: `${variable}=${text} must be a positive whole number of milliseconds`,
    });
  }
  return Number(text);
}

async function createResource(options: TelemetryOptions, config: TelemetryConfig) {
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = await import(
    '@opentelemetry/resources'
  );
  return defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(
      resourceFromAttributes({
        'service.name': config.serviceName,
        ...(options.serviceVersion === undefined
          ? {}
          : { 'service.version': options.serviceVersion }),
      }),
    );
}

async function startTracing(
  config: TelemetryConfig,
  resource: Awaited<ReturnType<typeof createResource>>,
): Promise<Stoppable> {
  const { BatchSpanProcessor, NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    config.traces.exporter === 'otlp' && config.traces.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global tracer provider, the AsyncLocalStorage context manager and the W3C trace-context
  // and baggage propagators.
  provider.register();
  return provider;
}

async function startMetrics(
  options: TelemetryOptions,
  config: TelemetryConfig,
  resource: Awaited<ReturnType<typeof createResource>>,
  env: Environment,
): Promise<{ provider: Stoppable; route: RunningTelemetry['metricsRoute'] }> {
  const { MeterProvider, PeriodicExportingMetricReader } = await import(
    '@opentelemetry/sdk-metrics'
  );
  const readers = [];
  let route: RunningTelemetry['metricsRoute'];
  if (options.prometheus) {
    const { PrometheusExporter } = await import('@opentelemetry/exporter-prometheus');
    const exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true });
    readers.push(exporter);
    route = (request, response) => exporter.getMetricsRequestHandler(request, response);
  }
  if (config.metrics.exporter === 'otlp') {
    const { OTLPMetricExporter } =
      config.metrics.protocol === 'http/json'
        ? await import('@opentelemetry/exporter-metrics-otlp-http')
        : await import('@opentelemetry/exporter-metrics-otlp-proto');
    const exportIntervalMillis = millisecondsOf(env, 'OTEL_METRIC_EXPORT_INTERVAL', 60_000);
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis,
        exportTimeoutMillis: Math.min(
          exportIntervalMillis,
          millisecondsOf(env, 'OTEL_METRIC_EXPORT_TIMEOUT', 30_000),
        ),
      }),
    );
  }
  const provider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(provider);
  // Make the instruments (and register the gauges) on the new provider now, so that `/metrics`
  // shows them before the first request.
  instruments();
  return { provider, route };
}

/**
 * Starts the SDK for what `env` and `options` turn on; with nothing on it loads nothing and
 * returns a handle whose `shutdown` does nothing.
 *
 * @throws CoreError `CONFIG_INVALID` for an `OTEL_*` value this app cannot honour.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<RunningTelemetry> {
  const env = options.env ?? process.env;
  const config = telemetryConfigFromEnv(env, options.serviceName);
  const tracing = config.traces.exporter !== 'none';
  const exporting = config.metrics.exporter !== 'none';
  if (!tracing && !exporting && !options.prometheus) {
    return { config, metricsRoute: undefined, tracing: false, shutdown: async () => {} };
  }
  const resource = await createResource(options, config);
  const providers: Stoppable[] = [];
  let metricsRoute: RunningTelemetry['metricsRoute'];
  if (tracing) providers.push(await startTracing(config, resource));
  if (exporting || options.prometheus) {
    const started = await startMetrics(options, config, resource, env);
    providers.push(started.provider);
    metricsRoute = started.route;
  }
  let stopping: Promise<void> | undefined;
  return {
    config,
    metricsRoute,
    tracing,
    shutdown() {
      stopping ??= Promise.allSettled(providers.map((provider) => provider.shutdown())).then(
        () => undefined,
      );
      return stopping;
    },
  };
}
