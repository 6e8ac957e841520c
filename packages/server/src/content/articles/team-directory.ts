/**
 * Every team's reference (the contract's `TeamRef`), kept in memory by each process, so an article's
 * team tags cost the statement that lists the articles only their ids (issue 15, members' pages).
 * Read per tag in SQL, the team and its sport were 0.3-1.0 ms of each article page's statement (the
 * team feed's articles and videos: 3.95 → 3.38 ms at 10,000 articles and 3.87 → 2.91 ms at
 * 1,000,000, scratch A/B of the two statements alternating in one process).
 *
 * Teams are reference data written by the seed at start. The table is read again after
 * {@link TEAM_DIRECTORY_MS}, like the content routes' memo of found teams (`resolve.ts`), and at once
 * when a tag names a team it does not hold (a team added since it was read, by this process's seed or
 * another's).
 * @module
 */
import type { TeamRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { OneRowBatch } from '../../db/one-row-batch.js';
import { type TeamRefRow, teamRefsOf, toId } from '../players/refs.js';
import { REFERENCE_MEMO_MS } from './resolve.js';

/**
 * How long the teams read from the database are used before being read again, in ms: as long as the
 * routes remember a team found by slug, so a team page and its articles' tags age together.
 */
export const TEAM_DIRECTORY_MS = REFERENCE_MEMO_MS;

/** The teams by id, each with its place in the order of full names that the database's collation gives. */
interface Table {
  at: number;
  refs: Map<number, TeamRef>;
  rank: Map<number, number>;
  /** Ids that tags named and this read did not find (tags have no foreign key): not read again for them. */
  absent: Set<number>;
}

const directories = new WeakMap<Queryable, TeamDirectory>();

/**
 * The teams of one database.
 *
 * @example
 * ```ts
 * const teams = await TeamDirectory.of(db).lookup([12, 7]);
 * teams.sorted([12, 7]); // their TeamRefs by full name
 * ```
 */
export class TeamDirectory {
  private loaded: Table | null = null;
  private loading: Promise<Table> | null = null;

  private constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  /**
   * The directory of the database behind `db` (a statement batch is looked through to its database,
   * so one table serves both). `now` is the clock, for tests (taken when the directory is first made).
   */
  static of(db: Queryable, now: () => number = Date.now): TeamDirectory {
    const root = db instanceof OneRowBatch ? db.database : db;
    let found = directories.get(root);
    if (!found) {
      found = new TeamDirectory(root, now);
      directories.set(root, found);
    }
    return found;
  }

  /**
   * A view of the table that holds every team of `ids` that exists. The table is read again first if
   * it is older than {@link TEAM_DIRECTORY_MS}, or if it misses one of them (once per read: a team
   * still unknown then is left out, as a tag of a deleted team would be).
   */
  async lookup(ids: Iterable<number>): Promise<TeamLookup> {
    let table = this.loaded;
    let readNow = false;
    if (table === null || this.now() - table.at >= TEAM_DIRECTORY_MS) {
      table = await this.load();
      readNow = true;
    }
    const known = table;
    const missing = [...ids].filter((id) => !known.refs.has(id) && !known.absent.has(id));
    if (missing.length > 0) {
      if (!readNow) table = await this.load();
      for (const id of missing) if (!table.refs.has(id)) table.absent.add(id);
    }
    return new TeamLookup(table);
  }

  /** Reads the table; callers that ask while a read is under way share it. A failed read is not kept. */
  private load(): Promise<Table> {
    if (this.loading !== null) return this.loading;
    const at = this.now();
    const loading = this.db
      .query<TeamRefRow & { rank: number | string }>(
        `SELECT t.id, t.slug, t.name, t.full_name, t.short_name, s.slug AS sport_slug,
           row_number() OVER (ORDER BY t.full_name, t.id) AS rank
         FROM teams t JOIN sports s ON s.id = t.sport_id`,
      )
      .then(({ rows }): Table => {
        const table = {
          at,
          refs: teamRefsOf(rows),
          rank: new Map(rows.map((row) => [toId(row.id), Number(row.rank)])),
          absent: new Set<number>(),
        };
        this.loaded = table;
        return table;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }
}

/** The teams as one read of the table holds them. */
export class TeamLookup {
  constructor(private readonly table: Table) {}

  /** The TeamRefs of `ids` that exist, ordered by full name (as `ORDER BY full_name` would). */
  sorted(ids: readonly number[]): TeamRef[] {
    const known = ids.filter((id) => this.table.refs.has(id));
    if (known.length > 1) known.sort((a, b) => (this.table.rank.get(a) ?? 0) - (this.table.rank.get(b) ?? 0));
    return known.map((id) => this.table.refs.get(id) as TeamRef);
  }
}
