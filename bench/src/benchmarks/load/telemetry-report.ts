/**
 * The telemetry rows of `pnpm bench load` as a table, and the gateway's own `/metrics` of the
 * telemetry-on run drawn as a dashboard: the panels of `docs/grafana/x-gateway.json`, rendered
 * from the same metrics without Grafana.
 *
 * @module
 */

import { getMetricsFromIterator, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { renderBarChart } from '../../report/bar-chart.js';
import { CHART } from '../../report/svg.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { TelemetryCost, TelemetryRow } from './telemetry-cost.js';

const ROW_LABEL: Readonly<Record<TelemetryRow, { server: string; telemetry: string }>> = {
  bare: { server: 'bare SDK v2 server (echo_job, one hop)', telemetry: 'none' },
  off: { server: 'x-gateway tool_execute (stdio upstream)', telemetry: 'off' },
  on: { server: 'x-gateway tool_execute (stdio upstream)', telemetry: 'metrics + OTLP traces' },
};

/** Throughput ratios of one run: on over off, and each gateway row over the bare floor. */
export function telemetryRatios(cost: TelemetryCost): {
  onOverOff: number;
  offOverBare: number;
  onOverBare: number;
} {
  const throughput = (row: TelemetryRow) =>
    cost.rows.find((result) => result.row === row)?.throughput ?? 0;
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    onOverOff: ratio(throughput('on'), throughput('off')),
    offOverBare: ratio(throughput('off'), throughput('bare')),
    onOverBare: ratio(throughput('on'), throughput('bare')),
  };
}

/** The plain-text table: one line per row, medians of the rounds, ratios in the same run. */
export function formatTelemetryTable(cost: TelemetryCost): string {
  const off = cost.rows.find((row) => row.row === 'off')?.throughput ?? 0;
  const bare = cost.rows.find((row) => row.row === 'bare')?.throughput ?? 0;
  return formatTable(
    [
      { title: 'server' },
      { title: 'telemetry' },
      { title: 'calls', align: 'right' },
      { title: 'calls/s', align: 'right' },
      { title: 'rounds (calls/s)' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'errors', align: 'right' },
      { title: 'vs off', align: 'right' },
      { title: 'vs bare', align: 'right' },
    ],
    cost.rows.map((row) => [
      ROW_LABEL[row.row].server,
      ROW_LABEL[row.row].telemetry,
      String(row.calls),
      formatNumber(row.throughput, 0),
      row.rounds.map((value) => formatNumber(value, 0)).join(' / '),
      formatNumber(row.p50, 1),
      formatNumber(row.p95, 1),
      String(row.errors + row.crossed + row.lost),
      row.row === 'bare' || off === 0 ? '' : `${formatNumber(row.throughput / off, 2)}x`,
      bare === 0 ? '' : `${formatNumber(row.throughput / bare, 2)}x`,
    ]),
  );
}

/** Parses Prometheus text with a Prometheus text-format parser. */
export function parseMetricsText(text: string): Promise<PromMetrics> {
  return getMetricsFromIterator(text.split('\n')[Symbol.iterator]());
}

/** The `q` quantile of one histogram sample, interpolated in its bucket as Prometheus does. */
export function histogramQuantile(sample: PromHistogramData, q: number): number {
  const bounds = Object.entries(sample.buckets)
    .map(([bound, count]) => ({
      bound: bound === '+Inf' ? Number.POSITIVE_INFINITY : Number(bound),
      count,
    }))
    .sort((a, b) => a.bound - b.bound);
  const rank = q * sample.count;
  let previous = { bound: 0, count: 0 };
  for (const bucket of bounds) {
    if (bucket.count >= rank) {
      if (bucket.bound === Number.POSITIVE_INFINITY) return previous.bound;
      const inBucket = bucket.count - previous.count;
      const share = inBucket === 0 ? 0 : (rank - previous.count) / inBucket;
      return previous.bound + (bucket.bound - previous.bound) * share;
    }
    previous = bucket;
  }
  return previous.bound;
}

type Labelled = { labels: Record<string, string>; value?: number };

