/**
 * The metric instruments every `@x` server records into, through `@opentelemetry/api` only.
 *
 * Without a registered `MeterProvider` (the default: a library never registers one) every
 * instrument is the API's no-op and recording costs a function call. An app that wires the SDK
 * (see `@x/core/telemetry-sdk`) gets real instruments from then on: the instruments are created
 * again whenever the global provider changes, because the metrics API has no proxy that would
 * forward instruments made earlier.
 *
 * Names are Prometheus names (unit suffix included, `_total` added by the exporter to counters),
 * since `/metrics` is where operators read them first; over OTLP they keep the same names.
 *
 * @module
 */

import {
  type Counter,
  createNoopMeter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  type ObservableResult,
} from '@opentelemetry/api';
import { gaugeSources } from './gauge-sources.js';

/** The instrumentation scope of every `@x` metric and span. */
export const INSTRUMENTATION_SCOPE = '@x/core';

/** Bucket bounds of the latency histograms, in seconds: 1 ms to 30 s. */
export const LATENCY_BUCKETS_SECONDS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** Every metric name, for dashboards and tests. */
export const METRIC_NAMES = {
  /** Counter: MCP requests answered, by `method`, `tool`, `outcome`, `era`, `transport`. */
  requests: 'mcp_server_requests',
  /** Histogram (s): time from a request's arrival to its answer, same labels but `transport`. */
  requestDuration: 'mcp_server_request_duration_seconds',
  /** Counter: calls to upstream servers, by `server`, `method`, `tool`, `outcome`, `era`. */
  upstreamCalls: 'mcp_upstream_calls',
  /** Histogram (s): time of one upstream call, by `server`, `method`, `outcome`. */
  upstreamCallDuration: 'mcp_upstream_call_duration_seconds',
  /** Gauge: upstream connections ready to serve, by `server` (1 up, 0 down). */
  upstreamUp: 'mcp_upstream_up',
  /** Counter: connections to an upstream made again after it was lost, by `server`. */
  upstreamReconnects: 'mcp_upstream_reconnects',
  /** Counter: failed attempts to connect to an upstream, by `server`. */
  upstreamConnectFailures: 'mcp_upstream_connect_failures',
  /** Gauge: MCP sessions open now, by `transport` (2025-era HTTP sessions, stdio connections). */
  sessionsOpen: 'mcp_sessions_open',
  /** Counter: sessions opened, by `transport`. */
  sessionsOpened: 'mcp_sessions_opened',
  /** Counter: sessions closed, by `transport` and `reason`. */
  sessionsClosed: 'mcp_sessions_closed',
  /** Gauge: distinct callers (bearer tokens, or anonymous) seen since the server started. */
  callers: 'mcp_callers',
  /** Counter: artifacts stored instead of being sent inline. */
  artifactsStored: 'mcp_artifacts_stored',
  /** Counter: bytes of the artifacts stored. */
  artifactBytes: 'mcp_artifact_bytes',
  /** Counter: tokens the caller would have read without the server's economy, by `kind`. */
  tokensRaw: 'mcp_tokens_raw',
  /** Counter: tokens the caller read instead, by `kind`. */
  tokensServed: 'mcp_tokens_served',
  /** Counter: tokens the caller did not have to read (raw minus served, never negative), by `kind`. */
  tokensSaved: 'mcp_tokens_saved',
} as const;

/** The instruments of one meter provider. */
export interface Instruments {
  /** Whether a real meter provider records them (false for the API's no-op). */
  readonly recording: boolean;
  /** `mcp_server_requests`. */
  readonly requests: Counter;
  /** `mcp_server_request_duration_seconds`. */
  readonly requestDuration: Histogram;
  /** `mcp_upstream_calls`. */
  readonly upstreamCalls: Counter;
  /** `mcp_upstream_call_duration_seconds`. */
  readonly upstreamCallDuration: Histogram;
  /** `mcp_upstream_reconnects`. */
  readonly upstreamReconnects: Counter;
  /** `mcp_upstream_connect_failures`. */
  readonly upstreamConnectFailures: Counter;
  /** `mcp_sessions_opened`. */
  readonly sessionsOpened: Counter;
  /** `mcp_sessions_closed`. */
  readonly sessionsClosed: Counter;
  /** `mcp_artifacts_stored`. */
  readonly artifactsStored: Counter;
  /** `mcp_artifact_bytes`. */
  readonly artifactBytes: Counter;
  /** `mcp_tokens_raw`. */
  readonly tokensRaw: Counter;
  /** `mcp_tokens_served`. */
  readonly tokensServed: Counter;
  /** `mcp_tokens_saved`. */
  readonly tokensSaved: Counter;
}

