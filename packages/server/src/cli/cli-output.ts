/**
 * Output helpers of the admin CLI: where text goes, a typed "usage error" that becomes exit code 2,
 * and a plain-text table.
 * @module
 */

/** Somewhere text can be written (process.stdout fits). */
export interface TextSink {
  /** Writes a chunk of text. */
  write(text: string): unknown;
}

/** A wrong command line or an unknown id: printed to stderr, exit code 2. */
export class CliUsageError extends Error {}

/**
 * Formats rows as a left-aligned text table with a header line.
 * @example
 * formatTable(['id', 'title'], [['1', 'Packers Wire']]);
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
