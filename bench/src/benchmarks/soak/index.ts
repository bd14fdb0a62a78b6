/**
 * `pnpm bench soak`: two x-gateway processes over Streamable HTTP on loopback, one serving 2025
 * clients that open a session, store large artifacts, view them and end the session with DELETE,
 * the other serving 2026-07-28 clients doing the same without sessions; both churn for the whole
 * run (10 minutes in the standard mode) while each gateway's resident set size is read every few
 * seconds. Memory is flat when, after the warm-up, the least-squares trend of RSS moves it by at
 * most 10% of its mean (see `summarizeRss`).
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, RunMode } from '../../benchmark.js';
import { formatLoadAverage, readLoadAverage } from '../../report/load-average.js';
import { round } from '../../report/result-file.js';
import { type AppInstance, startApp } from '../load/processes.js';
import { writeLoadConfig } from '../load/scenarios.js';
import { type ChurnRun, runChurn, type SoakEra } from './churn.js';
import {
  FLAT_WITHIN,
  formatSoakTable,
  renderSoakChart,
  type SoakRow,
  summarizeRss,
  WINDOWS,
} from './report.js';
import { type RssSample, readRssMiB } from './rss.js';

/** How long, how hard and how often to read, by mode. */
const PLANS: Record<
  RunMode,
  {
    seconds: number;
    warmUpSeconds: number;
    sampleSeconds: number;
    chartSeconds: number;
    clients: number;
    callsPerSession: number;
    largeSize: number;
  }
> = {
  quick: {
    seconds: 60,
    warmUpSeconds: 20,
    sampleSeconds: 5,
    chartSeconds: 5,
    clients: 4,
    callsPerSession: 7,
    largeSize: 200_000,
  },
  standard: {
    seconds: 600,
    warmUpSeconds: 120,
    sampleSeconds: 10,
    chartSeconds: 30,
    clients: 10,
    callsPerSession: 10,
    largeSize: 1_000_000,
  },
  full: {
    seconds: 1_800,
    warmUpSeconds: 300,
    sampleSeconds: 10,
    chartSeconds: 60,
    clients: 20,
    callsPerSession: 10,
    largeSize: 1_000_000,
  },
};

const ERAS: readonly SoakEra[] = ['legacy', 'modern'];

/** Reads the RSS of each gateway at every `sampleSeconds` from `started` until `seconds`. */
async function sampleRss(
  gateways: readonly AppInstance[],
  plan: (typeof PLANS)[RunMode],
  started: number,
): Promise<RssSample[][]> {
  const samples: RssSample[][] = gateways.map(() => []);
  for (let seconds = 0; seconds <= plan.seconds; seconds += plan.sampleSeconds) {
    const wait = started + seconds * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const readings = await Promise.all(gateways.map((gateway) => readRssMiB(gateway.pid)));
    readings.forEach((rssMiB, index) => {
      samples[index]?.push({ seconds, rssMiB: round(rssMiB, 1) });
    });
  }
  return samples;
}

/** `pnpm bench soak`. */
export const soakBenchmark: Benchmark = {
  name: 'soak',
  description:
    'x-gateway RSS over a 10-minute soak with session churn and large artifacts, both eras: flat after warm-up?',
  about: { datasets: [], published: [] },
  async run(context) {
    const plan = PLANS[context.mode];
    const root = context.repositoryRoot;
    const folder = await mkdtemp(join(tmpdir(), 'x-bench-soak-'));
    const gateways: AppInstance[] = [];
    let rows: SoakRow[];
    let loadAverage: { before: number[]; after: number[] };
    try {
      const config = await writeLoadConfig(
        folder,
        join(root, 'packages', 'core', 'dist', 'catalog-server', 'bin.js'),
      );
      const cli = join(root, 'apps', 'gateway', 'dist', 'cli.js');
      for (const _era of ERAS) {
        gateways.push(await startApp(cli, ['serve', '--config', config, '--quiet']));
      }
      context.note(
        `soak: ${plan.clients} clients per era for ${plan.seconds} s, RSS every ${plan.sampleSeconds} s`,
      );
      const loadBefore = readLoadAverage();
      const started = performance.now();
      const deadline = started + plan.seconds * 1000;
      const shouldStop = () => performance.now() >= deadline;
      const [samples, ...runs] = await Promise.all([
        sampleRss(gateways, plan, started),
        ...ERAS.map((era, index) =>
          runChurn({
            url: (gateways[index] as AppInstance).url,
            era,
            clients: plan.clients,
            callsPerSession: plan.callsPerSession,
            largeSize: plan.largeSize,
            shouldStop,
          }),
        ),
      ]);
      loadAverage = { before: loadBefore, after: readLoadAverage() };
      rows = ERAS.map((era, index) => {
        const eraSamples = (samples as RssSample[][])[index] ?? [];
        return {
          era,
          ...(runs[index] as ChurnRun),
          samples: eraSamples,
          summary: summarizeRss(eraSamples, plan.warmUpSeconds, plan.seconds),
        };
      });
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await rm(folder, { recursive: true, force: true });
    }
    const flat = rows.every((row) => row.summary.flat);
    const text = [
      `${plan.clients} clients per era for ${plan.seconds} s against one x-gateway each (loopback, no tokens): every client session browses, stores a ${plan.largeSize}-character result as an artifact every third call, views it, and ends after ${plan.callsPerSession} calls (2025: DELETE), then opens a new one. RSS of each gateway every ${plan.sampleSeconds} s; warm-up ${plan.warmUpSeconds} s.`,
      '',
      formatSoakTable(rows),
      '',
      `RSS in MiB. The time after warm-up is cut into ${WINDOWS} windows; a window's floor is its lowest reading (what stays after garbage collection), its peak the top of the sawtooth; drifts compare the last window with the first. Trend: the least-squares slope of every reading after warm-up times the span, as a share of the mean reading. Memory is flat when the trend is within ${FLAT_WITHIN * 100}%.`,
      flat ? 'Both eras: flat.' : 'Not flat in every era: see the table.',
      `Load average (1/5/15 min) ${formatLoadAverage(loadAverage.before)} at the start, ${formatLoadAverage(loadAverage.after)} at the end: on a shared machine the sessions and calls served move with it.`,
    ].join('\n');
    return {
      text,
      result: {
        plan,
        loadAverage,
        flatWithin: FLAT_WITHIN,
        flat,
        eras: rows.map((row) => ({
          era: row.era,
          sessions: row.sessions,
          calls: row.calls,
          errors: row.errors,
          sampleErrors: row.sampleErrors,
          rssMiB: {
            start: row.samples[0]?.rssMiB,
            minAfterWarmUp: row.summary.min,
            maxAfterWarmUp: row.summary.max,
          },
          windows: row.summary.windows,
          floorDrift: round(row.summary.floorDrift, 4),
          peakDrift: round(row.summary.peakDrift, 4),
          slopeMiBPerMinute: round(row.summary.slopePerMinute, 2),
          meanMiB: round(row.summary.mean, 1),
          trend: round(row.summary.trend, 4),
          flat: row.summary.flat,
          samples: row.samples,
        })),
      },
      chart: renderSoakChart(rows, plan.chartSeconds),
    };
  },
};
