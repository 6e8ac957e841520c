/**
 * The admin CLI's commands, runnable in-process (`runCli(argv, { db, stdout })`) so tests need no
 * child process; `main.ts` opens the database and calls it.
 *
 * Exit codes: 0 done, 1 a source failed to ingest (or an unexpected error), 2 wrong usage or an
 * unknown id/slug.
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { API_ACCESS_HELP, usersApi } from '../api-keys/api-access-cli.js';
import { BACKUP_HELP } from '../backup/backup-command.js';
import type { Database } from '../db/database.js';
import { HostPoliteness } from '../ingest/feeds/host-politeness.js';
import { createFeedFetcher, type FeedFetcher } from '../ingest/pipeline/feed-fetcher.js';
import { ingestSource } from '../ingest/pipeline/ingest-source.js';
import { loadTagIndex } from '../ingest/pipeline/load-tag-index.js';
import { loadSource, type SourceKind, type SourceRow } from '../ingest/pipeline/source-row.js';
import { importOpml } from '../sources/opml-import.js';
import {
  createSource,
  listSources,
  SOURCE_KINDS,
  SourceInputError,
  setSourceEnabled,
} from '../sources/source-store.js';
import { CliUsageError, formatTable, type TextSink } from './cli-output.js';

/** The help text of `npm run cli -- --help`. */
export const CLI_HELP = `SportSpyder admin CLI

Usage: npm run cli -- <command> [options]

Commands:
  sources add <feedUrl> [--kind news|video|podcast|mastodon] [--title T] [--team slug]... [--sport slug] [--topic slug]
      Register a feed (http(s), demo:feeds/<name> or file:///path). The domain is created from the URL host.
  sources list
      Every source with its kind, state, failure count, last error and next fetch time.
  sources disable <id>    Stop fetching a source.
  sources enable <id>     Fetch a source again (due at once).
  sources check [--json] [--sport slug] [--kind news|video|podcast|social]
      Fetch every entry of the real-world catalogue once (conditional, polite) and print its status, latency,
      items and last item date; --json for scripts. Needs no database (runs beside the server). Exit code 1
      when some entry failed.
  sources ingest <id> | --all
      Fetch and store now; prints what was inserted. Exit code 1 when a source failed.
  feeds import <opml-file> [--kind news|video|podcast|mastodon]
      Every outline with an xmlUrl becomes a source. Enclosing outline titles (and the outline's category)
      that name a team (slug or full name) or a sport (slug or name) become its default teams and sport.
${API_ACCESS_HELP}${BACKUP_HELP}
Environment: DATA_DIR (embedded database in DATA_DIR/pglite) or DATABASE_URL (PostgreSQL).
With the embedded database, stop the server first (only one process may open it; backup asks the running
server), or manage sources while it runs on its admin page, /admin/sources.
`;

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The open, migrated database. */
  db: Database;
  /** Where normal output goes. */
  stdout: TextSink;
  /** Where errors go (default `stdout`). */
  stderr?: TextSink;
  /** Reads feeds for `sources ingest` (default: HTTP plus `demo:` against `demoDir`). */
  fetcher?: FeedFetcher;
  /** Folder `demo:` feed URLs resolve against (`<DATA_DIR>/demo`). */
  demoDir?: string;
  /** The clock (tests). */
  now?: () => Date;
}

