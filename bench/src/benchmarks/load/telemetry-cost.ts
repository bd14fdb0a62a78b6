/**
 * What metrics and tracing cost: `x-gateway` `tool_execute` calls (stdio upstream) under 20
 * concurrent 2025-era clients with telemetry off (`--metrics off`, no `OTEL_*`) and on
 * (`/metrics` plus every span exported over OTLP to a sink in this process), beside a bare MCP
 * SDK v2 server with the same tool as the floor. The three run in turn, several rounds, and each
 * row keeps its median round, so that the ratios come from one run on one machine. Each round
 * starts its server afresh and times its calls after the same untimed warm-up for every row
 * (the clients' calls of a first load run), so that a row measures a running server's calls
 * per second rather than how long its code takes to compile.
 *
 * @module
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { median } from '../../metrics/latency.js';
import { type LoadCall, type LoadRun, type LoadScenario, runLoad } from './drive.js';
import { type AppInstance, startApp } from './processes.js';

/** The rows, in table order. */
export const TELEMETRY_ROWS = ['bare', 'off', 'on'] as const;
/** One row of the telemetry table. */
export type TelemetryRow = (typeof TELEMETRY_ROWS)[number];

/** What one row measured: its median round, and every round's throughput. */
export interface TelemetryRowResult extends LoadRun {
  readonly row: TelemetryRow;
  /** Calls per second of each round, in order. */
  readonly rounds: readonly number[];
}

/** What {@link measureTelemetryCost} found. */
export interface TelemetryCost {
  readonly clients: number;
  readonly callsPerClient: number;
  /** Untimed calls per client before each timed round. */
  readonly warmupCallsPerClient: number;
  readonly rows: readonly TelemetryRowResult[];
  /** Spans the gateway exported over OTLP (bytes received by the sink; OTLP/protobuf). */
  readonly otlpBytes: number;
  /** The `/metrics` text of the last telemetry-on round, scraped before it stopped. */
  readonly metricsText: string;
  /**
   * The machine's load average (1, 5 and 15 minutes) before the first round and after the
   * last: the ratios are from one run, the absolute figures depend on what else ran.
   */
  readonly loadAverage: { readonly before: readonly number[]; readonly after: readonly number[] };
}

const structured = (response: unknown) =>
  (response as { structuredContent?: Record<string, unknown> }).structuredContent;

/** `tool_execute` of the upstream's `echo_job`, found once per session with a browse. */
const gatewayExecute: LoadScenario = {
  async setup(client: Client) {
    const browse = await client.callTool({
      name: 'tool_browse',
      arguments: { query: 'echo job nonce', top_k: 1 },
    });
    return (structured(browse) as { cards: { id: string }[] }).cards[0]?.id as string;
  },
  call(state, _session, index, nonce): LoadCall {
    return {
      kind: 'execute',
      nonce,
      run: (client) =>
        client.callTool({
          name: 'tool_execute',
          arguments: { tool_id: state as string, args: { nonce, n: index } },
        }),
    };
  },
};

/** The same tool called on the bare server, one hop. */
const bareCall: LoadScenario = {
  async setup() {
    return undefined;
  },
  call(_state, _session, index, nonce): LoadCall {
    return {
      kind: 'call',
      nonce,
      run: (client) => client.callTool({ name: 'echo_job', arguments: { nonce, n: index } }),
    };
  },
};

/** An OTLP/HTTP receiver that takes every export and keeps only its size. */
async function startOtlpSink(): Promise<{
  url: string;
  bytes: () => number;
  close(): Promise<void>;
}> {
  let bytes = 0;
  const server: Server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-protobuf' });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => bytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs `rounds` rounds of bare, off and on, `clients` clients making `callsPerClient` calls each.
 * `config` is the load's mcpServers file (`jobs`, the catalog server with `echo_job`).
 */
export async function measureTelemetryCost(options: {
  root: string;
  config: string;
  clients: number;
  callsPerClient: number;
  /** Untimed calls each client makes first, in every round of every row. */
  warmupCallsPerClient: number;
  rounds: number;
  deadlineMs: number;
  note: (line: string) => void;
}): Promise<TelemetryCost> {
  const gatewayCli = join(options.root, 'apps', 'gateway', 'dist', 'cli.js');
  const bareCli = join(options.root, 'bench', 'dist', 'servers', 'bare-http-main.js');
  const before = loadavg();
  const sink = await startOtlpSink();
  const runs = new Map<TelemetryRow, LoadRun[]>(TELEMETRY_ROWS.map((row) => [row, []]));
  let metricsText = '';
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      for (const row of TELEMETRY_ROWS) {
        options.note(`load: telemetry ${row}, round ${round + 1} of ${options.rounds}`);
        const gatewayArgs = ['serve', '--config', options.config, '--quiet'];
        const app: AppInstance =
          row === 'bare'
            ? await startApp(bareCli, [])
            : row === 'off'
              ? await startApp(gatewayCli, [...gatewayArgs, '--metrics', 'off'])
              : await startApp(gatewayCli, [...gatewayArgs, '--metrics', 'on'], {
                  OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
                  OTEL_METRIC_EXPORT_INTERVAL: '1000',
                });
        try {
          const load = {
            url: app.url,
            scenario: row === 'bare' ? bareCall : gatewayExecute,
            sessions: options.clients,
            deadlineMs: options.deadlineMs,
            era: 'legacy',
          } as const;
          await runLoad({ ...load, callsPerSession: options.warmupCallsPerClient });
          const run = await runLoad({ ...load, callsPerSession: options.callsPerClient });
          runs.get(row)?.push(run);
          if (row === 'on' && round === options.rounds - 1) {
            metricsText = await (await fetch(new URL('/metrics', app.url.origin))).text();
          }
        } finally {
          await app.stop();
        }
      }
    }
  } finally {
    await sink.close();
  }
  const rows = TELEMETRY_ROWS.map((row): TelemetryRowResult => {
    const done = runs.get(row) ?? [];
    const middle = median(done.map((run) => run.throughput));
    const chosen = done.find((run) => run.throughput === middle) as LoadRun;
    return { ...chosen, row, rounds: done.map((run) => run.throughput) };
  });
  return {
    clients: options.clients,
    callsPerClient: options.callsPerClient,
    warmupCallsPerClient: options.warmupCallsPerClient,
    rows,
    otlpBytes: sink.bytes(),
    metricsText,
    loadAverage: { before, after: loadavg() },
  };
}
