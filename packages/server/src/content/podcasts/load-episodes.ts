/**
 * Loads podcast episodes as the contract's `PodcastEpisode`, batched (one statement whatever the
 * number of ids) and in the order of the ids asked for. Feeds (group A), team, sport
 * and player episode lists and the episode page all serialise episodes through here.
 * @module
 */
import type { EpisodePodcast, PodcastEpisode, SubEpisode } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { type OrderedIds, orderedIdsOf } from '../ordered-ids.js';
import { type PagedIds, totalColumn } from '../paged-ids.js';
import { jsonRows, toId, toIso, uniqueIds } from '../players/refs.js';
import { type PodcastRefColumns, podcastRefColumns, podcastRefsOf } from './podcast-refs.js';

interface EpisodeRow {
  id: number;
  podcast_id: number;
  guid: string;
  title: string;
  enclosure_url: string;
  enclosure_type: string | null;
  enclosure_length: number | string | null;
  description: string | null;
  summary: string | null;
  episode_type: string | null;
  explicit: boolean;
  webpage: string | null;
  season: number | null;
  episode: number | null;
  author: string | null;
  duration: number | null;
  published_at: Date | string;
  hot: boolean;
  image_url: string | null;
  promoted: boolean;
  messages_count: number;
  podcast_title: string;
  podcast_short_title: string | null;
  podcast_image_url: string | null;
}

/**
 * Loads episodes by id, in the order of `ids` (unknown ids are skipped), each with its podcast (teams
 * and sports) and empty `subepisodes` and `suggestions` (grouping and suggestions are added by the
 * callers that need them).
 *
 * @example
 * ```ts
 * const [episode] = await loadEpisodes(db, [42]);
 * ```
 */
export async function loadEpisodes(db: Queryable, ids: readonly number[]): Promise<PodcastEpisode[]> {
  if (uniqueIds(ids).length === 0) return [];
  const { byId } = await episodesOf(db, orderedIdsOf(ids));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Loads the episodes a statement chooses (see {@link OrderedIds}), in its order, in the same
 * statement: a combined feed's episodes are picked and loaded in one round trip.
 *
 * @example
 * ```ts
 * const episodes = await loadEpisodesOf(db, { sql: 'SELECT id, 1 AS ord FROM podcast_episodes WHERE id = $1', params: [42] });
 * ```
 */
export async function loadEpisodesOf(db: Queryable, chosen: OrderedIds): Promise<PodcastEpisode[]> {
  const { order, byId } = await episodesOf(db, chosen);
  return order.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Loads one page of episodes (see {@link PagedIds}) and the count of the whole list, in one statement.
 *
 * @example
 * ```ts
 * const { episodes, totalCount } = await pageEpisodes(db, pagePodcastEpisodeIds(7, { offset: 0, limit: 25 }));
 * ```
 */
export async function pageEpisodes(
  db: Queryable,
  page: PagedIds,
): Promise<{ episodes: PodcastEpisode[]; totalCount: number }> {
  const { order, byId, total } = await episodesOf(db, page);
  return { episodes: order.flatMap((id) => byId.get(id) ?? []), totalCount: total };
}

/** The chosen episodes by id, their ids in the statement's order, and the list's count (0 unpaged). */
async function episodesOf(
  db: Queryable,
  chosen: OrderedIds | PagedIds,
): Promise<{ order: number[]; byId: Map<number, PodcastEpisode>; total: number }> {
  // The episodes and what their podcasts embed, in one statement.
  const { rows: found } = await db.query<PodcastRefColumns & { rows: unknown; ord: unknown; total: unknown }>(
    `WITH wanted AS (${chosen.sql}),
     le AS (
       SELECT e.id, e.podcast_id, e.guid, e.title, e.enclosure_url, e.enclosure_type, e.enclosure_length,
              e.description, e.summary, e.episode_type, e.explicit, e.webpage, e.season, e.episode, e.author,
              e.duration, e.published_at, e.hot, e.image_url, e.promoted, e.messages_count,
              p.title AS podcast_title, p.short_title AS podcast_short_title, p.image_url AS podcast_image_url
       FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
       WHERE e.id = ANY(ARRAY(SELECT id FROM wanted)::bigint[]))
     SELECT (SELECT json_agg(id ORDER BY ord) FROM wanted) AS ord,
       (SELECT json_agg(le) FROM le) AS rows, ${totalColumn(chosen)},
       ${podcastRefColumns('ARRAY(SELECT DISTINCT podcast_id FROM le)::int[]')}`,
    chosen.params,
  );
  const rows = jsonRows<EpisodeRow>(found[0]?.rows);
  const { teams, sports, latest } = podcastRefsOf(found[0]);
  const byId = new Map<number, PodcastEpisode>();
  for (const row of rows) {
    const podcastId = toId(row.podcast_id);
    const podcast: EpisodePodcast = {
      id: podcastId,
      title: row.podcast_title,
      shortTitle: row.podcast_short_title,
      imageUrl: row.podcast_image_url,
      teams: teams.get(podcastId) ?? [],
      sports: sports.get(podcastId) ?? [],
    };
    const id = toId(row.id);
    const publishedAt = toIso(row.published_at);
    byId.set(id, {
      id,
      podcastId,
      guid: row.guid,
      title: row.title,
      enclosureUrl: row.enclosure_url,
      enclosureType: row.enclosure_type,
      enclosureLength: row.enclosure_length === null ? null : Number(row.enclosure_length),
      description: row.description,
      summary: row.summary,
      episodeType: row.episode_type,
      explicit: row.explicit,
      webpage: row.webpage,
      season: row.season,
      episode: row.episode,
      author: row.author,
      duration: row.duration === null ? null : Number(row.duration),
      publishedAt,
      mostRecent: latest.get(podcastId) === id,
      postedDate: publishedAt,
      hot: row.hot,
      imageUrl: row.image_url ?? row.podcast_image_url,
      promoted: row.promoted,
      messagesCount: Number(row.messages_count),
      podcast,
      subepisodes: [],
      suggestions: [],
    });
  }
  return {
    order: jsonRows<number | string>(found[0]?.ord).map(toId),
    byId,
    total: Number(found[0]?.total ?? 0),
  };
}

/** An episode without its own sub-lists, as nested under a grouped episode. */
export function toSubEpisode(episode: PodcastEpisode): SubEpisode {
  const { subepisodes: _subepisodes, suggestions: _suggestions, ...rest } = episode;
  return rest;
}
