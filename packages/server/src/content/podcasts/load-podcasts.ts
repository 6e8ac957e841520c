/**
 * Loads podcasts as the contract's `Podcast`, batched and in the order of the ids asked for: teams,
 * sports, last episode, whether the member follows each one, and (for the podcast page) suggestions.
 * @module
 */
import type { Podcast, PodcastSuggestion } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { type OrderedIds, orderedIdsOf } from '../ordered-ids.js';
import { type PagedIds, totalColumn } from '../paged-ids.js';
import { jsonRows, toId, uniqueIds } from '../players/refs.js';
import {
  EPISODES_COUNT_SQL,
  lastEpisodeRefsColumn,
  lastEpisodeRefsOf,
  type PodcastRefColumns,
  podcastRefColumns,
  podcastRefsOf,
} from './podcast-refs.js';

/** Suggestions on a podcast page. */
export const PODCAST_SUGGESTIONS = 6;

/** Options of {@link loadPodcasts}. */
export interface LoadPodcastsOptions {
  /** The signed-in member (for `following`); null or absent for visitors. */
  userId?: number | null;
  /** Add `suggestions` (podcasts sharing listeners, then teams); lists leave them empty. */
  withSuggestions?: boolean;
}

interface PodcastRow {
  id: number;
  feed_url: string;
  title: string;
  short_title: string | null;
  description: string | null;
  summary: string | null;
  author: string | null;
  website: string | null;
  owner_name: string | null;
  owner_email: string | null;
  podcast_type: string | null;
  copyright: string | null;
  explicit: boolean;
  image_url: string | null;
  episodes: number;
  twitter: string | null;
  youtube: string | null;
  instagram: string | null;
  tiktok: string | null;
  facebook: string | null;
  twitch: string | null;
  following: boolean;
}

/** Listeners of a podcast (the most recent ones) whose other listening ranks suggestions. */
export const SUGGESTION_LISTENERS = 1000;

/**
 * Suggestions for a podcast: the podcasts with the most listeners in common with it (members and
 * signed-out devices that listened to both; its {@link SUGGESTION_LISTENERS} most recent listeners
 * are looked at), then the podcasts sharing the most teams with it, then those of the same sports,
 * then the most recently active.
 */
export async function loadPodcastSuggestions(
  db: Queryable,
  podcastId: number,
  limit = PODCAST_SUGGESTIONS,
): Promise<PodcastSuggestion[]> {
  const { rows } = await db.query<{
    id: number;
    title: string;
    short_title: string | null;
    author: string | null;
    image_url: string | null;
  }>(
    `WITH my_listeners AS (
       SELECT listener FROM podcast_listens WHERE podcast_id = $1 ORDER BY updated_at DESC LIMIT $3
     ), heard AS (
       SELECT l.podcast_id, count(DISTINCT l.listener) AS listeners
       FROM podcast_listens l WHERE l.listener IN (SELECT listener FROM my_listeners) AND l.podcast_id <> $1
       GROUP BY l.podcast_id
     ), shared AS (
       SELECT o.podcast_id, 2 * count(*) AS score
       FROM podcast_teams mine JOIN podcast_teams o ON o.team_id = mine.team_id AND o.podcast_id <> mine.podcast_id
       WHERE mine.podcast_id = $1 GROUP BY o.podcast_id
       UNION ALL
       SELECT o.podcast_id, count(*) AS score
       FROM podcast_sports mine JOIN podcast_sports o ON o.sport_id = mine.sport_id AND o.podcast_id <> mine.podcast_id
       WHERE mine.podcast_id = $1 GROUP BY o.podcast_id
       UNION ALL
       SELECT podcast_id, 0 AS score FROM heard
     ), ranked AS (SELECT podcast_id, sum(score) AS score FROM shared GROUP BY podcast_id)
     SELECT p.id, p.title, p.short_title, p.author, p.image_url
     FROM ranked r JOIN podcasts p ON p.id = r.podcast_id LEFT JOIN heard h ON h.podcast_id = r.podcast_id
     ORDER BY coalesce(h.listeners, 0) DESC, r.score DESC,
       (SELECT max(le.published_at) FROM podcast_episodes le WHERE le.podcast_id = p.id) DESC NULLS LAST, p.id
     LIMIT $2`,
    [podcastId, limit, SUGGESTION_LISTENERS],
  );
  return rows.map((row) => ({
    id: toId(row.id),
    title: row.title,
    shortTitle: row.short_title,
    author: row.author,
    imageUrl: row.image_url,
  }));
}