function samplesOf(metrics: PromMetrics, name: string): Labelled[] {
  return (metrics[name]?.data ?? []) as Labelled[];
}

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A grouped count: categories by one label, series by another, values summed. */
function countPanel(
  metrics: PromMetrics,
  name: string,
  title: string,
  category: (labels: Record<string, string>) => string,
  seriesLabel: string,
  yLabel: string,
): string {
  const samples = samplesOf(metrics, name);
  const categories = sorted(samples.map((sample) => category(sample.labels)));
  const seriesNames = sorted(samples.map((sample) => sample.labels[seriesLabel] ?? ''));
  return renderBarChart({
    title,
    categories,
    series: seriesNames.map((series) => ({
      name: series,
      values: categories.map((name) =>
        samples
          .filter(
            (sample) => category(sample.labels) === name && sample.labels[seriesLabel] === series,
          )
          .reduce((sum, sample) => sum + (sample.value ?? 0), 0),
      ),
    })),
    yLabel,
  });
}

function latencyPanel(metrics: PromMetrics): string {
  const samples = (metrics.mcp_server_request_duration_seconds?.data ?? []) as PromHistogramData[];
  const ok = samples.filter((sample) => sample.labels.outcome === 'ok' && sample.count > 0);
  const categories = sorted(ok.map((sample) => sample.labels.tool || sample.labels.method || ''));
  const quantile = (q: number) =>
    categories.map((name) => {
      const sample = ok.find(
        (candidate) => (candidate.labels.tool || candidate.labels.method) === name,
      );
      return sample === undefined ? -1 : Number((histogramQuantile(sample, q) * 1000).toFixed(2));
    });
  return renderBarChart({
    title: 'Request latency (ok answers, from the histogram)',
    categories,
    series: [
      { name: 'p50', values: quantile(0.5) },
      { name: 'p95', values: quantile(0.95) },
      { name: 'p99', values: quantile(0.99) },
    ],
    yLabel: 'milliseconds',
  });
}

/** The panels laid out two by two in one SVG document (deterministic bytes for the same text). */
export async function renderTelemetryDashboard(metricsText: string): Promise<string> {
  const metrics = await parseMetricsText(metricsText);
  const panels = [
    countPanel(
      metrics,
      'mcp_server_requests_total',
      'Requests by tool and outcome',
      (labels) => labels.tool || labels.method || '',
      'outcome',
      'requests',
    ),
    latencyPanel(metrics),
    countPanel(
      metrics,
      'mcp_upstream_calls_total',
      'Upstream calls by server/tool and outcome',
      (labels) => `${labels.server}/${labels.tool || labels.method}`,
      'outcome',
      'calls',
    ),
    samplesOf(metrics, 'mcp_tokens_raw_total').length > 0
      ? tokensPanel(metrics)
      : countPanel(
          metrics,
          'mcp_sessions_opened_total',
          'Sessions opened',
          (labels) => labels.transport ?? '',
          'transport',
          'sessions',
        ),
  ];
  const { width, height } = CHART;
  const placed = panels.map((panel, index) =>
    panel.replace(
      '<svg ',
      `<svg x="${(index % 2) * width}" y="${Math.floor(index / 2) * height}" `,
    ),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 2}" height="${height * 2}" viewBox="0 0 ${width * 2} ${height * 2}">`,
    `<rect width="${width * 2}" height="${height * 2}" fill="#fff"/>`,
    ...placed,
    '</svg>',
    '',
  ].join('\n');
}

function tokensPanel(metrics: PromMetrics): string {
  const raw = samplesOf(metrics, 'mcp_tokens_raw_total');
  const served = samplesOf(metrics, 'mcp_tokens_served_total');
  const kinds = sorted(raw.map((sample) => sample.labels.kind ?? ''));
  const sum = (samples: Labelled[], kind: string) =>
    samples
      .filter((sample) => sample.labels.kind === kind)
      .reduce((total, sample) => total + (sample.value ?? 0), 0);
  return renderBarChart({
    title: 'Tokens: what a caller would have read vs what it read',
    categories: kinds,
    series: [
      { name: 'raw', values: kinds.map((kind) => sum(raw, kind)) },
      { name: 'served', values: kinds.map((kind) => sum(served, kind)) },
    ],
    yLabel: 'cl100k_base tokens',
  });
}