let cached: { provider: MeterProvider; instruments: Instruments } | undefined;

function latency(meter: Meter, name: string, description: string): Histogram {
  return meter.createHistogram(name, {
    description,
    unit: 's',
    advice: { explicitBucketBoundaries: [...LATENCY_BUCKETS_SECONDS] },
  });
}

function observeGauges(meter: Meter): void {
  const upstreamUp = meter.createObservableGauge(METRIC_NAMES.upstreamUp, {
    description: 'Upstream connections ready to serve (1 up, 0 down).',
  });
  const sessionsOpen = meter.createObservableGauge(METRIC_NAMES.sessionsOpen, {
    description: 'MCP sessions open now: 2025-era HTTP sessions and stdio connections.',
  });
  const callers = meter.createObservableGauge(METRIC_NAMES.callers, {
    description: 'Distinct callers (bearer tokens, or anonymous) seen since the server started.',
  });
  upstreamUp.addCallback((result: ObservableResult) => {
    for (const [server, up] of gaugeSources.upstreamsUp()) result.observe(up, { server });
  });
  sessionsOpen.addCallback((result: ObservableResult) => {
    for (const [transport, open] of gaugeSources.sessionsOpen())
      result.observe(open, { transport });
  });
  callers.addCallback((result: ObservableResult) => {
    result.observe(gaugeSources.callers());
  });
}

function create(meter: Meter): Instruments {
  observeGauges(meter);
  return {
    recording: meter !== createNoopMeter(),
    requests: meter.createCounter(METRIC_NAMES.requests, {
      description: 'MCP requests answered, by method, tool, outcome class and protocol era.',
    }),
    requestDuration: latency(
      meter,
      METRIC_NAMES.requestDuration,
      'Time from an MCP request to its answer.',
    ),
    upstreamCalls: meter.createCounter(METRIC_NAMES.upstreamCalls, {
      description: 'Calls to upstream servers, by server, method, tool, outcome class and era.',
    }),
    upstreamCallDuration: latency(
      meter,
      METRIC_NAMES.upstreamCallDuration,
      'Time of one call to an upstream server.',
    ),
    upstreamReconnects: meter.createCounter(METRIC_NAMES.upstreamReconnects, {
      description: 'Connections to an upstream made again after it was lost.',
    }),
    upstreamConnectFailures: meter.createCounter(METRIC_NAMES.upstreamConnectFailures, {
      description: 'Failed attempts to connect to an upstream.',
    }),
    sessionsOpened: meter.createCounter(METRIC_NAMES.sessionsOpened, {
      description: 'MCP sessions opened.',
    }),
    sessionsClosed: meter.createCounter(METRIC_NAMES.sessionsClosed, {
      description: 'MCP sessions closed, by reason.',
    }),
    artifactsStored: meter.createCounter(METRIC_NAMES.artifactsStored, {
      description: 'Results stored as artifacts instead of being sent inline.',
    }),
    artifactBytes: meter.createCounter(METRIC_NAMES.artifactBytes, {
      description: 'Bytes of the artifacts stored.',
      unit: 'By',
    }),
    tokensRaw: meter.createCounter(METRIC_NAMES.tokensRaw, {
      description: 'Tokens a caller would have read without the server, by kind.',
    }),
    tokensServed: meter.createCounter(METRIC_NAMES.tokensServed, {
      description: 'Tokens the caller read instead, by kind.',
    }),
    tokensSaved: meter.createCounter(METRIC_NAMES.tokensSaved, {
      description: 'Tokens a caller did not have to read, by kind.',
    }),
  };
}

/**
 * Whether metrics are being recorded (an app registered a meter provider): work done only to
 * feed a metric (counting the tokens of a listing) can be skipped when not.
 */
export function isRecordingMetrics(): boolean {
  return instruments().recording;
}

/**
 * The instruments of the global meter provider, made on first use and again after the provider
 * changes (an app registered the SDK). Also registers the observable gauges on that provider.
 */
export function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (cached?.provider !== provider) {
    cached = { provider, instruments: create(provider.getMeter(INSTRUMENTATION_SCOPE)) };
  }
  return cached.instruments;
}
