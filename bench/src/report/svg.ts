/** Shared pieces of the SVG charts: size, palette, text escaping and number formatting. */

/** Chart size and the plot area inside it, in SVG user units. */
export const CHART = {
  width: 720,
  height: 400,
  left: 64,
  right: 160,
  top: 48,
  bottom: 56,
} as const;

/** Series colours, in order; a colour-blind-safe palette. */
export const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#000000',
];

/** Escapes text for SVG content and attributes. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A coordinate with at most one decimal, without trailing zeros: stable bytes. */
export function coordinate(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/**
 * A tick label: up to three significant digits, trailing zeros dropped; whole thousands from
 * 10,000 up as `10k`, whole millions as `1M`, so that wide values fit beside the axis.
 */
export function tickLabel(value: number): string {
  const rounded = Number(value.toPrecision(3));
  if (Math.abs(rounded) >= 1_000_000 && rounded % 1_000_000 === 0) return `${rounded / 1_000_000}M`;
  if (Math.abs(rounded) >= 10_000 && rounded % 1_000 === 0) return `${rounded / 1_000}k`;
  return String(rounded);
}

/** Five round ticks from 0 to a "nice" maximum at or above `max`. */
export function niceTicks(max: number): number[] {
  const top = max > 0 ? max : 1;
  const step = niceStep(top / 4);
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** The frame of a chart: title, y grid with labels, axis titles and a legend. */
export function frame(options: {
  title: string;
  xLabel: string;
  yLabel: string;
  ticks: readonly number[];
  y: (value: number) => number;
  legend: readonly string[];
}): string[] {
  const { left, top, width, height, right, bottom } = CHART;
  const plotRight = width - right;
  const parts = [
    `<text x="${width / 2}" y="${top / 2 + 4}" text-anchor="middle" font-size="16">${escapeXml(options.title)}</text>`,
  ];
  for (const tick of options.ticks) {
    const y = coordinate(options.y(tick));
    parts.push(`<line x1="${left}" y1="${y}" x2="${plotRight}" y2="${y}" stroke="#ddd"/>`);
    parts.push(
      `<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${tickLabel(tick)}</text>`,
    );
  }
  parts.push(
    `<text x="${(left + plotRight) / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text x="16" y="${(top + height - bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(top + height - bottom) / 2})">${escapeXml(options.yLabel)}</text>`,
  );
  options.legend.forEach((name, index) => {
    const y = top + index * 20;
    parts.push(
      `<rect x="${plotRight + 16}" y="${y}" width="12" height="12" fill="${PALETTE[index % PALETTE.length]}"/>`,
      `<text x="${plotRight + 34}" y="${y + 10}">${escapeXml(name)}</text>`,
    );
  });
  return parts;
}

/** Wraps chart parts in an `<svg>` element with the chart's size and a plain font. */
export function svgDocument(parts: readonly string[]): string {
  const { width, height } = CHART;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
