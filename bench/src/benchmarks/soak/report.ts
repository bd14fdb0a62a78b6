/**
 * What the soak reports: per era, the floor and peak of the resident set size in windows after
 * warm-up, the first against the last, as a table and a chart of RSS over time (MiB).
 *
 * @module
 */

import { renderLineChart } from '../../report/line-chart.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { ChurnRun, SoakEra } from './churn.js';
import type { RssSample } from './rss.js';

/**
 * The flatness target: after warm-up, the least-squares trend of RSS over the whole span moves it
 * by at most this fraction of its mean.
 */
export const FLAT_WITHIN = 0.1;

/** How many windows the time after warm-up is cut into. */
export const WINDOWS = 8;

/** The lowest and highest RSS of one window of time, MiB. */
export interface RssWindow {
  /** Seconds since the start at which the window begins. */
  readonly from: number;
  /** The lowest reading: what the process keeps after collecting garbage. */
  readonly floor: number;
  /** The highest reading: the top of the garbage-collection sawtooth. */
  readonly peak: number;
}

/** How RSS moved after warm-up. */
export interface RssSummary {
  /** The post-warm-up time in {@link WINDOWS} windows, in order. */
  readonly windows: readonly RssWindow[];
  /** The lowest reading after warm-up, MiB. */
  readonly min: number;
  /** The highest reading after warm-up, MiB. */
  readonly max: number;
  /** Least-squares slope of every reading after warm-up, MiB per minute. */
  readonly slopePerMinute: number;
  /** `last window's floor / first window's floor - 1`. */
  readonly floorDrift: number;
  /** `last window's peak / first window's peak - 1`. */
  readonly peakDrift: number;
  /** The mean reading after warm-up, MiB. */
  readonly mean: number;
  /** `slopePerMinute × minutes after warm-up / mean`: how far the trend moved RSS, as a fraction. */
  readonly trend: number;
  /** Whether the trend is within {@link FLAT_WITHIN}. */
  readonly flat: boolean;
}

function slopeOf(samples: readonly RssSample[]): number {
  const meanX = samples.reduce((sum, sample) => sum + sample.seconds, 0) / samples.length;
  const meanY = samples.reduce((sum, sample) => sum + sample.rssMiB, 0) / samples.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.seconds - meanX) * (sample.rssMiB - meanY);
    variance += (sample.seconds - meanX) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

/**
 * Summarizes the samples from `warmUpSeconds` to `endSeconds`, cut into {@link WINDOWS} windows
 * of equal length (the reading at `endSeconds` joins the last). A garbage-collected process moves
 * in a sawtooth, so single readings, and even the first and last window, say little about a leak:
 * memory is flat when the least-squares trend of every reading after warm-up moves RSS by at most
 * {@link FLAT_WITHIN} of its mean over the span. The windows' floors (what stays after collection)
 * and peaks are reported beside it.
 *
 * @throws Error when a window holds no sample (the soak was too short or sampled too rarely).
 */
export function summarizeRss(
  samples: readonly RssSample[],
  warmUpSeconds: number,
  endSeconds: number,
): RssSummary {
  const after = samples.filter((sample) => sample.seconds >= warmUpSeconds);
  const length = (endSeconds - warmUpSeconds) / WINDOWS;
  const groups: RssSample[][] = Array.from({ length: WINDOWS }, () => []);
  for (const sample of after) {
    const index = Math.min(Math.floor((sample.seconds - warmUpSeconds) / length), WINDOWS - 1);
    groups[index]?.push(sample);
  }
  const windows = groups.map((group, index) => {
    if (group.length === 0) throw new Error(`no RSS sample in window ${index + 1} of ${WINDOWS}`);
    const values = group.map((sample) => sample.rssMiB);
    return {
      from: warmUpSeconds + index * length,
      floor: Math.min(...values),
      peak: Math.max(...values),
    };
  });
  const first = windows[0] as RssWindow;
  const last = windows[WINDOWS - 1] as RssWindow;
  const floorDrift = last.floor / first.floor - 1;
  const peakDrift = last.peak / first.peak - 1;
  const values = after.map((sample) => sample.rssMiB);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const slopePerMinute = slopeOf(after);
  const trend = (slopePerMinute * (endSeconds - warmUpSeconds)) / 60 / mean;
  return {
    windows,
    min: Math.min(...values),
    max: Math.max(...values),
    slopePerMinute,
    floorDrift,
    peakDrift,
    mean,
    trend,
    flat: Math.abs(trend) <= FLAT_WITHIN,
  };
}

/** One era of the soak: what its clients did and how its gateway's RSS moved. */
export interface SoakRow extends ChurnRun {
  /** The era. */
  readonly era: SoakEra;
  /** Every RSS sample of the era's gateway. */
  readonly samples: readonly RssSample[];
  /** The samples after warm-up, summarized. */
  readonly summary: RssSummary;
}

const ERA_LABEL = { legacy: '2025 sessions', modern: '2026-07-28 stateless' } as const;

const percent = (fraction: number) =>
  `${fraction >= 0 ? '+' : ''}${formatNumber(fraction * 100, 1)}%`;

/** The plain-text table: one line per era. */
export function formatSoakTable(rows: readonly SoakRow[]): string {
  return formatTable(
    [
      { title: 'era' },
      { title: 'sessions', align: 'right' },
      { title: 'calls', align: 'right' },
      { title: 'errors', align: 'right' },
      { title: 'RSS at start', align: 'right' },
      { title: 'after warm-up min-max', align: 'right' },
      { title: 'first window floor/peak', align: 'right' },
      { title: 'last window floor/peak', align: 'right' },
      { title: 'floor drift', align: 'right' },
      { title: 'peak drift', align: 'right' },
      { title: 'slope MiB/min', align: 'right' },
      { title: 'trend', align: 'right' },
      { title: 'flat (10%)' },
    ],
    rows.map((row) => {
      const { windows } = row.summary;
      const first = windows[0];
      const last = windows[windows.length - 1];
      const pair = (window: RssWindow | undefined) =>
        window === undefined
          ? ''
          : `${formatNumber(window.floor, 0)}/${formatNumber(window.peak, 0)}`;
      return [
        ERA_LABEL[row.era],
        String(row.sessions),
        String(row.calls),
        String(row.errors),
        formatNumber(row.samples[0]?.rssMiB ?? 0, 0),
        `${formatNumber(row.summary.min, 0)}-${formatNumber(row.summary.max, 0)}`,
        pair(first),
        pair(last),
        percent(row.summary.floorDrift),
        percent(row.summary.peakDrift),
        formatNumber(row.summary.slopePerMinute, 1),
        percent(row.summary.trend),
        row.summary.flat ? 'yes' : 'no',
      ];
    }),
  );
}

/** RSS over time, one line per era, a point every `everySeconds`. */
export function renderSoakChart(rows: readonly SoakRow[], everySeconds: number): string {
  return renderLineChart({
    title: 'x-gateway RSS under session churn (loopback)',
    series: rows.map((row) => ({
      name: ERA_LABEL[row.era],
      points: row.samples
        .filter((sample) => sample.seconds % everySeconds === 0)
        .map((sample) => [sample.seconds / 60, sample.rssMiB] as const),
    })),
    xLabel: 'minutes',
    yLabel: 'RSS, MiB',
  });
}
