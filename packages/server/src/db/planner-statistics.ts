/**
 * Planner statistics on the embedded database. PostgreSQL's autovacuum daemon runs ANALYZE on tables
 * that changed; PGlite is a single-user backend without it, so a PGlite database that grew through
 * ingestion kept the statistics of its empty tables and the planner guessed: with 20,000 articles the
 * de-duplication lookup `canonical_url = ANY(...)` was estimated at half the table and ran as a
 * sequential scan (21 ms instead of 0.4 ms per feed, growing with the table). That lookup has used a
 * unique index since migration 0022, which the planner trusts without statistics, but reads by time
 * range or by tag still guess. The ingest path reports the rows it wrote here, and ANALYZE runs once
 * those writes reach the size the tables had at the last ANALYZE (doubling, so a growing database is
 * analysed a logarithmic number of times, each ANALYZE reading a bounded sample), and at first use
 * when the content tables were never analysed. A process's first ANALYZE covers the whole database,
 * and so does one at most once a day; the others cover the tables that ingestion grows
 * ({@link GROWING_TABLES}). The other fifty-odd tables (reference data, members, chat) cost about
 * 60% of a whole-database ANALYZE (270 of 440 ms at 17,000 articles), and ingestion, which triggers
 * these, does not change them: a fresh database taking its first articles analysed them five times in
 * its first minute.
 * On PostgreSQL this does nothing: autovacuum does it there.
 * @module
 */
import type { Database } from './database.js';

/** Writes below this never trigger an ANALYZE (the planner's guesses are harmless on small tables). */
export const MIN_ROWS_BEFORE_ANALYZE = 1000;

/** The table whose size sets the threshold: every ingest path writes articles or episodes with their tags. */
const MEASURED_TABLE = 'articles';

/** The tables ingestion adds rows to: those analysed as the database grows. */
export const GROWING_TABLES = [
  'articles',
  'article_teams',
  'article_sports',
  'article_topics',
  'article_players',
  'clusters',
  'podcasts',
  'podcast_episodes',
  'episode_teams',
  'episode_players',
  'posts',
  'post_teams',
  'notifications',
] as const;

interface State {
  /** Rows written since the last ANALYZE. */
  written: number;
  /** Rows the measured table had at the last ANALYZE (-1: never analysed, unknown until first use). */
  analysedRows: number | null;
  /** The ANALYZE (or first look) in progress. */
  running: Promise<void> | null;
  /** When this process last analysed the whole database (ms since the epoch; -Infinity: never). */
  wholeAt: number;
}

/** A whole-database ANALYZE is repeated after this long (ms): the tables ingestion does not grow. */
export const WHOLE_ANALYZE_INTERVAL_MS = 24 * 3600_000;

const states = new WeakMap<Database, State>();

function stateOf(db: Database): State {
  let state = states.get(db);
  if (!state) {
    state = { written: 0, analysedRows: null, running: null, wholeAt: Number.NEGATIVE_INFINITY };
    states.set(db, state);
  }
  return state;
}

/**
 * Rows sampled per table are 300 times the statistics target. PostgreSQL's default (100, 30,000 rows)
 * holds about 30 MB of article rows in PGlite's heap while ANALYZE runs, pages that then stay resident;
 * 10 (3,000 rows) is plenty for the estimates the content queries need (distinct counts, a coarse
 * histogram of dates).
 */
export const ANALYZE_STATISTICS_TARGET = 10;

async function analyse(db: Database, state: State): Promise<void> {
  // Writes reported while ANALYZE runs are not in its sample: they count toward the next one.
  const counted = state.written;
  const whole = Date.now() - state.wholeAt >= WHOLE_ANALYZE_INTERVAL_MS;
  // One table per statement: PGlite runs a statement on the server's thread, and one ANALYZE of the
  // thirteen growing tables held it for 70-200 ms (the whole database's first one 350 ms) while visitors'
  // answers, ready in the page cache, waited (the catalogue replay's first round, 2026-12-04). Between
  // tables the event loop runs (`pglite-database.ts` yields before each statement).
  const tables = whole ? [...GROWING_TABLES, ...(await otherTables(db))] : GROWING_TABLES;
  for (const table of tables) {
    await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL default_statistics_target = ${ANALYZE_STATISTICS_TARGET}`);
      await tx.exec(`ANALYZE ${table}`);
    });
  }
  if (whole) state.wholeAt = Date.now();
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT reltuples AS n FROM pg_class WHERE relname = $1',
    [MEASURED_TABLE],
  );
  state.analysedRows = Math.max(0, Number(rows[0]?.n ?? 0));
  state.written -= counted;
}

/**
 * The database's other tables that hold rows (with {@link GROWING_TABLES}, what a bare `ANALYZE` covers,
 * less the empty ones), quoted for a statement. On PGlite each ANALYZE statement costs 5-25 ms even of
 * an empty table (its catalogue updates), and a fresh database has some thirty empty tables; an empty
 * table needs no statistics.
 */
async function otherTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'm', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg_toast%' AND pg_relation_size(c.oid) > 0
        AND NOT (n.nspname = 'public' AND c.relname = ANY($1::text[]))
      ORDER BY 1`,
    [GROWING_TABLES],
  );
  return rows.map((r) => r.name);
}

async function firstLook(db: Database, state: State): Promise<void> {
  const { rows } = await db.query<{ analysed: number | string; present: boolean }>(
    `SELECT c.reltuples AS analysed, EXISTS (SELECT 1 FROM ${MEASURED_TABLE}) AS present
       FROM pg_class c WHERE c.relname = $1`,
    [MEASURED_TABLE],
  );
  const analysed = Number(rows[0]?.analysed ?? -1);
  // reltuples is -1 until the first ANALYZE (or VACUUM) of the table.
  if (analysed < 0 && rows[0]?.present) await analyse(db, state);
  else state.analysedRows = Math.max(0, analysed);
}

/**
 * Records that `rows` rows were written to the content tables and runs ANALYZE when they are due (see
 * the module comment). Call it after the transaction that wrote them; it resolves once any ANALYZE it
 * started is done. Never throws: statistics are an optimisation, a failure only waits for the next call.
 * @example
 * const counts = await ingestFeed(db, source, feed, { tagIndex });
 * await notePlannerWrites(db, counts.inserted);
 */
export async function notePlannerWrites(db: Database, rows: number): Promise<void> {
  if (db.kind !== 'pglite') return;
  const state = stateOf(db);
  state.written += Math.max(0, rows);
  if (state.running) return state.running;
  const due = () =>
    state.analysedRows === null ||
    state.written >= Math.max(MIN_ROWS_BEFORE_ANALYZE, state.analysedRows ?? 0);
  if (!due()) return;
  state.running = (async () => {
    try {
      if (state.analysedRows === null) await firstLook(db, state);
      if (due()) await analyse(db, state);
    } catch {
      // Left for the next call.
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}
