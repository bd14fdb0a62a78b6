/**
 * The table and chart of `pnpm bench load`.
 *
 * @module
 */

import { renderBarChart } from '../../report/bar-chart.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { LoadRun } from './drive.js';

/** One run of one app on one topology. */
export interface LoadRow extends LoadRun {
  /** The app. */
  readonly app: string;
  /** Its call mix. */
  readonly mix: string;
  /** 1, or 2 sharing Redis behind the proxy. */
  readonly instances: 1 | 2;
  /** The protocol era of the clients: 2025 sessions or 2026-07-28 stateless requests. */
  readonly era: 'legacy' | 'modern';
}

const ERA_LABEL = { legacy: '2025', modern: '2026-07-28' } as const;

/** The plain-text table: one line per app and topology. */
export function formatLoadTable(rows: readonly LoadRow[]): string {
  return formatTable(
    [
      { title: 'app' },
      { title: 'era' },
      { title: 'instances' },
      { title: 'calls', align: 'right' },
      { title: 'calls/s', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'p99 ms', align: 'right' },
      { title: 'errors', align: 'right' },
      { title: 'crossed', align: 'right' },
      { title: 'lost', align: 'right' },
      { title: 'mix' },
    ],
    rows.map((row) => [
      row.app,
      ERA_LABEL[row.era],
      row.instances === 1 ? '1' : '2 + Redis',
      String(row.calls),
      formatNumber(row.throughput, 0),
      formatNumber(row.p50, 1),
      formatNumber(row.p95, 1),
      formatNumber(row.p99, 1),
      String(row.errors),
      String(row.crossed),
      String(row.lost),
      row.mix,
    ]),
  );
}

/** Throughput per app, one bar per topology. */
export function renderLoadChart(rows: readonly LoadRow[]): string {
  const apps = [...new Set(rows.map((row) => row.app))];
  const topologies = (['legacy', 'modern'] as const).flatMap((era) =>
    ([1, 2] as const).map((instances) => ({ era, instances })),
  );
  const series = topologies.map(({ era, instances }) => ({
    name: `${ERA_LABEL[era]}, ${instances === 1 ? '1 instance' : '2 + Redis'}`,
    values: apps.map(
      (app) =>
        rows.find((row) => row.app === app && row.instances === instances && row.era === era)
          ?.throughput ?? -1,
    ),
  }));
  return renderBarChart({
    title: 'Calls per second under 50 concurrent sessions (loopback)',
    categories: apps,
    series,
    yLabel: 'calls per second',
  });
}
