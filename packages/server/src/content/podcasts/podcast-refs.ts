/**
 * Batched loaders of what podcasts and episodes embed: the teams and sports a podcast covers, the
 * podcast's newest episode, and the short EpisodeRef the player and cards use.
 * @module
 */
import type { EpisodeRef, PodcastTeam, SportRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { sportLogoUrl } from '../../routes/sports.js';
import { teamLogoUrl } from '../../routes/teams.js';
import { toId, toIso, uniqueIds } from '../players/refs.js';

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

/**
 * Loads the teams of each podcast (in one query), keyed by podcast id. `episodes` is the podcast's
 * episode count: a podcast is filed under a team as a whole, so every episode counts for it.
 */
export async function loadPodcastTeams(
  db: Queryable,
  podcastIds: readonly number[],
): Promise<Map<number, PodcastTeam[]>> {
  const out = new Map<number, PodcastTeam[]>();
  const wanted = uniqueIds(podcastIds);
  if (wanted.length === 0) return out;
  const { rows } = await db.query<PodcastTeamRow>(
    `SELECT pt.podcast_id, t.id, t.slug, t.name, t.short_name, s.slug AS sport_slug,
            ${EPISODES_COUNT_SQL} AS episodes
     FROM podcast_teams pt
     JOIN podcasts p ON p.id = pt.podcast_id
     JOIN teams t ON t.id = pt.team_id
     JOIN sports s ON s.id = t.sport_id
     WHERE pt.podcast_id = ANY($1::int[])
     ORDER BY pt.podcast_id, t.full_name, t.id`,
    [wanted],
  );
  for (const row of rows) {
    const list = out.get(toId(row.podcast_id)) ?? [];
    list.push({
      id: toId(row.id),
      slug: row.slug,
      sportSlug: row.sport_slug,
      logo: teamLogoUrl(row.slug),
      name: row.name,
      shortName: row.short_name,
      episodes: Math.max(0, Number(row.episodes)),
    });
    out.set(toId(row.podcast_id), list);
  }
  return out;
}

/** Loads the sports of each podcast (in one query), keyed by podcast id. */
export async function loadPodcastSports(
  db: Queryable,
  podcastIds: readonly number[],
): Promise<Map<number, SportRef[]>> {
  const out = new Map<number, SportRef[]>();
  const wanted = uniqueIds(podcastIds);
  if (wanted.length === 0) return out;
  const { rows } = await db.query<{ podcast_id: number; id: number; slug: string; name: string }>(
    `SELECT ps.podcast_id, s.id, s.slug, s.name
     FROM podcast_sports ps JOIN sports s ON s.id = ps.sport_id
     WHERE ps.podcast_id = ANY($1::int[])
     ORDER BY ps.podcast_id, s.position, s.id`,
    [wanted],
  );
  for (const row of rows) {
    const list = out.get(toId(row.podcast_id)) ?? [];
    list.push({ id: toId(row.id), slug: row.slug, name: row.name, logo: sportLogoUrl(row.slug) });
    out.set(toId(row.podcast_id), list);
  }
  return out;
}

/**
 * The newest episode id of each podcast, keyed by podcast id: one index probe per podcast on
 * (podcast_id, published_at DESC, id DESC), so it does not depend on the pipeline keeping
 * `podcasts.last_episode_id` current.
 */
export async function loadLatestEpisodeIds(
  db: Queryable,
  podcastIds: readonly number[],
): Promise<Map<number, number>> {
  const wanted = uniqueIds(podcastIds);
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ podcast_id: number; episode_id: number }>(
    `SELECT p.id AS podcast_id, e.id AS episode_id
     FROM unnest($1::int[]) AS p(id)
     CROSS JOIN LATERAL (
       SELECT id FROM podcast_episodes WHERE podcast_id = p.id ORDER BY published_at DESC, id DESC LIMIT 1
     ) e`,
    [wanted],
  );
  return new Map(rows.map((row) => [toId(row.podcast_id), toId(row.episode_id)]));
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

/** Loads EpisodeRefs (what the player needs) in the order of `ids`, in one query; unknown ids are skipped. */
export async function loadEpisodeRefs(db: Queryable, ids: readonly number[]): Promise<EpisodeRef[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<EpisodeRefRow>(
    `SELECT e.id, e.title, e.image_url, e.enclosure_url, e.duration, e.published_at, e.podcast_id,
            p.title AS podcast_title, p.short_title AS podcast_short_title, p.image_url AS podcast_image_url
     FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
     WHERE e.id = ANY($1::bigint[])`,
    [wanted],
  );
  const byId = new Map(
    rows.map((row): [number, EpisodeRef] => [
      toId(row.id),
      {
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
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
