/**
 * Batched loaders of what podcasts and episodes embed: the teams and sports a podcast covers, the
 * podcast's newest episode, and the short EpisodeRef the player and cards use.
 * @module
 */
import type { EpisodeRef, PodcastTeam, SportRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { sportLogoUrl } from '../../routes/sports.js';
import { teamLogoUrl } from '../../routes/teams.js';
import { jsonRows, toId, toIso, uniqueIds } from '../players/refs.js';

/**
 * SQL for a podcast's (alias `p`) episode count: the stored counter when the pipeline keeps it,
 * else an index-only count on (podcast_id, ...).
 */
export const EPISODES_COUNT_SQL = `CASE WHEN p.episodes_count > 0 THEN p.episodes_count
  ELSE (SELECT count(*) FROM podcast_episodes ce WHERE ce.podcast_id = p.id)::int END`;

interface PodcastTeamRow {
  podcast_id: number;
  id: number;
  slug: string;
  name: string;
  short_name: string;
  sport_slug: string;
  episodes: number;
}

interface PodcastSportRow {
  podcast_id: number;
  id: number;
  slug: string;
  name: string;
}

interface LatestEpisodeRow {
  podcast_id: number;
  episode_id: number;
}

// The three take the podcasts as an `int[]` SQL expression, so the statement that reads podcasts or
// episodes folds them in as JSON columns ({@link podcastRefColumns}) instead of three more round trips.

/**
 * The teams of each podcast. `episodes` is the podcast's episode count: a podcast is filed under a
 * team as a whole, so every episode counts for it.
 */
const teamsSql = (podcastIds: string) =>
  `SELECT pt.podcast_id, t.id, t.slug, t.name, t.short_name, s.slug AS sport_slug,
          ${EPISODES_COUNT_SQL} AS episodes
   FROM podcast_teams pt
   JOIN podcasts p ON p.id = pt.podcast_id
   JOIN teams t ON t.id = pt.team_id
   JOIN sports s ON s.id = t.sport_id
   WHERE pt.podcast_id = ANY(${podcastIds})
   ORDER BY pt.podcast_id, t.full_name, t.id`;

const sportsSql = (podcastIds: string) =>
  `SELECT ps.podcast_id, s.id, s.slug, s.name
   FROM podcast_sports ps JOIN sports s ON s.id = ps.sport_id
   WHERE ps.podcast_id = ANY(${podcastIds})
   ORDER BY ps.podcast_id, s.position, s.id`;

/**
 * The newest episode of each podcast: one index probe per podcast on (podcast_id, published_at DESC,
 * id DESC), so it does not depend on the pipeline keeping `podcasts.last_episode_id` current.
 */
const latestSql = (podcastIds: string) =>
  `SELECT lp.id AS podcast_id, le.id AS episode_id
   FROM unnest(${podcastIds}) AS lp(id)
   CROSS JOIN LATERAL (
     SELECT id FROM podcast_episodes WHERE podcast_id = lp.id ORDER BY published_at DESC, id DESC LIMIT 1
   ) le`;

/** What a podcast embeds: its teams and sports (each in order) and its newest episode's id. */
export interface PodcastRefs {
  teams: Map<number, PodcastTeam[]>;
  sports: Map<number, SportRef[]>;
  latest: Map<number, number>;
}

/** The columns of {@link podcastRefColumns}, as JSON (PostgreSQL's `json` type; PGlite may give text). */
export interface PodcastRefColumns {
  ref_teams: unknown;
  ref_sports: unknown;
  ref_latest: unknown;
}

/**
 * Select-list columns that load, as JSON, what the podcasts whose ids the `int[]` expression
 * `podcastIds` holds embed, in the statement that reads them (no round trip per kind); read them back
 * with {@link podcastRefsOf}.
 *
 * @example
 * ```ts
 * const sql = `WITH le AS (...) SELECT (SELECT json_agg(le) FROM le) AS rows,
 *   ${podcastRefColumns('ARRAY(SELECT DISTINCT podcast_id FROM le)::int[]')}`;
 * ```
 */
export function podcastRefColumns(podcastIds: string): string {
  // json_agg keeps the order of its ordered subquery (nothing is joined after it).
  return `(SELECT json_agg(x) FROM (${teamsSql(podcastIds)}) x) AS ref_teams,
     (SELECT json_agg(x) FROM (${sportsSql(podcastIds)}) x) AS ref_sports,
     (SELECT json_agg(x) FROM (${latestSql(podcastIds)}) x) AS ref_latest`;
}

/** Reads the columns of {@link podcastRefColumns} back, keyed by podcast id. */
export function podcastRefsOf(row: PodcastRefColumns | undefined): PodcastRefs {
  const teams = new Map<number, PodcastTeam[]>();
  for (const team of jsonRows<PodcastTeamRow>(row?.ref_teams)) {
    const list = teams.get(toId(team.podcast_id)) ?? [];
    list.push({
      id: toId(team.id),
      slug: team.slug,
      sportSlug: team.sport_slug,
      logo: teamLogoUrl(team.slug),
      name: team.name,
      shortName: team.short_name,
      episodes: Math.max(0, Number(team.episodes)),
    });
    teams.set(toId(team.podcast_id), list);
  }
  const sports = new Map<number, SportRef[]>();
  for (const sport of jsonRows<PodcastSportRow>(row?.ref_sports)) {
    const list = sports.get(toId(sport.podcast_id)) ?? [];
    list.push({ id: toId(sport.id), slug: sport.slug, name: sport.name, logo: sportLogoUrl(sport.slug) });
    sports.set(toId(sport.podcast_id), list);
  }
  const latest = new Map(
    jsonRows<LatestEpisodeRow>(row?.ref_latest).map((l): [number, number] => [
      toId(l.podcast_id),
      toId(l.episode_id),
    ]),
  );
  return { teams, sports, latest };
}

interface EpisodeRefRow {
  id: number;
  title: string;
  image_url: string | null;
  enclosure_url: string;
  duration: number | null;
  published_at: Date | string;
  podcast_id: number;
  podcast_title: string;
  podcast_short_title: string | null;
  podcast_image_url: string | null;
}

const episodeRefsSql = (episodeIds: string) =>
  `SELECT e.id, e.title, e.image_url, e.enclosure_url, e.duration, e.published_at, e.podcast_id,
          p.title AS podcast_title, p.short_title AS podcast_short_title, p.image_url AS podcast_image_url
   FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
   WHERE e.id = ANY(${episodeIds})`;

function toEpisodeRef(row: EpisodeRefRow): EpisodeRef {
  return {
    id: toId(row.id),
    title: row.title,
    // Episodes without their own artwork show the podcast's.
    imageUrl: row.image_url ?? row.podcast_image_url,
    enclosureUrl: row.enclosure_url,
    duration: row.duration === null ? null : Number(row.duration),
    publishedAt: toIso(row.published_at),
    podcast: {
      id: toId(row.podcast_id),
      title: row.podcast_title,
      shortTitle: row.podcast_short_title,
      imageUrl: row.podcast_image_url,
    },
  };
}

/** Loads EpisodeRefs (what the player needs) in the order of `ids`, in one query; unknown ids are skipped. */
export async function loadEpisodeRefs(db: Queryable, ids: readonly number[]): Promise<EpisodeRef[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<EpisodeRefRow>(episodeRefsSql('$1::bigint[]'), [wanted]);
  const byId = new Map(rows.map((row): [number, EpisodeRef] => [toId(row.id), toEpisodeRef(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A select-list expression that loads, as JSON, the EpisodeRefs of the episodes whose ids the
 * `bigint[]` SQL expression `episodeIds` holds; read it back with {@link episodeRefsOf}.
 */
export function episodeRefsJson(episodeIds: string): string {
  return `(SELECT json_agg(x) FROM (${episodeRefsSql(episodeIds)}) x)`;
}

/** Reads the value of {@link episodeRefsJson} back, keyed by episode id. */
export function episodeRefsOf(value: unknown): Map<number, EpisodeRef> {
  return new Map(
    jsonRows<EpisodeRefRow>(value).map((row): [number, EpisodeRef] => [toId(row.id), toEpisodeRef(row)]),
  );
}

/**
 * A select-list column that loads, as JSON, the EpisodeRef of the newest episode of each podcast the
 * `int[]` expression `podcastIds` holds; read it back with {@link lastEpisodeRefsOf}.
 */
export function lastEpisodeRefsColumn(podcastIds: string): string {
  return `${episodeRefsJson(`ARRAY(SELECT l.episode_id FROM (${latestSql(podcastIds)}) l)`)} AS ref_last_episodes`;
}

/** Reads the column of {@link lastEpisodeRefsColumn} back, keyed by podcast id. */
export function lastEpisodeRefsOf(value: unknown): Map<number, EpisodeRef> {
  return new Map(
    jsonRows<EpisodeRefRow>(value).map((row): [number, EpisodeRef] => [
      toId(row.podcast_id),
      toEpisodeRef(row),
    ]),
  );
}
