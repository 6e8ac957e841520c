/**
 * The embedded database: PGlite (PostgreSQL in WebAssembly), persisted in a folder or in memory.
 * @module
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable, QueryResult } from './database.js';
import { type HousekeepingOptions, startPGliteHousekeeping } from './pglite-housekeeping.js';
import { initPGliteDataDir } from './pglite-initdb.js';
import { PGliteStatements } from './pglite-statements.js';

/**
 * PostgreSQL's shared buffers inside PGlite. The default (128MB) is resident memory for the life of
 * the process; pages beyond 16MB are read from the data folder through the OS page cache, which keeps
 * them in memory anyway on a machine with room, and hot pages are served from the page cache of
 * `http/response-cache.ts` before they reach the database.
 */
export const DEFAULT_SHARED_BUFFERS = '16MB';

/**
 * How PostgreSQL plans the named statements of `pglite-statements.ts`: one generic plan each, made once.
 * In its default (`auto`) mode the plan cache compares a generic plan's estimate with the average of the
 * first five custom plans and mostly keeps planning for each set of values, because a plan made for the
 * values always looks cheaper; on PGlite planning a page statement costs several ms, often more than
 * running it. Measured on the 1,000,000-article database (in-process profile, 2026-11-26): a team's news
 * page 8.6 to 4.7 ms, a member's 5.2 to 2.9 ms, sport news 5.7 to 3.5 ms, a member's combined news 5.6
 * to 3.1 ms; a member's page computed from a cold cache 10 to 6 ms, and the members' run's p99 at 300/s
 * 40 / 57 ms to 39 / 25 ms (two alternating runs each). At 10,000 articles the two modes are within the
 * spread. The server's statements are written so that one plan fits every value (index-driven); a
 * statement that needs a plan per value sets `plan_cache_mode` in its transaction (the windows of
 * `search/document-search.ts`). PostgreSQL is not affected: its pool sends unnamed statements.
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * PostgreSQL's full-page writes inside PGlite: off. They copy each page into the WAL the first time it
 * changes after a checkpoint, so that a page half written when the machine lost power can be restored.
 * PGlite already runs without fsync (its `-F` start flag), so a power loss or an OS crash can lose or
 * corrupt recent writes whatever the WAL holds: the copies protect nothing there. A crash of the process
 * alone leaves no half-written page (each page is one `write` the kernel completes). Off, the ingest
 * store on the benchmark corpus took 12.0 and 12.5 s instead of 15.4 and 14.2 s (two alternating pairs,
 * 2026-11-28). PostgreSQL's settings are its operator's (`docs/deploy.md`).
 */
export const FULL_PAGE_WRITES = 'off';

/**
 * How much WAL PGlite keeps, and how it starts new segments. PGlite runs PostgreSQL as a single-user
 * backend without a checkpointer, and the backend checkpoints only when it closes (then keeping up to
 * `max_wal_size` for reuse), so `wal-checkpoints.ts` runs the checkpoints while it is open (`pglite-housekeeping.ts`). With the
 * default 1 GB a data folder carried up to 1 GB of WAL beside its tables (1,009 MB in the 1M-article
 * benchmark folder; 337 MB beside 114 MB of tables after the ingest benchmark's 20,000 articles), and
 * each new 16 MB segment was written twice, zeros first (320 of the 1,249 MB that run wrote): zero-filling
 * reserves the segment's blocks before a crash, which without fsync buys nothing. With full-page writes
 * off, a checkpoint adds no WAL of its own; it writes the dirty shared buffers (16 MB at most), and
 * recovery after a crash replays less. Measured on the ingest benchmark: pg_wal 61 MB instead of 337 MB,
 * 929 MB written instead of 1,249 MB, the store within its run-to-run spread (2026-11-28). PostgreSQL's
 * settings are its operator's.
 */
export const MAX_WAL_SIZE = '64MB';
/** The WAL kept for recycling after a checkpoint (PostgreSQL's least: two 16 MB segments). */
export const MIN_WAL_SIZE = '32MB';
/** Zero-filling a new WAL segment reserves its blocks before a crash; without fsync that buys nothing. */
export const WAL_INIT_ZERO = 'off';

/**
 * Lets the event loop run before each statement. PGlite executes a statement synchronously on this
 * thread, and the statements of one request follow each other through promises that are already
 * settled, so a page computed with six queries held the thread for its whole 30 ms: every answer the page
 * cache had ready (and every socket) waited behind it. Yielding between statements bounds that wait to
 * the longest single statement. The function is captured at load, so tests that fake timers don't stop
 * the database.
 */
