import { CHART, coordinate, escapeXml, frame, niceTicks, PALETTE, svgDocument } from './svg.js';

/** What {@link renderBarChart} draws: one group of bars per category, one bar per series. */
export interface BarChart {
  /** The title above the chart. */
  readonly title: string;
  /** The category names along the x axis. */
  readonly categories: readonly string[];
  /** The series; `values[i]` belongs to `categories[i]` (missing or negative values draw no bar). */
  readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
  /** The y axis title. */
  readonly yLabel: string;
  /** The x axis title; default none. */
  readonly xLabel?: string;
  /** The top of the y axis; default a round number above the largest value. */
  readonly yMax?: number;
}

/** Renders a grouped bar chart as a standalone SVG document (deterministic bytes). */
export function renderBarChart(chart: BarChart): string {
  const { left, right, top, bottom, width, height } = CHART;
  const values = chart.series.flatMap((series) => series.values);
  const ticks = niceTicks(chart.yMax ?? Math.max(0, ...values));
  const yTop = ticks[ticks.length - 1] ?? 1;
  const plotHeight = height - top - bottom;
  const y = (value: number): number => top + plotHeight * (1 - value / yTop);
  const parts = frame({
    title: chart.title,
    xLabel: chart.xLabel ?? '',
    yLabel: chart.yLabel,
    ticks,
    y,
    legend: chart.series.map((series) => series.name),
  });
  const groupWidth = (width - left - right) / Math.max(1, chart.categories.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, chart.series.length);
  chart.categories.forEach((category, categoryIndex) => {
    const groupLeft = left + categoryIndex * groupWidth + groupWidth * 0.1;
    chart.series.forEach((series, seriesIndex) => {
      const value = series.values[categoryIndex];
      if (value === undefined || !(value >= 0)) return;
      const barTop = y(Math.min(value, yTop));
      parts.push(
        `<rect x="${coordinate(groupLeft + seriesIndex * barWidth)}" y="${coordinate(barTop)}" width="${coordinate(barWidth)}" height="${coordinate(top + plotHeight - barTop)}" fill="${PALETTE[seriesIndex % PALETTE.length]}"><title>${escapeXml(`${series.name}: ${value}`)}</title></rect>`,
      );
    });
    parts.push(
      `<text x="${coordinate(left + (categoryIndex + 0.5) * groupWidth)}" y="${top + plotHeight + 16}" text-anchor="middle">${escapeXml(category)}</text>`,
    );
  });
  return svgDocument(parts);
}
