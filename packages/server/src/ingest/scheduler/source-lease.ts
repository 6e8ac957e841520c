/**
 * Leases on sources, so two schedulers (the server's and a worker's, or two workers) never ingest the
 * same feed at once. A lease is taken with one UPDATE over the due, unleased sources; on PostgreSQL the
 * `FOR UPDATE SKIP LOCKED` of the chosen ids lets concurrent workers pass each other's rows instead of
 * waiting, and the repeated conditions in the outer WHERE make a row already leased by someone else
 * drop out. The same statement runs on PGlite (one connection: it is simply atomic there). An expired
 * lease (a crashed worker) is free again.
 *
 * With `perHost`, at most that many sources of one host are leased, counting those the caller already
 * has in flight (`busyHosts`): the per-host politeness lets only that many of a host's requests run at
 * once, so more would hold ingest slots while they wait their turn and leave other hosts' due feeds
 * waiting for a slot (the catalogue replay's round time, issue 44). The ranking per host cannot carry
 * `FOR UPDATE` (window functions), so the chosen ids are locked in a second step.
 *
 * With `hostGapMs` (the politeness' least time between two starts on one host), a host's due sources
 * rank as if due earlier by that gap for every one of its due sources queued behind them: a host with 116
 * due feeds cannot finish them sooner than 115 gaps, so its next feed goes before a lone host's feed due
 * at the same time, whose one fetch can wait a moment. Leased by due time alone, the busiest host's feeds
 * (the catalogue's team channels, added last) took slots only after the other hosts' and the first round
 * of the catalogue replay ended seconds after that host's floor. A lone feed is still leased before a
 * queued one that was due less than its queue's gaps later, so no host waits behind another's backlog for
 * long.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { SOURCE_COLUMNS, type SourceRow, toSourceRow } from '../pipeline/source-row.js';

/** How long a lease lasts unless released (longer than any single ingest). */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/** Options of {@link leaseDueSources}. */
export interface LeaseDueSourcesOptions {
  /** Who takes the lease (a unique id per scheduler). */
  owner: string;
  /** Most sources leased. */
  limit: number;
  /** The current time. */
  now: Date;
  /** Lease length in ms (default 5 min). */
  leaseMs?: number;
  /** Most sources of one host (`sources.host`) in flight at once, counting `busyHosts` (default no cap). */
  perHost?: number;
  /** The caller's sources in flight per host, which count against `perHost`. */
  busyHosts?: ReadonlyMap<string, number>;
  /** The least time between two fetches' starts on one host, in ms: ranks a host's backlog (default 0). */
  hostGapMs?: number;
}

// Postgres' int4 maximum: "no cap" in the query.
const NO_CAP = 2_147_483_647;

/**
 * Leases up to `limit` due sources (`enabled AND next_fetch_at <= now`, unleased or lease expired),
 * most overdue first (a host's backlog counted with `hostGapMs`), at most `perHost` per host with
 * `busyHosts`, and returns them.
 * @example
 * const sources = await leaseDueSources(db, { owner: 'web-1', limit: 4, now: new Date() });
 */
export async function leaseDueSources(db: Queryable, options: LeaseDueSourcesOptions): Promise<SourceRow[]> {
  if (options.limit <= 0) return [];
  const expires = new Date(options.now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const busy = [...(options.busyHosts ?? new Map<string, number>())].filter(([, n]) => n > 0);
  const { rows } = await db.query<SourceRow>(
    // Each step is a MATERIALIZED CTE, picked once. As `WHERE s.id IN (SELECT … LIMIT $4)` the planner
    // may rescan the subquery for each row it updates, each rescan picking the next due source (the ones
    // just leased no longer qualify), so a call asking for 2 sources leased all 7 that were due.
    `WITH busy AS (SELECT * FROM unnest($5::text[], $6::int[]) AS b(host, n)),
     ranked AS MATERIALIZED (
       SELECT id, host, next_fetch_at,
              row_number() OVER (PARTITION BY host ORDER BY next_fetch_at, id) AS rank,
              count(*) OVER (PARTITION BY host) AS queued
         FROM sources
        WHERE enabled AND next_fetch_at <= $2
          AND (lease_expires_at IS NULL OR lease_expires_at <= $2)),
     picked AS MATERIALIZED (
       SELECT r.id FROM ranked r LEFT JOIN busy b ON b.host = r.host
        WHERE r.host IS NULL OR r.rank + coalesce(b.n, 0) <= $7
        ORDER BY r.next_fetch_at
                 - CASE WHEN r.host IS NULL THEN interval '0' ELSE (r.queued - r.rank) * $8 * interval '1 millisecond' END,
                 r.id
        LIMIT $4),
     due AS MATERIALIZED (
       SELECT id FROM sources WHERE id IN (SELECT id FROM picked) FOR UPDATE SKIP LOCKED)
     UPDATE sources AS s SET lease_owner = $1, lease_expires_at = $3
       FROM due
      WHERE s.id = due.id
        AND s.enabled AND s.next_fetch_at <= $2
        AND (s.lease_expires_at IS NULL OR s.lease_expires_at <= $2)
      RETURNING ${SOURCE_COLUMNS}`,
    [
      options.owner,
      options.now,
      expires,
      options.limit,
      busy.map(([host]) => host),
      busy.map(([, n]) => n),
      options.perHost ?? NO_CAP,
      options.hostGapMs ?? 0,
    ],
  );
  return rows.map(toSourceRow).sort((a, b) => a.nextFetchAt.getTime() - b.nextFetchAt.getTime());
}

/**
 * Releases a lease held by `owner` (a lease taken over by someone else after expiry is left alone).
 * @example
 * await releaseSourceLease(db, source.id, 'web-1');
 */
export async function releaseSourceLease(db: Queryable, sourceId: number, owner: string): Promise<void> {
  await db.query(
    'UPDATE sources SET lease_owner = NULL, lease_expires_at = NULL WHERE id = $1 AND lease_owner = $2',
    [sourceId, owner],
  );
}
