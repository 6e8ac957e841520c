/**
 * Several one-row statements sent as one. A combined feed's four lists, or top stories' two, are each
 * chosen and loaded by a statement that answers exactly one row of JSON columns; sent apart, each pays
 * PGlite's round trip and executor start on its own. Folded into one `SELECT` of one JSON object per
 * statement, the team feed's four statements took 3.6 ms instead of 4.5 ms at 10,000 articles
 * (`scratch` A/B in one process, medians of 15 rounds).
 *
 * Statements sent through a {@link OneRowBatch} in the same turn of the event loop (as the loaders of a
 * `Promise.all` do: each sends its statement before its first await) go out together; a statement sent
 * later goes in a batch of its own, so folding never changes an answer, only how many round trips it
 * takes. Each answer comes back as its one row, with the columns as JSON gives them: `json` columns as
 * values, timestamps as ISO text, numbers as numbers. Only for statements known to answer one row.
 * @module
 */
import type { Queryable, QueryResult } from './database.js';
import { shiftPlaceholders } from './shift-placeholders.js';

interface Pending {
  sql: string;
  params: unknown[];
  resolve: (row: Record<string, unknown> | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * A `Queryable` that folds the one-row statements sent to it in one turn into one statement.
 *
 * @example
 * ```ts
 * const together = new OneRowBatch(db);
 * const [articles, episodes] = await Promise.all([
 *   loadArticlesOf(together, chosenArticles),
 *   loadEpisodesOf(together, chosenEpisodes),
 * ]); // one statement
 * ```
 */
export class OneRowBatch implements Queryable {
  private pending: Pending[] = [];

  /** @param database Where the folded statements go. */
  constructor(readonly database: Queryable) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    return new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ sql, params, resolve, reject });
    }).then((row) => ({ rows: row === undefined ? [] : [row as T] }));
  }

  exec(sql: string): Promise<void> {
    return this.database.exec(sql);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const [only] = batch;
    if (batch.length === 1 && only) {
      // Nothing to fold: sent as it is, with its columns as the driver gives them.
      try {
        const { rows } = await this.database.query<Record<string, unknown>>(only.sql, only.params);
        only.resolve(rows[0]);
      } catch (error) {
        only.reject(error);
      }
      return;
    }
    const params: unknown[] = [];
    const columns = batch.map((s, i) => {
      const sql = shiftPlaceholders(s.sql, params.length);
      params.push(...s.params);
      return `(SELECT row_to_json(q) FROM (${sql}) q) AS s${i}`;
    });
    try {
      const { rows } = await this.database.query<Record<string, unknown>>(
        `SELECT ${columns.join(',\n')}`,
        params,
      );
      const row = rows[0] ?? {};
      batch.forEach((s, i) => {
        const value = row[`s${i}`];
        s.resolve((typeof value === 'string' ? JSON.parse(value) : value) ?? undefined);
      });
    } catch (error) {
      for (const s of batch) s.reject(error);
    }
  }
}
