/**
 * Leases on sources, so two schedulers (the server's and a worker's, or two workers) never ingest the
 * same feed at once. A lease is taken with one UPDATE over the due, unleased sources; on PostgreSQL the
 * `FOR UPDATE SKIP LOCKED` of the chosen ids lets concurrent workers pass each other's rows instead of
 * waiting, and the repeated conditions in the outer WHERE make a row already leased by someone else
 * drop out. The same statement runs on PGlite (one connection: it is simply atomic there). An expired
 * lease (a crashed worker) is free again.
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
}

/**
 * Leases up to `limit` due sources (`enabled AND next_fetch_at <= now`, unleased or lease expired),
 * most overdue first, and returns them.
 * @example
 * const sources = await leaseDueSources(db, { owner: 'web-1', limit: 4, now: new Date() });
 */
export async function leaseDueSources(db: Queryable, options: LeaseDueSourcesOptions): Promise<SourceRow[]> {
  if (options.limit <= 0) return [];
  const expires = new Date(options.now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const { rows } = await db.query<SourceRow>(
    // The chosen ids are a MATERIALIZED CTE, picked once. As `WHERE s.id IN (SELECT … LIMIT $4)` the
    // planner may rescan the subquery for each row it updates, each rescan picking the next due source
    // (the ones just leased no longer qualify), so a call asking for 2 sources leased all 7 that were due.
    `WITH due AS MATERIALIZED (
       SELECT id FROM sources
        WHERE enabled AND next_fetch_at <= $2
          AND (lease_expires_at IS NULL OR lease_expires_at <= $2)
        ORDER BY next_fetch_at, id
        LIMIT $4
        FOR UPDATE SKIP LOCKED)
     UPDATE sources AS s SET lease_owner = $1, lease_expires_at = $3
       FROM due
      WHERE s.id = due.id
        AND s.enabled AND s.next_fetch_at <= $2
        AND (s.lease_expires_at IS NULL OR s.lease_expires_at <= $2)
      RETURNING ${SOURCE_COLUMNS}`,
    [options.owner, options.now, expires, options.limit],
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
