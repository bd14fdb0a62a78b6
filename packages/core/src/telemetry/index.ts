/**
 * `@x/core/telemetry`: the traces and metrics of the `@x` servers, through `@opentelemetry/api`
 * only. Without an OpenTelemetry SDK (which only apps register, see `@x/core/telemetry-sdk`)
 * every span and instrument is a no-op.
 *
 * `serveStdio` and `serveHttp` already make a server span per MCP request and count it, and every
 * upstream call is a child span; packages add what only they know: {@link recordTokenSavings},
 * {@link recordArtifactStored}.
 *
 * @module
 */

// Metrics
export {
  INSTRUMENTATION_SCOPE,
  type Instruments,
  instruments,
  isRecordingMetrics,
  LATENCY_BUCKETS_SECONDS,
  METRIC_NAMES,
} from './instruments.js';
export {
  type OutcomeClass,
  outcomeOfErrorCode,
  outcomeOfFailure,
  outcomeOfResult,
} from './outcome.js';
export { MAX_COUNTED_TEXTS, recordTextSavings } from './text-savings.js';
export { recordArtifactStored, recordTokenSavings, type TokenSavingKind } from './token-savings.js';
// Traces
export {
  activeTraceFields,
  extractRequestContext,
  type FetchFunction,
  type JsonRpcMessageLike,
  TRACE_CONTEXT_META_KEYS,
  withTraceHeaders,
  withTraceMeta,
} from './trace-context.js';
export { tracer } from './tracer.js';
