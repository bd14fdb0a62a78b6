/**
 * The tables, targets and chart of `pnpm bench gateway`.
 *
 * @module
 */

import { renderBarChart } from '../../report/bar-chart.js';
import { renderLineChart } from '../../report/line-chart.js';
import { round } from '../../report/result-file.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { ContextCost } from './context-cost.js';
import { EXECUTE_PATHS, type ExecuteOverhead } from './execute-overhead.js';
import type { ScaleMeasurement } from './scale-child.js';

/** Everything the gateway benchmark measured. */
export interface GatewayOutcome {
  readonly context: readonly ContextCost[];
  readonly scale: readonly ScaleMeasurement[];
  readonly execute: ExecuteOverhead;
}

/** One target of issue 4 and whether the run met it. */
export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

/** The size at which the latency and ingest targets apply. */
const TARGET_SIZE = 10_000;

/** The issue's targets this benchmark measures (Recall@5 is `pnpm bench retrieval`'s). */
export function checkTargets(outcome: GatewayOutcome): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const atTarget = outcome.scale.find((measurement) => measurement.size === TARGET_SIZE);
  if (atTarget !== undefined) {
    checks.push({
      target: 'tool_browse p50 < 2 ms at 10,000 tools',
      measured: `${formatNumber(atTarget.browseMs.p50, 2)} ms (route alone ${formatNumber(atTarget.routeMs.p50, 2)} ms; CPU ${formatNumber(atTarget.browseCpuMs, 2)} ms per browse)`,
      met: atTarget.browseMs.p50 < 2,
    });
    checks.push({
      target: 'cold ingest of 10,000 tools < 1 s',
      measured: `${formatNumber(atTarget.coldIngest.wallMs, 0)} ms wall, ${formatNumber(atTarget.coldIngest.cpuMs, 0)} ms CPU (+ encoder ${formatNumber(atTarget.encoderMs, 0)} ms once per process)`,
      met: atTarget.coldIngest.wallMs < 1_000,
    });
  }
  for (const measured of outcome.execute.cases) {
    const ratio = measured.ratio['gateway-in-process'].p50;
    checks.push({
      target: `tool_execute overhead < 1.2x a direct call (in-process gateway, p50), ${measured.label}`,
      measured: `${formatNumber(ratio, 2)}x (a forwarder alone: ${formatNumber(measured.ratio['forwarder-in-process'].p50, 2)}x; over stdio: gateway ${formatNumber(measured.ratio['gateway-stdio'].p50, 2)}x, forwarder ${formatNumber(measured.ratio['forwarder-stdio'].p50, 2)}x)`,
      met: ratio < 1.2,
    });
  }
  return checks;
}

/** The terminal tables. */
export function formatGatewayTables(
  outcome: GatewayOutcome,
  targets: readonly TargetCheck[],
): string {
  const context = formatTable(
    [
      { title: 'catalog' },
      { title: 'tools', align: 'right' },
      { title: 'servers', align: 'right' },
      { title: 'raw list', align: 'right' },
      { title: 'proxy list', align: 'right' },
      { title: 'gateway list', align: 'right' },
      { title: 'browse', align: 'right' },
      { title: 'raw / (gateway list + browse)', align: 'right' },
    ],
    outcome.context.map((cost) => [
      cost.catalog,
      String(cost.tools),
      String(cost.upstreams),
      String(cost.rawToolsList),
      String(cost.proxyToolsList),
      String(cost.gatewayToolsList),
      String(cost.browseResponse),
      `${formatNumber(cost.rawToolsList / (cost.gatewayToolsList + cost.browseResponse), 0)}x`,
    ]),
  );
  const scale = formatTable(
    [
      { title: 'tools', align: 'right' },
      { title: 'cold ingest ms', align: 'right' },
      { title: 'cold CPU ms', align: 'right' },
      { title: 'warm ingest ms', align: 'right' },
      { title: 'encoder ms', align: 'right' },
      { title: '1st browse ms', align: 'right' },
      { title: 'browse p50', align: 'right' },
      { title: 'browse p95', align: 'right' },
      { title: 'browse CPU', align: 'right' },
      { title: 'route p50', align: 'right' },
      { title: 'heap MB', align: 'right' },
      { title: 'RSS MB', align: 'right' },
    ],
    outcome.scale.map((measurement) => [
      String(measurement.size),
      formatNumber(measurement.coldIngest.wallMs, 0),
      formatNumber(measurement.coldIngest.cpuMs, 0),
      formatNumber(measurement.warmIngest.wallMs, 0),
      formatNumber(measurement.encoderMs, 0),
      formatNumber(measurement.firstBrowseMs, 1),
      formatNumber(measurement.browseMs.p50, 2),
      formatNumber(measurement.browseMs.p95, 2),
      formatNumber(measurement.browseCpuMs, 2),
      formatNumber(measurement.routeMs.p50, 2),
      formatNumber(measurement.memory.heapUsedMb, 0),
      formatNumber(measurement.memory.rssMb, 0),
    ]),
  );
  const { execute } = outcome;
  const overhead = formatTable(
    [
      { title: 'case' },
      { title: 'path' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'mean ms', align: 'right' },
      { title: 'p50 added ms', align: 'right' },
      { title: 'p50 / direct', align: 'right' },
    ],
    execute.cases.flatMap((measured) =>
      EXECUTE_PATHS.map((path) => [
        measured.case,
        path,
        formatNumber(measured.latencyMs[path].p50, 3),
        formatNumber(measured.latencyMs[path].p95, 3),
        formatNumber(measured.latencyMs[path].mean, 3),
        formatNumber(measured.latencyMs[path].p50 - measured.latencyMs.direct.p50, 3),
        path === 'direct' ? '1.00x' : `${formatNumber(measured.ratio[path].p50, 2)}x`,
      ]),
    ),
  );
  const own = execute.cases.flatMap((measured) => [
    ` ${measured.case}: the gateway's own work adds ${formatNumber(measured.gatewayOwnMs['in-process'], 3)} ms (p50) to the forwarder in process, ${formatNumber(measured.gatewayOwnMs.stdio, 3)} ms over stdio (2025), ${formatNumber(measured.gatewayOwnMs['stdio-2026'], 3)} ms over stdio (2026-07-28);`,
    `   a model reads ${measured.modelTokens.passThrough} tokens of the result (the envelope as JSON text would be ${measured.modelTokens.envelopeJson})`,
  ]);
  const checks = formatTable(
    [{ title: 'target' }, { title: 'measured' }, { title: 'met' }],
    targets.map((check) => [check.target, check.measured, check.met ? 'yes' : 'NO']),
  );
  return [
    'Context cost, cl100k_base tokens (tools/list JSON; browse = text of one tool_browse answer, 10 cards)',
    context,
    '',
    'Scale (synthetic catalogs from Seal-Tools; one fresh process per size; browse = tool_browse over in-memory MCP;',
    ' encoder = the one-time cl100k_base encoder build of the process, after ingest; 1st browse = the next browse)',
    scale,
    '',
    `tool_execute overhead: ${execute.repetitions} calls per case and path, cases and paths interleaved;`,
    ...execute.cases.map(
      (measured) =>
        ` ${measured.case} = ${measured.label}: ${measured.tool} ${JSON.stringify(measured.args)}, ${measured.resultBytes} bytes of text`,
    ),
    ` (gateways at maxInlineTokens ${execute.maxInlineTokens}, so every result stays inline: every path returns the direct content)`,
    '(direct: client -> upstream over stdio; forwarder: an SDK server that only passes the call to the upstream;',
    ' in-process: client -> server over in-memory -> upstream over stdio; stdio: client -> spawned server over stdio (2025 handshake; -2026: a 2026-07-28 client)',
    ' -> upstream over stdio; every path has upstream processes of its own)',
    overhead,
    ...own,
    '',
    'Targets',
    checks,
  ].join('\n');
}

