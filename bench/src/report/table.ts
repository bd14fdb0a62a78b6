/** One column of {@link formatTable}. */
export interface TableColumn {
  /** The heading. */
  readonly title: string;
  /** Right-align (numbers); default left. */
  readonly align?: 'left' | 'right';
}

/**
 * Formats rows as a plain-text table: a heading, a rule, then the rows, columns padded to the
 * widest cell and separated by two spaces. Cells are printed as given; missing cells are blank.
 */
export function formatTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    columns
      .map((column, index) => {
        const cell = cells[index] ?? '';
        const width = widths[index] ?? 0;
        return column.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)].join('\n');
}

/** Formats a number with a fixed number of decimals, for table cells. */
export function formatNumber(value: number, decimals: number): string {
  return value.toFixed(decimals);
}
