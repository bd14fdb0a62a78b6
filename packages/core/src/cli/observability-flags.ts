/**
 * The observability flags every `@x` server takes: `--log-format`, `--log-level` and, over HTTP,
 * `--metrics`.
 *
 * @module
 */

import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '../logging/logger.js';
import { UsageError } from './usage-error.js';

/** The `parseArgs` options of the observability flags, to spread into a program's own. */
export const OBSERVABILITY_FLAG_OPTIONS = {
  /** `--log-format human|json`. */
  'log-format': {
    /** It takes a value. */
    type: 'string',
  },
  /** `--log-level LEVEL`. */
  'log-level': {
    /** It takes a value. */
    type: 'string',
  },
  /** `--metrics on|off`. */
  metrics: {
    /** It takes a value. */
    type: 'string',
  },
} as const;

/** The help lines of the observability flags, to put in a program's usage. */
export const OBSERVABILITY_USAGE = `  --log-format FORMAT    human (default: one line per event) or json (one JSON object per line)
  --log-level LEVEL      debug, info (default), warn, error or silent; debug adds one line per request
  --metrics on|off       with --http: serve Prometheus metrics at /metrics (default on)
                         (traces and OTLP metrics follow the OTEL_* environment variables)
`;

/** The observability flags, as given. */
export interface ObservabilityFlagValues {
  /** `--log-format`. */
  readonly 'log-format'?: string | undefined;
  /** `--log-level`. */
  readonly 'log-level'?: string | undefined;
  /** `--metrics`. */
  readonly metrics?: string | undefined;
}

/** The parsed {@link ObservabilityFlagValues}. */
export interface ObservabilityFlags {
  /** The line format. */
  readonly logFormat: LogFormat;
  /** The least severe level logged. */
  readonly logLevel: LogLevel;
  /** Whether `/metrics` is served (HTTP only; always false over stdio). */
  readonly metrics: boolean;
}

function oneOf<Value extends string>(
  flag: string,
  text: string | undefined,
  values: readonly Value[],
  fallback: Value,
): Value {
  if (text === undefined) return fallback;
  if (!(values as readonly string[]).includes(text)) {
    throw new UsageError(`--${flag} must be ${values.join(', ')}; got ${JSON.stringify(text)}`);
  }
  return text as Value;
}

/**
 * Parses the observability flags; `http` says whether the server serves HTTP (`--metrics` needs
 * it).
 *
 * @throws UsageError naming the flag, for a value outside its domain or `--metrics` without HTTP.
 */
export function parseObservabilityFlags(
  values: ObservabilityFlagValues,
  http: boolean,
): ObservabilityFlags {
  if (values.metrics !== undefined && !http) {
    throw new UsageError('--metrics needs --http: a stdio server has no /metrics');
  }
  return {
    logFormat: oneOf('log-format', values['log-format'], LOG_FORMATS, 'human'),
    logLevel: oneOf('log-level', values['log-level'], LOG_LEVELS, 'info'),
    metrics: http && oneOf('metrics', values.metrics, ['on', 'off'], 'on') === 'on',
  };
}
