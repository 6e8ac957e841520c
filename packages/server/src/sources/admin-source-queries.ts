/**
 * The reads of the admin's source management: the health table (paged, filtered, sorted, with the count
 * of each state) in two statements whatever the number of sources, one source with its latest items, and
 * the tag references of slugs. Removed sources (`removed_at` set) never appear.
 * @module
 */
import type {
  AdminFeedItem,
  AdminSourceKind,
  AdminSourceList,
  AdminSourceQuery,
  AdminSourceSort,
  AdminTagRef,
} from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';
import type { SourceHealthRow } from './source-health.js';

/** Most sources per page of the health table (the contract's maximum). */
export const MAX_PER_PAGE = 200;
/** Sources per page when the query names none. */
export const DEFAULT_PER_PAGE = 50;
/** Latest items a source's detail lists. */
export const DETAIL_ITEMS = 20;

/** Stored items of a source: articles and videos, podcast episodes or posts, by its kind. */
const ITEM_COUNT = `CASE s.kind
    WHEN 'podcast' THEN (SELECT count(*) FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
                          WHERE p.source_id = s.id)
    WHEN 'mastodon' THEN (SELECT count(*) FROM posts po WHERE po.source_id = s.id)
    ELSE (SELECT count(*) FROM articles a WHERE a.source_id = s.id) END`;

const STATE = `CASE WHEN NOT s.enabled THEN 'disabled' WHEN s.failure_count > 0 THEN 'failing' ELSE 'active' END`;

// What each sortable column sorts by: healthy first for `state`, a disabled source has no next fetch.
const SORT_SQL: Record<string, string> = {
  title: 'lower(s.title)',
  kind: 's.kind',
  state: 'CASE WHEN NOT s.enabled THEN 2 WHEN s.failure_count > 0 THEN 1 ELSE 0 END',
  lastFetchedAt: 's.last_fetched_at',
  failureCount: 's.failure_count',
  itemsPerDay: 's.items_per_day',
  medianFetchMs: '(SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM unnest(s.fetch_ms) AS v)',
  nextFetchAt: 'CASE WHEN s.enabled THEN s.next_fetch_at END',
  articleCount: ITEM_COUNT,
  createdAt: 's.created_at',
};

/** The columns of {@link SourceHealthRow}, with the sport and teams (alias `s` for `sources`). */
const HEALTH_COLUMNS = `s.id, s.kind, s.title, s.feed_url AS "feedUrl", s.origin, s.enabled,
  (SELECT p.website FROM podcasts p WHERE p.source_id = s.id) AS "siteUrl",
  s.last_fetched_at AS "lastFetchedAt", s.last_status AS "lastStatus", s.last_error AS "lastError",
  s.last_error_at AS "lastErrorAt", s.failure_count AS "failureCount", s.failing_since AS "failingSince",
  s.disabled_reason AS "disabledReason", s.items_per_day AS "itemsPerDay", s.fetch_ms AS "fetchMs",
  s.next_fetch_at AS "nextFetchAt", s.created_at AS "createdAt",
  sp.id AS "sportId", sp.slug AS "sportSlug", sp.name AS "sportName",
  (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.full_name)
                            ORDER BY t.full_name), '[]'::json)
     FROM source_teams st JOIN teams t ON t.id = st.team_id WHERE st.source_id = s.id) AS teams,
  (${ITEM_COUNT})::int AS "articleCount"`;

interface RawHealthRow extends Omit<SourceHealthRow, 'sport' | 'teams'> {
  sportId: number | null;
  sportSlug: string | null;
  sportName: string | null;
  teams: AdminTagRef[] | string;
}