const OPTIONS = {
  kind: { type: 'string' },
  title: { type: 'string' },
  team: { type: 'string', multiple: true },
  sport: { type: 'string' },
  topic: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs one CLI command and returns its exit code; never throws.
 * @example
 * const code = await runCli(['sources', 'list'], { db, stdout: process.stdout, stderr: process.stderr });
 */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  const stderr = options.stderr ?? options.stdout;
  try {
    let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliUsageError(error instanceof Error ? error.message : String(error));
    }
    const { values, positionals } = parsed;
    if (values.help || positionals.length === 0) {
      options.stdout.write(CLI_HELP);
      return 0;
    }
    const [group, command, ...rest] = positionals;
    const key = `${group} ${command ?? ''}`.trim();
    switch (key) {
      case 'sources add':
        return await sourcesAdd(rest, values, options);
      case 'sources list':
        return await sourcesList(options);
      case 'sources disable':
      case 'sources enable':
        await setSourceEnabled(options.db, idArg(rest[0]), command === 'enable');
        options.stdout.write(`Source ${rest[0]} ${command === 'enable' ? 'enabled' : 'disabled'}\n`);
        return 0;
      case 'sources ingest':
        return await sourcesIngest(rest, values.all === true, options);
      case 'users api':
        return await usersApi(rest, options);
      case 'feeds import':
        return await feedsImport(rest, values.kind, options);
      default:
        throw new CliUsageError(`Unknown command "${key}". Run with --help for the list of commands.`);
    }
  } catch (error) {
    // The source store's refusals (an unknown slug or id, a registered URL) are usage errors too.
    if (error instanceof CliUsageError || error instanceof SourceInputError) {
      stderr.write(`Error: ${error.message}\n`);
      return 2;
    }
    stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function idArg(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new CliUsageError(`Expected a source id, got "${value ?? ''}"`);
  return Number(value);
}

function kindArg(value: string | undefined): SourceKind | undefined {
  if (value === undefined) return undefined;
  if (!SOURCE_KINDS.includes(value as SourceKind)) {
    throw new CliUsageError(`Unknown kind "${value}" (use ${SOURCE_KINDS.join(', ')})`);
  }
  return value as SourceKind;
}

async function sourcesAdd(
  rest: string[],
  values: { kind?: string; title?: string; team?: string[]; sport?: string; topic?: string },
  options: RunCliOptions,
): Promise<number> {
  const feedUrl = rest[0];
  if (!feedUrl) throw new CliUsageError('sources add needs a feed URL');
  const kind = kindArg(values.kind);
  const source = await createSource(options.db, {
    feedUrl,
    ...(kind ? { kind } : {}),
    ...(values.title ? { title: values.title } : {}),
    teamSlugs: values.team ?? [],
    ...(values.sport ? { sportSlug: values.sport } : {}),
    ...(values.topic ? { topicSlug: values.topic } : {}),
  });
  options.stdout.write(`Added source ${source.id}: ${source.title} (${source.kind}) ${source.feedUrl}\n`);
  return 0;
}

function when(date: Date | null): string {
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-';
}

async function sourcesList(options: RunCliOptions): Promise<number> {
  const sources = await listSources(options.db);
  if (sources.length === 0) {
    options.stdout.write('No sources yet. Add one with: npm run cli -- sources add <feedUrl>\n');
    return 0;
  }
  const rows = sources.map((s) => [
    String(s.id),
    s.kind,
    s.title.slice(0, 40),
    s.enabled ? 'yes' : 'no',
    String(s.failureCount),
    (s.lastError ?? '-').replace(/\s+/g, ' ').slice(0, 60),
    when(s.nextFetchAt),
  ]);
  options.stdout.write(
    `${formatTable(['id', 'kind', 'title', 'enabled', 'failures', 'last error', 'next fetch'], rows)}\n`,
  );
  return 0;
}

async function sourcesIngest(rest: string[], all: boolean, options: RunCliOptions): Promise<number> {
  let sources: SourceRow[];
  if (all) {
    sources = (await listSources(options.db)).filter((s) => s.enabled);
  } else {
    const id = idArg(rest[0]);
    const source = await loadSource(options.db, id);
    if (!source) throw new CliUsageError(`No source with id ${id}`);
    sources = [source];
  }
  const fetcher =
    options.fetcher ?? createFeedFetcher({ ...(options.demoDir ? { demoDir: options.demoDir } : {}) });
  const politeness = new HostPoliteness();
  const tagIndex = await loadTagIndex(options.db);
  let failed = 0;
  for (const source of sources) {
    const result = await ingestSource(options.db, source, {
      fetcher,
      politeness,
      tagIndex,
      now: options.now?.() ?? new Date(),
    });
    const { inserted, duplicates, skipped } = result.counts;
    if (result.error) {
      failed++;
      options.stdout.write(
        `#${source.id} ${source.title}: failed (${result.error.code}) ${result.error.message}\n`,
      );
    } else {
      options.stdout.write(
        `#${source.id} ${source.title}: ${result.status} inserted=${inserted} duplicates=${duplicates} skipped=${skipped}\n`,
      );
    }
  }
  if (sources.length === 0) options.stdout.write('No enabled sources.\n');
  return failed > 0 ? 1 : 0;
}

async function feedsImport(
  rest: string[],
  kind: string | undefined,
  options: RunCliOptions,
): Promise<number> {
  const file = rest[0];
  if (!file) throw new CliUsageError('feeds import needs an OPML file');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliUsageError(`Cannot read ${file}`);
  }
  const k = kindArg(kind);
  const result = await importOpml(options.db, text, k ? { kind: k } : {});
  for (const created of result.created) {
    const tags = [...created.teams, ...(created.sport ? [`sport ${created.sport}`] : [])].join(', ');
    options.stdout.write(`Added source ${created.id}: ${created.title}${tags ? ` [${tags}]` : ''}\n`);
  }
  for (const failed of result.failed) options.stdout.write(`Skipped ${failed.feedUrl}: ${failed.reason}\n`);
  options.stdout.write(
    `Imported ${result.created.length} sources (${result.existing.length} already registered, ${result.failed.length} failed)\n`,
  );
  return 0;
}
