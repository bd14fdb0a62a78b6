/**
 * `pnpm bench load`: each HTTP app (x-gateway, x-cash, x-pd wrap) under 50
 * concurrent sessions, on one instance and on two instances sharing Redis
 * behind one round-robin address: throughput, p50/p95/p99 latency, errors,
 * and whether every response belonged to its own session and request; then
 * what metrics and tracing cost x-gateway against a bare SDK server, with the
 * gateway's own `/metrics` drawn as a dashboard (`load-dashboard.svg`).
 * Loopback only; every run is bounded in calls and time.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, RunMode } from '../../benchmark.js';
import { type LoadRun, runLoad } from './drive.js';
import {
  type AppInstance,
  type LoadProxy,
  type LoadRedis,
  startApp,
  startLoadProxy,
  startLoadRedis,
} from './processes.js';
import { formatLoadTable, type LoadRow, renderLoadChart } from './report.js';
import { LOAD_APPS, type LoadApp, writeLoadConfig } from './scenarios.js';
import { measureTelemetryCost, type TelemetryCost } from './telemetry-cost.js';
import {
  formatTelemetryTable,
  renderTelemetryDashboard,
  telemetryRatios,
} from './telemetry-report.js';

/** Sessions, calls per session and the time bound of one run, by mode. */
const PLANS: Record<RunMode, { sessions: number; callsPerSession: number; deadlineMs: number }> = {
  quick: { sessions: 10, callsPerSession: 10, deadlineMs: 30_000 },
  standard: { sessions: 50, callsPerSession: 40, deadlineMs: 120_000 },
  full: { sessions: 50, callsPerSession: 100, deadlineMs: 300_000 },
};

/** Clients, calls per client and rounds of the telemetry rows, by mode. */
const TELEMETRY_PLANS: Record<
  RunMode,
  { clients: number; callsPerClient: number; warmupCallsPerClient: number; rounds: number }
> = {
  quick: { clients: 20, callsPerClient: 10, warmupCallsPerClient: 5, rounds: 1 },
  standard: { clients: 20, callsPerClient: 60, warmupCallsPerClient: 30, rounds: 3 },
  full: { clients: 20, callsPerClient: 150, warmupCallsPerClient: 50, rounds: 5 },
};

/** The telemetry target: on within 10% of off (ratio in the same run). */
const TELEMETRY_MIN_RATIO = 0.9;
/** The floor: x-gateway tool_execute over a bare one-hop SDK server, as measured before telemetry. */
const BARE_FLOOR_RATIO = 0.89;

/** A load average as `1.00 2.00 3.00`. */
function formatLoad(values: readonly number[]): string {
  return values.map((value) => value.toFixed(2)).join(' ');
}

/** Runs one app on `instances` instances (two share `redis` behind a proxy). */
async function measure(
  app: LoadApp,
  instances: 1 | 2,
  context: { root: string; folder: string; config: string; redis: LoadRedis | undefined },
  plan: (typeof PLANS)[RunMode],
  era: 'legacy' | 'modern',
): Promise<LoadRun> {
  const cli = join(context.root, app.cli);
  const started: AppInstance[] = [];
  let proxy: LoadProxy | undefined;
  try {
    for (let index = 0; index < instances; index += 1) {
      const shared =
        instances === 2 && context.redis !== undefined
          ? app.sharedArgs(context.redis.url, context.folder)
          : [];
      started.push(await startApp(cli, [...app.args(context.config), ...shared]));
    }
    proxy =
      instances === 2 ? await startLoadProxy(started.map((instance) => instance.url)) : undefined;
    return await runLoad({
      url: proxy?.url ?? (started[0] as AppInstance).url,
      scenario: app.scenario,
      ...plan,
      era,
    });
  } finally {
    await proxy?.close();
    await Promise.all(started.map((instance) => instance.stop()));
  }
}

