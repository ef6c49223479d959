/** Renders rows as a plain-text table with right-aligned numbers. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 || i === 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same rows as a Markdown table, for docs/performance.md. */
export function markdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const sep = header.map((_, i) => (i < 2 ? '---' : '---:'));
  return [header, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
