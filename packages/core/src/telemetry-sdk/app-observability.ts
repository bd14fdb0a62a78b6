/**
 * Everything an `@x` app starts for its operators, in one call: the log, the OpenTelemetry SDK
 * (from `OTEL_*`), and over HTTP the `/healthz`, `/readyz` and `/metrics` routes.
 *
 * @module
 */

import type { ObservabilityFlags } from '../cli/observability-flags.js';
import { createHealthRoutes } from '../health/health-routes.js';
import { checkReadiness, describeReadiness, type ReadinessCheck } from '../health/readiness.js';
import { createLogger, type Logger, type LogSink } from '../logging/logger.js';
import type { AnsweredRequest, HttpRoute } from '../serve/types.js';
import { type RunningTelemetry, startTelemetry } from './start-telemetry.js';
import type { Environment } from './telemetry-config.js';

/** The path of the Prometheus route. */
export const METRICS_PATH = '/metrics';

/** Options of {@link startAppObservability}. */
export interface AppObservabilityOptions {
  /** The program's name: log lines and the default `service.name`. */
  program: string;
  /** The program's version: `service.version`. */
  version: string;
  /** The parsed `--log-format`, `--log-level` and `--metrics`. */
  flags: ObservabilityFlags;
  /** Where log lines go (default `process.stderr`). */
  sink?: LogSink;
  /** Where `OTEL_*` is read (default `process.env`). */
  env?: Environment;
}

/** What {@link startAppObservability} started. */
export interface AppObservability {
  /** The app's log. */
  readonly logger: Logger;
  /** The OpenTelemetry SDK (doing nothing when nothing is on). */
  readonly telemetry: RunningTelemetry;
  /**
   * The extra routes of an HTTP app: `/healthz`, `/readyz` from `checks`, and `/metrics` unless
   * `--metrics off`. All are public, like a manifest: probes and scrapers carry no token.
   */
  routes(checks: readonly ReadinessCheck[]): Record<string, HttpRoute>;
  /** Logs the readiness once (`server.readiness`): how a stdio app reports `/readyz`. */
  logReadiness(checks: readonly ReadinessCheck[]): Promise<void>;
  /**
   * The `onRequest` option of `serveStdio` / `serveHttp` that logs one `request.answered` line per
   * request at `debug` (names, outcome and time, never arguments); empty above `debug`.
   */
  requestLog(): {
    /** Logs one answered request. */
    onRequest?: (request: AnsweredRequest) => void;
  };
  /** Flushes and stops the SDK; idempotent. */
  shutdown(): Promise<void>;
}

/**
 * Starts the log and the SDK for an app.
 *
 * @throws CoreError `CONFIG_INVALID` for an `OTEL_*` value the app cannot honour.
 */
export async function startAppObservability(
  options: AppObservabilityOptions,
): Promise<AppObservability> {
  const logger = createLogger({
    program: options.program,
    format: options.flags.logFormat,
    level: options.flags.logLevel,
    ...(options.sink === undefined ? {} : { sink: options.sink }),
  });
  const telemetry = await startTelemetry({
    serviceName: options.program,
    serviceVersion: options.version,
    prometheus: options.flags.metrics,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  if (telemetry.tracing) logger.info('telemetry.tracing', 'exporting traces over OTLP');
  return {
    logger,
    telemetry,
    routes(checks) {
      const metrics = telemetry.metricsRoute;
      return {
        ...createHealthRoutes(checks),
        ...(metrics === undefined ? {} : { [METRICS_PATH]: metrics }),
      };
    },
    async logReadiness(checks) {
      const report = await checkReadiness(checks);
      const line = describeReadiness(report);
      if (report.ready) logger.info('server.readiness', line, { ready: true });
      else logger.warn('server.readiness', line, { ready: false });
    },
    requestLog() {
      if (!logger.enabled('debug')) return {};
      return {
        onRequest: (request) => {
          const tool = request.tool === '' ? '' : ` ${request.tool}`;
          const durationMs = Number(request.durationMs.toFixed(3));
          logger.debug(
            'request.answered',
            `${request.method}${tool} ${request.outcome} in ${durationMs} ms`,
            { ...request, durationMs },
          );
        },
      };
    },
    shutdown: () => telemetry.shutdown(),
  };
}