/** The site of a feed when its podcast names none: the feed URL's origin. */
function siteOf(feedUrl: string): string | null {
  if (!/^https?:\/\//i.test(feedUrl)) return null;
  try {
    return new URL(feedUrl).origin;
  } catch {
    return null;
  }
}

function toHealthRow(raw: RawHealthRow): SourceHealthRow {
  const teams = (typeof raw.teams === 'string' ? JSON.parse(raw.teams) : raw.teams) as AdminTagRef[];
  return {
    id: Number(raw.id),
    kind: raw.kind,
    title: raw.title,
    feedUrl: raw.feedUrl,
    siteUrl: raw.siteUrl ?? siteOf(raw.feedUrl),
    origin: raw.origin,
    sport:
      raw.sportId === null || raw.sportSlug === null
        ? null
        : { id: Number(raw.sportId), slug: raw.sportSlug, name: raw.sportName ?? raw.sportSlug },
    teams: teams.map((t) => ({ id: Number(t.id), slug: t.slug, name: t.name })),
    enabled: raw.enabled,
    lastFetchedAt: raw.lastFetchedAt,
    lastStatus: raw.lastStatus === null ? null : Number(raw.lastStatus),
    lastError: raw.lastError,
    lastErrorAt: raw.lastErrorAt,
    failureCount: Number(raw.failureCount),
    failingSince: raw.failingSince,
    disabledReason: raw.disabledReason,
    itemsPerDay: Number(raw.itemsPerDay),
    fetchMs: (raw.fetchMs ?? []).map(Number),
    nextFetchAt: raw.nextFetchAt,
    articleCount: Number(raw.articleCount),
    createdAt: raw.createdAt,
  };
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a health-table query and its parameters (numbered from 1). */
function filtersOf(query: AdminSourceQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses = ['s.removed_at IS NULL'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const q = query.q?.trim();
  if (q) {
    const p = param(containsPattern(q));
    clauses.push(`(s.title ILIKE ${p} OR s.feed_url ILIKE ${p})`);
  }
  if (query.state) clauses.push(`${STATE} = ${param(query.state)}`);
  if (query.kind) clauses.push(`s.kind = ${param(query.kind)}`);
  if (query.origin) clauses.push(`s.origin = ${param(query.origin)}`);
  if (query.sport) {
    // A sport's sources: its sport-wide outlets and the sources of its teams.
    clauses.push(`EXISTS (SELECT 1 FROM sports fs WHERE fs.slug = ${param(query.sport)}
      AND (s.sport_id = fs.id OR EXISTS (SELECT 1 FROM source_teams st JOIN teams t ON t.id = st.team_id
                                          WHERE st.source_id = s.id AND t.sport_id = fs.id)))`);
  }
  if (query.team) {
    clauses.push(`EXISTS (SELECT 1 FROM source_teams st JOIN teams t ON t.id = st.team_id
      WHERE st.source_id = s.id AND t.slug = ${param(query.team)})`);
  }
  return { where: clauses.join(' AND '), params };
}

/**
 * One page of the health table: the sources of the page, the paging facts over the filtered sources and
 * the count of each state over all sources. Two statements: the counts, then the page (whose costly
 * columns, the teams and item counts, are computed for the page's rows only).
 * @example
 * const list = await listAdminSourceRows(db, { page: 1, perPage: 50, state: 'failing', sort: '-failureCount' });
 */
export async function listAdminSourceRows(
  db: Queryable,
  query: AdminSourceQuery,
): Promise<{ rows: SourceHealthRow[]; meta: AdminSourceList['meta'] }> {
  const page = Math.max(1, query.page ?? 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage ?? DEFAULT_PER_PAGE));
  const { where, params } = filtersOf(query);
  const counts = await db.query<{ total: number; active: number; failing: number; disabled: number }>(
    `SELECT count(*) FILTER (WHERE ${where})::int AS total,
            count(*) FILTER (WHERE s.enabled AND s.failure_count <= 0)::int AS active,
            count(*) FILTER (WHERE s.enabled AND s.failure_count > 0)::int AS failing,
            count(*) FILTER (WHERE NOT s.enabled)::int AS disabled
       FROM sources s WHERE s.removed_at IS NULL`,
    params,
  );
  const c = counts.rows[0] ?? { total: 0, active: 0, failing: 0, disabled: 0 };
  const totalCount = Number(c.total);
  const meta: AdminSourceList['meta'] = {
    pagination: { page, perPage, totalPages: Math.ceil(totalCount / perPage), totalCount },
    states: { active: Number(c.active), failing: Number(c.failing), disabled: Number(c.disabled) },
  };
  if (totalCount <= (page - 1) * perPage) return { rows: [], meta };

  const sort: AdminSourceSort = query.sort ?? 'title';
  const descending = sort.startsWith('-');
  const column = SORT_SQL[descending ? sort.slice(1) : sort] ?? SORT_SQL.title!;
  const direction = descending ? 'DESC' : 'ASC';
  const { rows } = await db.query<RawHealthRow>(
    `WITH page AS (
       SELECT s.id, ${column} AS sort_key FROM sources s WHERE ${where}
        ORDER BY sort_key ${direction} NULLS LAST, s.id ASC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}
     )
     SELECT ${HEALTH_COLUMNS}
       FROM page JOIN sources s ON s.id = page.id LEFT JOIN sports sp ON sp.id = s.sport_id
      ORDER BY page.sort_key ${direction} NULLS LAST, s.id ASC`,
    [...params, perPage, (page - 1) * perPage],
  );
  return { rows: rows.map(toHealthRow), meta };
}

/**
 * One unremoved source's health row, or null.
 * @example
 * const row = await findAdminSourceRow(db, 12);
 */
export async function findAdminSourceRow(db: Queryable, id: number): Promise<SourceHealthRow | null> {
  const { rows } = await db.query<RawHealthRow>(
    `SELECT ${HEALTH_COLUMNS} FROM sources s LEFT JOIN sports sp ON sp.id = s.sport_id
      WHERE s.id = $1 AND s.removed_at IS NULL`,
    [id],
  );
  return rows[0] ? toHealthRow(rows[0]) : null;
}

/**
 * The latest stored items of a source, newest first: its articles or videos, its podcast's episodes
 * or its posts.
 * @example
 * const items = await latestSourceItems(db, 12, 'news');
 */
export async function latestSourceItems(
  db: Queryable,
  sourceId: number,
  kind: AdminSourceKind,
  limit = DETAIL_ITEMS,
): Promise<AdminFeedItem[]> {
  const sql =
    kind === 'podcast'
      ? `SELECT e.title, COALESCE(e.webpage, e.enclosure_url) AS url, e.published_at AS "publishedAt"
           FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
          WHERE p.source_id = $1 ORDER BY e.published_at DESC, e.id DESC LIMIT $2`
      : kind === 'mastodon'
        ? `SELECT left(po.text, 200) AS title, po.url, po.posted_at AS "publishedAt"
             FROM posts po WHERE po.source_id = $1 ORDER BY po.posted_at DESC, po.id DESC LIMIT $2`
        : `SELECT a.title, a.url, a.published_at AS "publishedAt"
             FROM articles a WHERE a.source_id = $1 ORDER BY a.published_at DESC, a.id DESC LIMIT $2`;
  const { rows } = await db.query<{ title: string; url: string | null; publishedAt: Date | null }>(sql, [
    sourceId,
    limit,
  ]);
  return rows.map((r) => ({
    title: r.title,
    url: r.url,
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
  }));
}

/**
 * The team and sport references of ids (for the preview's suggestions), in the order of the ids.
 * @example
 * const teams = await tagRefs(db, 'teams', [12, 40]);
 */
export async function tagRefs(
  db: Queryable,
  table: 'teams' | 'sports',
  ids: readonly number[],
): Promise<AdminTagRef[]> {
  if (ids.length === 0) return [];
  const name = table === 'teams' ? 'full_name' : 'name';
  const { rows } = await db.query<AdminTagRef>(
    `SELECT id, slug, ${name} AS name FROM ${table} WHERE id = ANY($1::int[])`,
    [[...ids]],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), slug: r.slug, name: r.name }]));
  return ids.map((id) => byId.get(id)).filter((r): r is AdminTagRef => r !== undefined);
}