/**
 * Loads podcasts by id, in the order of `ids` (unknown ids are skipped).
 *
 * @example
 * ```ts
 * const [podcast] = await loadPodcasts(db, [3], { userId, withSuggestions: true });
 * ```
 */
export async function loadPodcasts(
  db: Queryable,
  ids: readonly number[],
  options: LoadPodcastsOptions = {},
): Promise<Podcast[]> {
  if (uniqueIds(ids).length === 0) return [];
  const { podcasts } = await podcastsOf(db, orderedIdsOf(ids), options);
  const byId = new Map(podcasts.map((podcast) => [podcast.id, podcast]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Loads one page of podcasts (see {@link PagedIds}) and the count of the whole list, in one statement.
 *
 * @example
 * ```ts
 * const { podcasts, totalCount } = await pagePodcasts(db, pageTeamPodcastIds(teamId, options, window), { userId });
 * ```
 */
export function pagePodcasts(
  db: Queryable,
  page: PagedIds,
  options: LoadPodcastsOptions = {},
): Promise<{ podcasts: Podcast[]; totalCount: number }> {
  return podcastsOf(db, page, options);
}

/** The podcasts `chosen` picks, in its order, and the list's count (0 unpaged). */
async function podcastsOf(
  db: Queryable,
  chosen: OrderedIds | PagedIds,
  options: LoadPodcastsOptions,
): Promise<{ podcasts: Podcast[]; totalCount: number }> {
  const user = `$${chosen.params.length + 1}`;
  // The podcasts, what they embed and their newest episodes, in one statement.
  const { rows: found } = await db.query<
    PodcastRefColumns & { rows: unknown; ord: unknown; total: unknown; ref_last_episodes: unknown }
  >(
    `WITH wanted AS (${chosen.sql}),
     lp AS (
       SELECT p.id, p.feed_url, p.title, p.short_title, p.description, p.summary, p.author, p.website,
              p.owner_name, p.owner_email, p.podcast_type, p.copyright, p.explicit, p.image_url,
              ${EPISODES_COUNT_SQL} AS episodes,
              p.twitter, p.youtube, p.instagram, p.tiktok, p.facebook, p.twitch,
              EXISTS (SELECT 1 FROM podcast_follows f WHERE f.podcast_id = p.id AND f.user_id = ${user}::int) AS following
       FROM podcasts p WHERE p.id = ANY(ARRAY(SELECT id FROM wanted)::int[]))
     SELECT (SELECT json_agg(id ORDER BY ord) FROM wanted) AS ord,
       (SELECT json_agg(lp) FROM lp) AS rows, ${totalColumn(chosen)},
       ${podcastRefColumns('ARRAY(SELECT id FROM lp)::int[]')},
       ${lastEpisodeRefsColumn('ARRAY(SELECT id FROM lp)::int[]')}`,
    [...chosen.params, options.userId ?? null],
  );
  const rows = jsonRows<PodcastRow>(found[0]?.rows);
  const { teams, sports } = podcastRefsOf(found[0]);
  const lastEpisodes = lastEpisodeRefsOf(found[0]?.ref_last_episodes);
  const foundIds = rows.map((row) => toId(row.id));
  const suggestions =
    options.withSuggestions === true
      ? new Map(
          await Promise.all(foundIds.map(async (id) => [id, await loadPodcastSuggestions(db, id)] as const)),
        )
      : new Map<number, PodcastSuggestion[]>();
  const byId = new Map<number, Podcast>();
  for (const row of rows) {
    const id = toId(row.id);
    byId.set(id, {
      id,
      feedUrl: row.feed_url,
      title: row.title,
      shortTitle: row.short_title,
      description: row.description,
      summary: row.summary,
      author: row.author,
      website: row.website,
      ownerName: row.owner_name,
      ownerEmail: row.owner_email,
      podcastType: row.podcast_type,
      copyright: row.copyright,
      explicit: row.explicit,
      imageUrl: row.image_url,
      episodesCount: Number(row.episodes),
      twitter: row.twitter,
      youtube: row.youtube,
      instagram: row.instagram,
      tiktok: row.tiktok,
      facebook: row.facebook,
      twitch: row.twitch,
      lastEpisode: lastEpisodes.get(id) ?? null,
      following: row.following,
      teams: teams.get(id) ?? [],
      sports: sports.get(id) ?? [],
      suggestions: suggestions.get(id) ?? [],
    });
  }
  const order = jsonRows<number | string>(found[0]?.ord).map(toId);
  return { podcasts: order.flatMap((id) => byId.get(id) ?? []), totalCount: Number(found[0]?.total ?? 0) };
}
