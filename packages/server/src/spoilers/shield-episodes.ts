/**
 * The spoiler shield's rule for podcast episodes (issue 49), used by `shield-answers.ts`: an episode is
 * marked `spoiler` for a member when it is tagged with a shielded team, or its podcast is filed under
 * one (`episode_teams`, `podcast_teams`), it was published after a hidden game of that team started,
 * and its title or summary gives a result away (`givesResultAway`), as the headlines' rule reads an
 * article's title and summary. The teams and the summary are read from the database, not from the
 * answer, because most answers carry the short episode shape (`EpisodeRef`: the player, listens,
 * suggestions) without either: the same episode is then marked alike in every list.
 * @module
 */
import type { Queryable } from '../db/database.js';
import { givesResultAway } from './spoiler-headline.js';

/** What the shield reads of an episode in an answer (`PodcastEpisode`, `SubEpisode` or `EpisodeRef`). */
export interface EpisodeLike {
  id: number;
  title: string;
  publishedAt: string;
  enclosureUrl: string;
  spoiler?: boolean;
}

/**
 * Characters of an episode's summary (or description, when it has no summary) the classifier reads:
 * show notes run to pages of sponsors and links, and a result is told where the episode is introduced.
 */
export const EPISODE_SUMMARY_CHARS = 600;

/**
 * Marks `episodes` (objects of an answer's copy) that give away a result hidden since `since` (the
 * earliest start of a hidden game, ms, per shielded team): one statement, none when no game is hidden.
 *
 * @example
 * ```ts
 * // The team's hidden game started at 17:00: an episode about it published later, titled with the score, is marked.
 * await markEpisodes(db, [episode], new Map([[teamId, Date.parse('2026-11-20T17:00:00Z')]]));
 * ```
 */
export async function markEpisodes(
  db: Queryable,
  episodes: readonly EpisodeLike[],
  since: ReadonlyMap<number, number>,
): Promise<void> {
  if (episodes.length === 0 || since.size === 0) return;
  const ids = [...new Set(episodes.map((episode) => episode.id))];
  const { rows } = await db.query<{ id: number | string; summary: string | null; team_ids: number[] }>(
    `SELECT e.id, left(coalesce(e.summary, e.description), $3) AS summary,
            array(SELECT et.team_id FROM episode_teams et
                   WHERE et.episode_id = e.id AND et.team_id = ANY($2::int[])
                  UNION
                  SELECT pt.team_id FROM podcast_teams pt
                   WHERE pt.podcast_id = e.podcast_id AND pt.team_id = ANY($2::int[])) AS team_ids
       FROM podcast_episodes e
      WHERE e.id = ANY($1::bigint[])`,
    [ids, [...since.keys()], EPISODE_SUMMARY_CHARS],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const episode of episodes) {
    const row = byId.get(episode.id);
    if (!row || row.team_ids.length === 0) continue;
    const published = Date.parse(episode.publishedAt);
    const afterHiddenStart = row.team_ids.some(
      (team) => (since.get(Number(team)) ?? Number.NaN) <= published,
    );
    if (afterHiddenStart && givesResultAway(episode.title, row.summary).spoiler) episode.spoiler = true;
  }
}
