/**
 * Queries of the member's follows and hides of sources and podcasts (spec 2 §7): each is a row
 * linking the member to one or two referenced records, created idempotently and deleted either by
 * its id or by the same values the create named (`DELETE .../x` with the create's body).
 * @module
 */
import type { Queryable } from '../../db/database.js';

/** A record a follow or hide points at, named in the request body by `field`. */
export interface LinkRef {
  /** The body field inside the wrapper object, e.g. `sourceId` or `eggId`. */
  field: string;
  /** The column of the link table. */
  column: string;
  /** The referenced table (its key is `id`). */
  table: 'sources' | 'teams' | 'podcasts';
  /** The 404 title when the referenced record does not exist. */
  missingTitle: string;
}

/** One kind of follow or hide: its table, the body wrapper key and what it points at. */
export interface LinkSpec {
  /** The link table, e.g. `source_follows`. */
  table: 'source_follows' | 'hidden_sources' | 'podcast_follows' | 'hidden_podcasts';
  /** The body and answer wrapper key, e.g. `sourceFollow`. */
  key: string;
  /** The referenced records, in body order (they also make the table's unique key with user_id). */
  refs: readonly LinkRef[];
}

const SOURCE_REF = { column: 'source_id', table: 'sources', missingTitle: 'Source not found' } as const;
const TEAM_REF = {
  field: 'teamId',
  column: 'team_id',
  table: 'teams',
  missingTitle: 'Team not found',
} as const;
const PODCAST_REF = {
  field: 'podcastId',
  column: 'podcast_id',
  table: 'podcasts',
  missingTitle: 'Podcast not found',
} as const;

/** Follows of sources (`{ sourceFollow: { sourceId } }`). */
export const SOURCE_FOLLOWS: LinkSpec = {
  table: 'source_follows',
  key: 'sourceFollow',
  refs: [{ ...SOURCE_REF, field: 'sourceId' }],
};
/** Sources hidden from a team's feeds (`{ hiddenSource: { eggId, teamId } }`; the egg is the source). */
export const HIDDEN_SOURCES: LinkSpec = {
  table: 'hidden_sources',
  key: 'hiddenSource',
  refs: [{ ...SOURCE_REF, field: 'eggId' }, TEAM_REF],
};
/** Follows of podcasts (`{ podcastFollow: { podcastId } }`). */
export const PODCAST_FOLLOWS: LinkSpec = {
  table: 'podcast_follows',
  key: 'podcastFollow',
  refs: [PODCAST_REF],
};
/** Podcasts hidden from a team's feeds (`{ hiddenPodcast: { podcastId, teamId } }`). */
export const HIDDEN_PODCASTS: LinkSpec = {
  table: 'hidden_podcasts',
  key: 'hiddenPodcast',
  refs: [PODCAST_REF, TEAM_REF],
};

/** A stored follow or hide: its id and the referenced ids by body field. */
export interface Link {
  /** The follow or hide id. */
  id: number;
  /** Referenced ids by body field (`sourceId`, `teamId`, ...). */
  values: Record<string, number>;
}

/** What {@link createLink} found: the record, or the first referenced record that does not exist. */
export type CreateLinkResult = { link: Link } | { missing: LinkRef };

function rowToLink(spec: LinkSpec, row: Record<string, unknown>): Link {
  const values: Record<string, number> = {};
  for (const ref of spec.refs) values[ref.field] = Number(row[ref.column]);
  return { id: Number(row.id), values };
}

const columnList = (spec: LinkSpec) => spec.refs.map((ref) => ref.column).join(', ');

/** Lists the member's links of a kind, oldest first. */
export async function listLinks(db: Queryable, spec: LinkSpec, userId: number): Promise<Link[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT id, ${columnList(spec)} FROM ${spec.table} WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows.map((row) => rowToLink(spec, row));
}

/**
 * Creates a follow or hide, or answers the existing one (a repeated click is not an error); when a
 * referenced record does not exist, answers which.
 */
export async function createLink(
  db: Queryable,
  spec: LinkSpec,
  userId: number,
  values: Record<string, number>,
): Promise<CreateLinkResult> {
  const params: unknown[] = [userId, ...spec.refs.map((ref) => values[ref.field])];
  // One statement: the SELECT yields no row when a referenced record is missing, so nothing is
  // inserted; ON CONFLICT ... DO UPDATE (a no-op) makes RETURNING answer the existing row.
  const { rows } = await db.query<Record<string, unknown>>(
    `INSERT INTO ${spec.table} (user_id, ${columnList(spec)})
     SELECT $1::int, ${spec.refs.map((_, i) => `r${i}.id`).join(', ')}
     FROM ${spec.refs.map((ref, i) => `${ref.table} r${i}`).join(', ')}
     WHERE ${spec.refs.map((_, i) => `r${i}.id = $${i + 2}`).join(' AND ')}
     ON CONFLICT (user_id, ${columnList(spec)})
       DO UPDATE SET ${spec.refs[0]?.column} = EXCLUDED.${spec.refs[0]?.column}
     RETURNING id, ${columnList(spec)}`,
    params,
  );
  const row = rows[0];
  if (row) return { link: rowToLink(spec, row) };
  for (const ref of spec.refs) {
    const found = await db.query(`SELECT 1 FROM ${ref.table} WHERE id = $1`, [values[ref.field]]);
    if (found.rows.length === 0) return { missing: ref };
  }
  // The record vanished between the insert and the check: report the first reference.
  return { missing: spec.refs[0] as LinkRef };
}

/**
 * Deletes the member's follow or hide named by its id, or (for `x`) by the referenced ids of the
 * body; answers the deleted record, or null when the member had none.
 */
export async function deleteLink(
  db: Queryable,
  spec: LinkSpec,
  userId: number,
  target: { id: number } | { values: Record<string, number> },
): Promise<Link | null> {
  const { rows } =
    'id' in target
      ? await db.query<Record<string, unknown>>(
          `DELETE FROM ${spec.table} WHERE user_id = $1 AND id = $2 RETURNING id, ${columnList(spec)}`,
          [userId, target.id],
        )
      : await db.query<Record<string, unknown>>(
          `DELETE FROM ${spec.table}
           WHERE user_id = $1 AND ${spec.refs.map((ref, i) => `${ref.column} = $${i + 2}`).join(' AND ')}
           RETURNING id, ${columnList(spec)}`,
          [userId, ...spec.refs.map((ref) => target.values[ref.field])],
        );
  const row = rows[0];
  return row ? rowToLink(spec, row) : null;
}