const immediate = globalThis.setImmediate.bind(globalThis);
const yieldToEventLoop = () => new Promise<void>((resolve) => immediate(resolve));

/**
 * The contrib extensions search needs (trigram similarity, accent folding). PGlite loads an extension's
 * code only when it is listed at start, so every open lists them: a folder whose migrations created
 * them cannot be read without them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** Where a PGlite database lives: a folder, memory, or a memory copy of a dumped data folder. */
export interface PGliteOptions {
  /** Folder to persist in; omitted means in memory. */
  dataDir?: string;
  /** A data folder dump (`dumpDataDir()`) to start from; tests clone a migrated, seeded template this way. */
  loadDataDir?: Blob | File;
  /** PostgreSQL's `shared_buffers` (default {@link DEFAULT_SHARED_BUFFERS}; bulk loads want more). */
  sharedBuffers?: string;
  /** The periodic checkpoints and vacuums (`pglite-housekeeping.ts`); tests and benchmarks tune them. */
  housekeeping?: HousekeepingOptions;
  /**
   * Create a missing data folder in a child process (default true: see `pglite-initdb.ts`); false in
   * processes that are short-lived themselves.
   */
  initdbInChild?: boolean;
}

/** A {@link Database} on PGlite. `pglite` is exposed for dumps (test templates). */
export class PGliteDatabase implements Database {
  /** Always `pglite`. */
  readonly kind = 'pglite' as const;

  /** Statements sent more than once run as named prepared statements (see pglite-statements.ts). */
  private readonly statements: PGliteStatements;

  /** Stops the periodic checkpoints and vacuums (`pglite-housekeeping.ts`). */
  private readonly stopHousekeeping: () => Promise<void>;

  private constructor(
    /** The underlying PGlite instance. */
    readonly pglite: PGlite,
    housekeeping: HousekeepingOptions = {},
  ) {
    this.statements = new PGliteStatements(pglite);
    // PGlite has no checkpointer or autovacuum; close() stops these before closing. They talk to PGlite
    // itself, not through this object, so whatever counts or times this object's statements (the
    // profile, tests) never sees them.
    const direct: Queryable = {
      query: async <T>(sql: string, params: unknown[] = []) => ({
        rows: (await pglite.query<T>(sql, params)).rows,
      }),
      exec: async (sql: string) => {
        await pglite.exec(sql);
      },
    };
    this.stopHousekeeping = startPGliteHousekeeping(direct, housekeeping);
  }

  /**
   * Opens (creating when needed) a PGlite database.
   *
   * @example
   * ```ts
   * const db = await PGliteDatabase.open({ dataDir: '.data/pglite' });
   * ```
   */
  static async open(options: PGliteOptions = {}): Promise<PGliteDatabase> {
    const startParams = [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? DEFAULT_SHARED_BUFFERS}`,
      '-c',
      `plan_cache_mode=${PLAN_CACHE_MODE}`,
      '-c',
      `full_page_writes=${FULL_PAGE_WRITES}`,
      '-c',
      `max_wal_size=${MAX_WAL_SIZE}`,
      '-c',
      `min_wal_size=${MIN_WAL_SIZE}`,
      '-c',
      `wal_init_zero=${WAL_INIT_ZERO}`,
    ];
    if (options.dataDir && options.initdbInChild !== false) initPGliteDataDir(options.dataDir, startParams);
    const pglite = await PGlite.create({
      startParams,
      extensions: PGLITE_EXTENSIONS,
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return new PGliteDatabase(pglite, options.housekeeping);
  }

  /** {@inheritDoc Queryable.query} */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    await yieldToEventLoop();
    const rows = await this.statements.run<T>(sql, params, false);
    return { rows: rows ?? (await this.pglite.query<T>(sql, params)).rows };
  }

  /** {@inheritDoc Queryable.exec} */
  async exec(sql: string): Promise<void> {
    await yieldToEventLoop();
    await this.pglite.exec(sql);
  }

  /** {@inheritDoc Database.transaction} */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pglite.transaction(async (tx) =>
      fn({
        query: async <R>(sql: string, params: unknown[] = []) => {
          await yieldToEventLoop();
          const rows = await this.statements.run<R>(sql, params, true);
          return { rows: rows ?? (await tx.query<R>(sql, params)).rows };
        },
        exec: async (sql: string) => {
          await yieldToEventLoop();
          await tx.exec(sql);
        },
      }),
    );
  }

  /** {@inheritDoc Database.close} */
  async close(): Promise<void> {
    await this.stopHousekeeping();
    if (!this.pglite.closed) await this.pglite.close();
  }
}