/** `pnpm bench load`. */
export const loadBenchmark: Benchmark = {
  name: 'load',
  description:
    'HTTP apps under 50 concurrent sessions, one instance vs two on Redis: throughput, latency, crossed responses',
  about: { datasets: [], published: [] },
  async run(context) {
    const plan = PLANS[context.mode];
    const root = context.repositoryRoot;
    const folder = await mkdtemp(join(tmpdir(), 'x-bench-load-'));
    let redis: LoadRedis | undefined;
    const rows: LoadRow[] = [];
    let telemetry: TelemetryCost;
    try {
      const config = await writeLoadConfig(
        folder,
        join(root, 'packages', 'core', 'dist', 'catalog-server', 'bin.js'),
      );
      redis = await startLoadRedis();
      for (const app of LOAD_APPS) {
        for (const era of ['legacy', 'modern'] as const) {
          for (const instances of [1, 2] as const) {
            context.note(`load: ${app.name} on ${instances} instance(s), ${era} era`);
            const run = await measure(app, instances, { root, folder, config, redis }, plan, era);
            rows.push({ app: app.name, mix: app.mix, instances, era, ...run });
          }
        }
      }
      telemetry = await measureTelemetryCost({
        root,
        config,
        ...TELEMETRY_PLANS[context.mode],
        deadlineMs: plan.deadlineMs,
        note: context.note,
      });
    } finally {
      await redis?.stop();
      await rm(folder, { recursive: true, force: true });
    }
    const ratios = telemetryRatios(telemetry);
    const telemetryPlan = TELEMETRY_PLANS[context.mode];
    const total = rows.reduce((sum, row) => sum + row.calls, 0);
    const clean = rows.every((row) => row.crossed === 0 && row.lost === 0);
    const text = [
      `${plan.sessions} concurrent clients x ${plan.callsPerSession} calls per run, ${total} calls in all (loopback; two instances share one Redis behind a round-robin proxy; 2025 clients hold a session each, 2026-07-28 clients send every request on its own with no affinity)`,
      '',
      formatLoadTable(rows),
      '',
      clean
        ? 'Every response carried its own request nonce: none lost, none crossed.'
        : 'Some responses were lost or crossed: see the table.',
      '',
      `Telemetry cost: ${telemetryPlan.clients} concurrent 2025 clients x ${telemetryPlan.callsPerClient} tool_execute calls, ${telemetryPlan.rounds} round(s) of bare / off / on in turn, each on a fresh server timed after ${telemetryPlan.warmupCallsPerClient} untimed calls per client, each row its median round:`,
      '',
      formatTelemetryTable(telemetry),
      '',
      `on / off ${ratios.onOverOff.toFixed(2)}x (target >= ${TELEMETRY_MIN_RATIO}), off / bare ${ratios.offOverBare.toFixed(2)}x, on / bare ${ratios.onOverBare.toFixed(2)}x (floor ${BARE_FLOOR_RATIO}); ${telemetry.otlpBytes} bytes of OTLP received; load average (1/5/15 min) ${formatLoad(telemetry.loadAverage.before)} before, ${formatLoad(telemetry.loadAverage.after)} after.`,
    ].join('\n');
    return {
      text,
      result: {
        plan,
        totalCalls: total,
        clean,
        runs: rows.map((row) => ({
          app: row.app,
          mix: row.mix,
          instances: row.instances,
          era: row.era,
          calls: row.calls,
          errors: row.errors,
          crossed: row.crossed,
          lost: row.lost,
          seconds: Number(row.seconds.toFixed(3)),
          throughput: Number(row.throughput.toFixed(1)),
          p50Ms: Number(row.p50.toFixed(2)),
          p95Ms: Number(row.p95.toFixed(2)),
          p99Ms: Number(row.p99.toFixed(2)),
          kinds: row.kinds,
          sampleErrors: row.sampleErrors,
        })),
        telemetry: {
          plan: telemetryPlan,
          rows: telemetry.rows.map((row) => ({
            row: row.row,
            calls: row.calls,
            errors: row.errors,
            crossed: row.crossed,
            lost: row.lost,
            throughput: Number(row.throughput.toFixed(1)),
            rounds: row.rounds.map((value) => Number(value.toFixed(1))),
            p50Ms: Number(row.p50.toFixed(2)),
            p95Ms: Number(row.p95.toFixed(2)),
          })),
          onOverOff: Number(ratios.onOverOff.toFixed(3)),
          offOverBare: Number(ratios.offOverBare.toFixed(3)),
          onOverBare: Number(ratios.onOverBare.toFixed(3)),
          targetOnOverOff: TELEMETRY_MIN_RATIO,
          floorOverBare: BARE_FLOOR_RATIO,
          otlpBytes: telemetry.otlpBytes,
          loadAverage: {
            before: telemetry.loadAverage.before.map((value) => Number(value.toFixed(2))),
            after: telemetry.loadAverage.after.map((value) => Number(value.toFixed(2))),
          },
        },
      },
      chart: renderLoadChart(rows),
      extraCharts: { dashboard: await renderTelemetryDashboard(telemetry.metricsText) },
    };
  },
};
