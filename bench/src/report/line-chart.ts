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
  /** The top of the y axis; default a round number above the largest y. */
  readonly yMax?: number;
}

/** Renders a line chart with a linear x axis as a standalone SVG document (deterministic bytes). */
export function renderLineChart(chart: LineChart): string {
  const { left, right, top, bottom, width, height } = CHART;
  const points = chart.series.flatMap((series) => series.points);
  const ticks = niceTicks(chart.yMax ?? Math.max(0, ...points.map(([, value]) => value)));
  const yTop = ticks[ticks.length - 1] ?? 1;
  const plotHeight = height - top - bottom;
  const xs = points.map(([value]) => value);
  const xMin = xs.length === 0 ? 0 : Math.min(...xs);
  const xMax = xs.length === 0 ? 1 : Math.max(...xs);
  const xSpan = xMax - xMin || 1;
  const x = (value: number): number => left + ((value - xMin) / xSpan) * (width - left - right);
  const y = (value: number): number => top + plotHeight * (1 - value / yTop);
  const parts = frame({
    title: chart.title,
    xLabel: chart.xLabel,
    yLabel: chart.yLabel,
    ticks,
    y,
    legend: chart.series.map((series) => series.name),
  });
  for (const value of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(
      `<text x="${coordinate(x(value))}" y="${top + plotHeight + 16}" text-anchor="middle">${tickLabel(value)}</text>`,
    );
  }
  chart.series.forEach((series, index) => {
    const colour = PALETTE[index % PALETTE.length];
    const path = series.points.map(([px, py]) => `${coordinate(x(px))},${coordinate(y(py))}`);
    parts.push(
      `<polyline points="${path.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"><title>${escapeXml(series.name)}</title></polyline>`,
    );
    for (const [px, py] of series.points) {
      parts.push(
        `<circle cx="${coordinate(x(px))}" cy="${coordinate(y(py))}" r="3" fill="${colour}"/>`,
      );
    }
  });
  return svgDocument(parts);
}
