/**
 * `@x/core/telemetry-sdk`: the OpenTelemetry SDK as the `@x` apps wire it, for apps only
 * (libraries record through `@x/core/telemetry`). {@link startAppObservability} starts an app's
 * log, SDK and operator routes in one call; {@link startTelemetry} reads the standard
 * `OTEL_*` variables ({@link telemetryConfigFromEnv}), exports spans and metrics over OTLP when
 * they ask for it, and serves the Prometheus text for a `/metrics` route.
 *
 * Needs the optional peer dependencies `@opentelemetry/sdk-trace-node`, `sdk-metrics`,
 * `resources`, `exporter-prometheus` and the OTLP exporters (`exporter-trace-otlp-proto`,
 * `-http`, `exporter-metrics-otlp-proto`, `-http`) for the signals that are on.
 *
 * @module
 */

export {
  type AppObservability,
  type AppObservabilityOptions,
  METRICS_PATH,
  startAppObservability,
} from './app-observability.js';
export { type RunningTelemetry, startTelemetry, type TelemetryOptions } from './start-telemetry.js';
export {
  type Environment,
  type SignalExport,
  type TelemetryConfig,
  telemetryConfigFromEnv,
} from './telemetry-config.js';
