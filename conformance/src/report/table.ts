/**
 * Plain-text tables with padded columns.
 *
 * @module
 */

/** Lays out `rows` under `headers`, padding every column but the last, each line indented by `indent`. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  indent = '',
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ');
  return [line(headers), ...rows.map(line)].join('\n');
}
