/**
 * Rows as aligned plain text: each column as wide as its widest cell, two
 * spaces between columns, no trailing spaces.
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title) => title.length);
  for (const row of rows) {
    for (let column = 0; column < widths.length; column++) widths[column] = Math.max(widths[column]!, (row[column] ?? '').length);
  }
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => (cells[column] ?? '').padEnd(width))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