/** The JSON figures, rounded. */
export function gatewayFigures(outcome: GatewayOutcome): Record<string, unknown> {
  const latency = (summary: { p50: number; p95: number; mean: number }) => ({
    p50: round(summary.p50, 3),
    p95: round(summary.p95, 3),
    mean: round(summary.mean, 3),
  });
  return {
    context: outcome.context,
    scale: outcome.scale.map((measurement) => ({
      ...measurement,
      coldIngest: {
        wallMs: round(measurement.coldIngest.wallMs, 1),
        cpuMs: round(measurement.coldIngest.cpuMs, 1),
      },
      warmIngest: {
        wallMs: round(measurement.warmIngest.wallMs, 1),
        cpuMs: round(measurement.warmIngest.cpuMs, 1),
      },
      encoderMs: round(measurement.encoderMs, 1),
      firstBrowseMs: round(measurement.firstBrowseMs, 1),
      browseMs: latency(measurement.browseMs),
      browseCpuMs: round(measurement.browseCpuMs, 3),
      routeMs: latency(measurement.routeMs),
    })),
    execute: {
      ...outcome.execute,
      cases: outcome.execute.cases.map((measured) => ({
        ...measured,
        latencyMs: Object.fromEntries(
          EXECUTE_PATHS.map((path) => [path, latency(measured.latencyMs[path])]),
        ),
        ratio: Object.fromEntries(
          Object.entries(measured.ratio).map(([path, ratio]) => [
            path,
            { p50: round(ratio.p50, 3), mean: round(ratio.mean, 3) },
          ]),
        ),
        gatewayOwnMs: {
          'in-process': round(measured.gatewayOwnMs['in-process'], 3),
          stdio: round(measured.gatewayOwnMs.stdio, 3),
          'stdio-2026': round(measured.gatewayOwnMs['stdio-2026'], 3),
        },
      })),
    },
  };
}

/** Tokens per mode against catalog size, on log scales. */
export function renderGatewayChart(outcome: GatewayOutcome): string {
  const points = (value: (cost: ContextCost) => number) =>
    outcome.context.map((cost) => [cost.tools, value(cost)] as const);
  return renderLineChart({
    title: 'Context tokens by catalog size (bench/results/gateway.json)',
    xLabel: 'tools in the catalog',
    yLabel: 'cl100k_base tokens',
    xScale: 'log',
    yScale: 'log',
    series: [
      { name: 'raw tools/list', points: points((cost) => cost.rawToolsList) },
      { name: 'proxy tools/list', points: points((cost) => cost.proxyToolsList) },
      {
        name: 'gateway + browse',
        points: points((cost) => cost.gatewayToolsList + cost.browseResponse),
      },
    ],
  });
}

/** Each path's p50 latency over the direct call's, one group of bars per case. */
export function renderExecuteChart(execute: ExecuteOverhead): string {
  const paths = EXECUTE_PATHS.filter((path) => path !== 'direct');
  return renderBarChart({
    title: 'tool_execute p50 latency over a direct call (bench/results/gateway.json)',
    categories: execute.cases.map((measured) => measured.case),
    series: paths.map((path) => ({
      name: path,
      values: execute.cases.map((measured) => round(measured.ratio[path].p50, 3)),
    })),
    yLabel: 'p50 / direct p50 (1 = no overhead)',
  });
}
