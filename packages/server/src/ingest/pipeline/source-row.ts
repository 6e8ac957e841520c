/**
 * A `sources` row as the pipeline, scheduler and CLI use it, with its fetch state read from and written
 * back to the row (the columns mirror `SourceFetchState` of the feeds module).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { SourceFetchState } from '../feeds/source-state.js';

/** The kinds of source (`sources.kind`). */
export type SourceKind = 'news' | 'video' | 'podcast' | 'mastodon';

/** One row of `sources`, camelCased. */
export interface SourceRow {
  /** Source id (the spec's "egg"). */
  id: number;
  /** Its domain. */
  domainId: number;
  /** What it carries. */
  kind: SourceKind;
  /** The feed URL (http(s), `demo:` or `file:`). */
  feedUrl: string;
  /** Shown title. */
  title: string;
  /** Sport of a sport-wide outlet. */
  sportId: number | null;
  /** Topic of an other-sport outlet. */
  topicId: number | null;
  /** Whether the scheduler fetches it. */
  enabled: boolean;
  /** Stored ETag. */
  etag: string | null;
  /** Stored Last-Modified. */
  lastModified: string | null;
  /** Consecutive failures. */
  failureCount: number;
  /** Code of the last failure. */
  lastErrorCode: string | null;
  /** Text of the last failure. */
  lastError: string | null;
  /** When it last failed. */
  lastErrorAt: Date | null;
  /** When it was last fetched. */
  lastFetchedAt: Date | null;
  /** When it last succeeded. */
  lastSuccessAt: Date | null;
  /** Estimated items per day. */
  itemsPerDay: number;
  /** When it is due. */
  nextFetchAt: Date;
  /** HTTP status of the last fetch. */
  lastStatus: number | null;
  /** Durations of the last fetches (ms), newest last. */
  fetchMs: number[];
  /** When the current run of failures began. */
  failingSince: Date | null;
}

/** The SELECT list giving a {@link SourceRow} (alias `s` for `sources`). */
export const SOURCE_COLUMNS = `s.id, s.domain_id AS "domainId", s.kind, s.feed_url AS "feedUrl", s.title,
  s.sport_id AS "sportId", s.topic_id AS "topicId", s.enabled, s.etag, s.last_modified AS "lastModified",
  s.failure_count AS "failureCount", s.last_error_code AS "lastErrorCode", s.last_error AS "lastError",
  s.last_error_at AS "lastErrorAt", s.last_fetched_at AS "lastFetchedAt", s.last_success_at AS "lastSuccessAt",
  s.items_per_day AS "itemsPerDay", s.next_fetch_at AS "nextFetchAt", s.last_status AS "lastStatus",
  s.fetch_ms AS "fetchMs", s.failing_since AS "failingSince"`;

/** Normalises driver differences (pg gives some numbers as strings). */
export function toSourceRow(row: SourceRow): SourceRow {
  return {
    ...row,
    id: Number(row.id),
    domainId: Number(row.domainId),
    sportId: row.sportId === null ? null : Number(row.sportId),
    topicId: row.topicId === null ? null : Number(row.topicId),
    failureCount: Number(row.failureCount),
    itemsPerDay: Number(row.itemsPerDay),
    lastStatus: row.lastStatus === null || row.lastStatus === undefined ? null : Number(row.lastStatus),
    fetchMs: (row.fetchMs ?? []).map(Number),
    failingSince: row.failingSince ?? null,
  };
}

/**
 * Reads one source by id, or null.
 * @example
 * const source = await loadSource(db, 12);
 */
export async function loadSource(db: Queryable, id: number): Promise<SourceRow | null> {
  const { rows } = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources s WHERE s.id = $1`, [id]);
  return rows[0] ? toSourceRow(rows[0]) : null;
}

/** The fetch state of a source row, as `refreshSource` takes it. */
export function fetchStateOf(source: SourceRow): SourceFetchState {
  return {
    url: source.feedUrl,
    etag: source.etag,
    lastModified: source.lastModified,
    failureCount: source.failureCount,
    lastErrorCode: source.lastErrorCode,
    lastError: source.lastError,
    lastErrorAt: source.lastErrorAt,
    lastFetchedAt: source.lastFetchedAt,
    lastSuccessAt: source.lastSuccessAt,
    itemsPerDay: source.itemsPerDay,
    nextFetchAt: source.nextFetchAt,
    lastStatus: source.lastStatus,
    fetchMs: source.fetchMs,
    failingSince: source.failingSince,
    disable: null,
  };
}

/**
 * Writes a source's new fetch state (a moved feed's new URL too, unless another source already has it).
 * @example
 * await saveFetchState(db, source.id, result.state);
 */
export async function saveFetchState(
  db: Queryable,
  sourceId: number,
  state: SourceFetchState,
): Promise<void> {
  await db.query(
    `UPDATE sources SET
       feed_url = CASE WHEN $2::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sources o WHERE o.feed_url = $2 AND o.id <> $1)
                       THEN $2 ELSE feed_url END,
       etag = $3, last_modified = $4, failure_count = $5, last_error_code = $6, last_error = $7,
       last_error_at = $8, last_fetched_at = $9, last_success_at = $10, items_per_day = $11, next_fetch_at = $12,
       last_status = $13, fetch_ms = $14::integer[], failing_since = $15,
       enabled = CASE WHEN $16::text IS NULL THEN enabled ELSE false END,
       disabled_reason = COALESCE($16::text, disabled_reason),
       disabled_at = CASE WHEN $16::text IS NULL THEN disabled_at ELSE now() END
     WHERE id = $1`,
    [
      sourceId,
      state.url,
      state.etag,
      state.lastModified,
      state.failureCount,
      state.lastErrorCode,
      state.lastError,
      state.lastErrorAt,
      state.lastFetchedAt,
      state.lastSuccessAt,
      state.itemsPerDay,
      state.nextFetchAt,
      state.lastStatus,
      [...state.fetchMs],
      state.failingSince,
      state.disable,
    ],
  );
}
