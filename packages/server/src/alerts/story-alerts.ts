/**
 * Breaking-story alerts (issue 49): a story (an ingest cluster) is breaking when at least
 * {@link BREAKING_SOURCES} different sources published it within {@link BREAKING_WITHIN_MINUTES} minutes of
 * its first article. The worker looks for such stories among the recent ones on its own pace, so the ingest
 * pipeline never waits for alerts; each story alerts once (`story-<id>`), to the members who follow one of
 * its teams with "breaking" on.
 * @module
 */
import type { Database } from '../db/database.js';
import { type AlertRecipient, enqueueAlert } from './enqueue-alert.js';

/** Different sources a story needs to be breaking. */
export const BREAKING_SOURCES = 3;
/** ...within this many minutes of its first article. */
export const BREAKING_WITHIN_MINUTES = 30;
/** Stories whose first article is older than this are not looked at (no alert for old news at a first start). */
export const BREAKING_LOOKBACK_MINUTES = 120;

interface StoryRow {
  id: number;
  article_id: number;
  title: string;
  sources: number;
}

/**
 * Finds the breaking stories not alerted yet and queues their alerts; answers the deliveries queued.
 * @example
 * await queueBreakingStories(db); // from the worker's scan
 */
export async function queueBreakingStories(db: Database, now: Date = new Date()): Promise<number> {
  const { rows: stories } = await db.query<StoryRow>(
    `WITH recent AS (
       SELECT c.id, min(a.published_at) AS first_at
         FROM clusters c JOIN articles a ON a.cluster_id = c.id
        WHERE c.last_seen_at > $1::timestamptz - make_interval(mins => $4) AND c.sources_count >= $2
          AND NOT EXISTS (SELECT 1 FROM alert_events e WHERE e.dedupe_key = 'story-' || c.id)
        GROUP BY c.id
       HAVING min(a.published_at) > $1::timestamptz - make_interval(mins => $4)
     )
     SELECT r.id, count(DISTINCT a.source_id)::int AS sources,
            (array_agg(a.id ORDER BY a.is_lead DESC, a.published_at, a.id))[1] AS article_id,
            (array_agg(a.title ORDER BY a.is_lead DESC, a.published_at, a.id))[1] AS title
       FROM recent r JOIN articles a ON a.cluster_id = r.id
      WHERE a.published_at <= r.first_at + make_interval(mins => $3)
      GROUP BY r.id
     HAVING count(DISTINCT a.source_id) >= $2`,
    [now.toISOString(), BREAKING_SOURCES, BREAKING_WITHIN_MINUTES, BREAKING_LOOKBACK_MINUTES],
  );
  let queued = 0;
  for (const story of stories) {
    const { rows: fans } = await db.query<{
      user_id: number;
      team_slug: string;
      sport_slug: string;
      team_name: string;
    }>(
      `SELECT DISTINCT ON (f.user_id) f.user_id, t.slug AS team_slug, s.slug AS sport_slug, t.name AS team_name
         FROM article_teams at
         JOIN articles ar ON ar.id = at.article_id AND ar.cluster_id = $1
         JOIN team_alerts a ON a.team_id = at.team_id AND a.breaking
         JOIN following_teams f ON f.user_id = a.user_id AND f.team_id = a.team_id
         JOIN teams t ON t.id = a.team_id JOIN sports s ON s.id = t.sport_id
        WHERE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = a.user_id)
        ORDER BY f.user_id, f.position, f.id`,
      [story.id],
    );
    const recipients = fans.map(
      (fan): AlertRecipient => ({
        userId: Number(fan.user_id),
        payload: {
          kind: 'breaking',
          title: `${fan.team_name}: breaking`,
          body: story.title,
          url: `/${fan.sport_slug}/${fan.team_slug}/articles/${story.article_id}`,
          tag: `story-${story.id}`,
          timestamp: now.getTime(),
        },
      }),
    );
    queued += (await enqueueAlert(db, { dedupeKey: `story-${story.id}`, kind: 'breaking', recipients, now }))
      .queued;
  }
  return queued;
}
