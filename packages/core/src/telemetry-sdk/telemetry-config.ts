/**
 * Which signals an app exports over OTLP, read from the standard `OTEL_*` environment variables.
 *
 * Off unless configured: a signal is exported when its `OTEL_<SIGNAL>_EXPORTER` names `otlp`, or,
 * with that variable unset, when an OTLP endpoint is set for it
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT`). `none` turns a signal
 * off, and `OTEL_SDK_DISABLED=true` turns both off. The exporters read the rest (endpoints,
 * headers, timeouts, `OTEL_BSP_*`) themselves; the protocol is `http/protobuf` (the OpenTelemetry
 * default) or `http/json`. The `console` exporter is refused: it writes to stdout, which is the
 * MCP channel of a stdio server.
 *
 * @module
 */

import { CoreError } from '../errors.js';

/** The environment, as `process.env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** How one signal is exported. */
export type SignalExport =
  | {
      /** Not exported. */
      readonly exporter: 'none';
    }
  | {
      /** Exported over OTLP/HTTP. */
      readonly exporter: 'otlp';
      /** The OTLP encoding. */
      readonly protocol: 'http/protobuf' | 'http/json';
    };

/** What {@link telemetryConfigFromEnv} decided. */
export interface TelemetryConfig {
  /** The `service.name` of the resource: `OTEL_SERVICE_NAME`, else the app's own name. */
  readonly serviceName: string;
  /** How spans are exported. */
  readonly traces: SignalExport;
  /** How metrics are exported besides `/metrics`. */
  readonly metrics: SignalExport;
}

const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

function invalid(message: string): CoreError {
  return new CoreError({ code: 'CONFIG_INVALID', message });
}

function exportersOf(env: Environment, variable: string): string[] | undefined {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return undefined;
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function protocolOf(env: Environment, signal: 'TRACES' | 'METRICS'): 'http/protobuf' | 'http/json' {
  const variable =
    env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] === undefined
      ? 'OTEL_EXPORTER_OTLP_PROTOCOL'
      : `OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`;
  const value = env[variable]?.trim() || 'http/protobuf';
  if (!(PROTOCOLS as readonly string[]).includes(value)) {
    throw invalid(`${variable}=${value} is not supported: use http/protobuf or http/json`);
  }
  return value as 'http/protobuf' | 'http/json';
}

function signalOf(env: Environment, signal: 'TRACES' | 'METRICS'): SignalExport {
  const variable = `OTEL_${signal}_EXPORTER`;
  const named = exportersOf(env, variable);
  const endpoint =
    (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ?? '') !== '' ||
    (env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim() ?? '') !== '';
  if (named === undefined) {
    return endpoint
      ? { exporter: 'otlp', protocol: protocolOf(env, signal) }
      : { exporter: 'none' };
  }
  const known = signal === 'METRICS' ? ['otlp', 'none', 'prometheus'] : ['otlp', 'none'];
  const unknown = named.find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw invalid(
      `${variable}=${env[variable]}: unsupported exporter "${unknown}" (use ${known.join(', ')})`,
    );
  }
  // `prometheus` is what `/metrics` already serves; it needs no exporter of its own here.
  return named.includes('otlp')
    ? { exporter: 'otlp', protocol: protocolOf(env, signal) }
    : { exporter: 'none' };
}

/**
 * Reads the export configuration from `env`.
 *
 * @throws CoreError `CONFIG_INVALID` for an exporter or OTLP protocol this app cannot use (say
 *   `grpc`): a configured signal is never dropped silently.
 */
export function telemetryConfigFromEnv(
  env: Environment,
  defaultServiceName: string,
): TelemetryConfig {
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || defaultServiceName;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') {
    return { serviceName, traces: { exporter: 'none' }, metrics: { exporter: 'none' } };
  }
  return { serviceName, traces: signalOf(env, 'TRACES'), metrics: signalOf(env, 'METRICS') };
}
