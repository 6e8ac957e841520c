/**
 * The CLI's `sources check [--json] [--sport slug] [--kind kind]`: runs {@link checkCatalogue} over the
 * shipped catalogue and prints a table (or JSON for scripts). It opens no database, so it runs while the
 * server does. Exit code 0 when every entry answered, 1 when some failed, 2 on wrong usage.
 * @module
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CatalogueCheck, checkCatalogue } from '../sources/catalogue/check-catalogue.js';
import { loadCatalogue } from '../sources/catalogue/load-catalogue.js';
import { CliUsageError, formatTable, type TextSink } from './cli-output.js';

/** Options of {@link runSourcesCheck}. */
export interface SourcesCheckOptions {
  /** Normal output. */
  stdout: TextSink;
  /** Errors and progress. */
  stderr: TextSink;
  /** The data folder, where the last check's validators are kept (`catalogue-check.json`). */
  dataDir: string;
  /** The catalogue folder (default the shipped one). */
  catalogueDir?: string;
  /** The fetch (tests; the CLI passes the production-guarded one). */
  fetch?: typeof fetch;
  /** User-Agent of the fetches. */
  userAgent?: string;
}

const KINDS = ['news', 'video', 'podcast', 'social'];

/**
 * Runs `sources check` with the words after `sources check`.
 * @example
 * const code = await runSourcesCheck(['--json'], { stdout: process.stdout, stderr: process.stderr, dataDir: '.data' });
 */
export async function runSourcesCheck(
  argv: readonly string[],
  options: SourcesCheckOptions,
): Promise<number> {
  let values: { json?: boolean; sport?: string; kind?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { json: { type: 'boolean' }, sport: { type: 'string' }, kind: { type: 'string' } },
      strict: true,
    }));
    if (values.kind && !KINDS.includes(values.kind)) {
      throw new CliUsageError(`Unknown kind "${values.kind}" (use ${KINDS.join(', ')})`);
    }
  } catch (error) {
    options.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const entries = loadCatalogue(options.catalogueDir).filter(
    (e) => (!values.sport || e.sport === values.sport) && (!values.kind || e.kind === values.kind),
  );
  if (entries.length === 0) {
    options.stderr.write('No catalogue entries match.\n');
    return 2;
  }
  if (!values.json) options.stderr.write(`Checking ${entries.length} catalogue feeds…\n`);
  const checks = await checkCatalogue(entries, {
    cacheFile: join(options.dataDir, 'catalogue-check.json'),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const failed = checks.filter((c) => c.state === 'error').length;
  if (values.json) {
    options.stdout.write(`${JSON.stringify(checks, null, 2)}\n`);
  } else {
    options.stdout.write(`${formatTable(HEADERS, checks.map(row))}\n`);
    const unchanged = checks.filter((c) => c.state === 'not-modified').length;
    options.stdout.write(
      `\n${checks.length} feeds: ${checks.length - failed - unchanged} answered, ${unchanged} not modified since the last check, ${failed} failed.\n`,
    );
  }
  return failed > 0 ? 1 : 0;
}

const HEADERS = ['status', 'latency', 'items', 'last item', 'kind', 'title', 'url / error'];

function row(check: CatalogueCheck): string[] {
  const status = check.status === null ? (check.state === 'error' ? 'ERR' : '-') : String(check.status);
  return [
    status,
    `${check.latencyMs} ms`,
    check.items === null ? '-' : String(check.items),
    check.lastItemAt ? check.lastItemAt.slice(0, 10) : '-',
    check.kind,
    check.title.slice(0, 32),
    check.error
      ? `${check.url} ${check.error.replace(/\s+/g, ' ').slice(0, 80)}`
      : check.movedTo
        ? `${check.url} → moved to ${check.movedTo}`
        : check.url,
  ];
}
