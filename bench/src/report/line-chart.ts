import {
  CHART,
  coordinate,
  escapeXml,
  frame,
  niceTicks,
  PALETTE,
  svgDocument,
  tickLabel,
} from './svg.js';

/** How an axis maps values: evenly (`linear`) or by orders of magnitude (`log`, base 10). */
export type AxisScale = 'linear' | 'log';

/** What {@link renderLineChart} draws: one line per series through its `[x, y]` points. */
export interface LineChart {
  /** The title above the chart. */
  readonly title: string;
  /** The series; points are drawn in the order given. */
  readonly series: readonly {
    readonly name: string;
    readonly points: readonly (readonly [number, number])[];
  }[];
  /** The x axis title. */
  readonly xLabel: string;
  /** The y axis title. */
  readonly yLabel: string;
  /** The top of the y axis; default a round number (a power of 10 on a log axis) above the largest y. */
  readonly yMax?: number;
  /** The x scale (default `linear`); on `log`, points with x <= 0 are left out. */
  readonly xScale?: AxisScale;
  /** The y scale (default `linear`, from 0); on `log`, from the power of 10 at or below the smallest y, and points with y <= 0 are left out. */
  readonly yScale?: AxisScale;
}

/** Maps a value to 0..1 along an axis spanning `[low, high]` on `scale`. */
function position(value: number, low: number, high: number, scale: AxisScale): number {
  if (scale === 'log') {
    const span = Math.log10(high) - Math.log10(low) || 1;
    return (Math.log10(value) - Math.log10(low)) / span;
  }
  return (value - low) / (high - low || 1);
}

/** Powers of ten from the one at or below `min` to the one at or above `max` (both > 0). */
export function logTicks(min: number, max: number): number[] {
  const low = Math.floor(Math.log10(min));
  const high = Math.max(low + 1, Math.ceil(Math.log10(max)));
  return Array.from({ length: high - low + 1 }, (_, index) => 10 ** (low + index));
}

/**
 * Renders a line chart as a standalone SVG document (deterministic bytes). Each distinct x gets
 * a label under the axis; on a log y axis the grid lines are powers of ten.
 */
export function renderLineChart(chart: LineChart): string {
  const { left, right, top, bottom, width, height } = CHART;
  const xScale = chart.xScale ?? 'linear';
  const yScale = chart.yScale ?? 'linear';
  const drawable = ([x, y]: readonly [number, number]): boolean =>
    (xScale === 'linear' || x > 0) && (yScale === 'linear' || y > 0);
  const series = chart.series.map((entry) => ({
    name: entry.name,
    points: entry.points.filter(drawable),
  }));
  const points = series.flatMap((entry) => entry.points);
  const ys = points.map(([, value]) => value);
  const yHighest = chart.yMax ?? Math.max(0, ...ys);
  const ticks =
    yScale === 'log' && ys.length > 0 ? logTicks(Math.min(...ys), yHighest) : niceTicks(yHighest);
  const yBottom = yScale === 'log' ? (ticks[0] ?? 1) : 0;
  const yTop = ticks[ticks.length - 1] ?? 1;
  const plotHeight = height - top - bottom;
  const xs = points.map(([value]) => value);
  const xMin = xs.length === 0 ? 0 : Math.min(...xs);
  const xMax = xs.length === 0 ? 1 : Math.max(...xs);
  const x = (value: number): number =>
    left + position(value, xMin, xMax, xScale) * (width - left - right);
  const y = (value: number): number =>
    top + plotHeight * (1 - position(value, yBottom, yTop, yScale));
  const parts = frame({
    title: chart.title,
    xLabel: chart.xLabel,
    yLabel: chart.yLabel,
    ticks,
    y,
    legend: series.map((entry) => entry.name),
  });
  for (const value of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(
      `<text x="${coordinate(x(value))}" y="${top + plotHeight + 16}" text-anchor="middle">${tickLabel(value)}</text>`,
    );
  }
  series.forEach((entry, index) => {
    const colour = PALETTE[index % PALETTE.length];
    const path = entry.points.map(([px, py]) => `${coordinate(x(px))},${coordinate(y(py))}`);
    parts.push(
      `<polyline points="${path.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"><title>${escapeXml(entry.name)}</title></polyline>`,
    );
    for (const [px, py] of entry.points) {
      parts.push(
        `<circle cx="${coordinate(x(px))}" cy="${coordinate(y(py))}" r="3" fill="${colour}"/>`,
      );
    }
  });
  return svgDocument(parts);
}
