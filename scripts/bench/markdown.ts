// Writes benchmark figures into docs/benchmarks.md: each benchmark owns one `## <heading>` section,
// which is replaced in place (or appended) so the server and tagging benchmarks can share the file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const PREAMBLE = `# Benchmarks

Figures written by the benchmark scripts (\`npm run bench:server\`, \`npm run bench:tagging\`); each
section says the command, the machine and the date it was produced on. Do not edit the sections by hand:
rerun the script.
`;

/**
 * Replaces the section that starts with `## <heading>` (up to the next `## ` heading) in `file`, or
 * appends it; creates the file with a short preamble when missing.
 */
export function writeSection(file: string, heading: string, body: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : PREAMBLE;
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n').trimEnd();
  const after = lines.slice(end).join('\n').trim();
  writeFileSync(file, `${before}\n\n${section}${after ? `\n${after}\n` : ''}`);
}

/** A markdown table from a header row and data rows. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A number with a fixed count of decimals, as text. */
export function fixed(value: number, decimals = 1): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : 'n/a';
}
