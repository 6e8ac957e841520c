/**
 * The events that create the notifications without a chat message behind them (spec 1 §3
 * "Notification"), besides new episodes on ingest (notifications.ts):
 * - `egg_new_article`: a source the member follows ("egg" is the spec's word for a source) published a
 *   new article; made inside the ingest transaction, for the newest new article of the feed only, and
 *   at most one per source and member an hour, so a busy source does not bury the list.
 * - `podcast_popular`: an episode of a followed podcast became popular (see {@link POPULAR_LISTENERS});
 *   a scheduled round, for followers who have not listened to it.
 * - `podcast_recommendations`: a popular episode about a team the member follows, from a podcast the
 *   member neither follows nor hid, not listened to; at most one a day per member, the most listened.
 * Each is made only when the member's notify flag of the type is on, mailed per the e-mail flag
 * (popular episodes follow the recommendations' e-mail flag), and made at most once per member and
 * item: the inserts go through the partial unique indexes of migration 0015 with ON CONFLICT DO
 * NOTHING, so two processes running a round together still notify once. The dispatcher then pushes
 * and mails them.
 * @module
 */
import type { Database, Queryable } from '../db/database.js';
import { warmStatements } from '../db/warm-statements.js';
import { releaseJobLease, takeJobLease } from '../email-pages/recap-newsletter.js';
import { startPeriodicJob } from '../periodic-job.js';

/** Distinct listeners within {@link POPULAR_DAYS} that make an episode popular (or the `hot` flag). */
export const POPULAR_LISTENERS = 5;
/** Only episodes published within this many days are popular or recommended. */
export const POPULAR_DAYS = 7;
/** New articles older than this (feeds backfilling old items) notify nobody. */
export const NEW_ARTICLE_MAX_AGE_HOURS = 24;
/** How often the popular and recommendation round runs. */
export const NOTIFICATION_EVENTS_INTERVAL_MS = 60 * 60 * 1000;
const JOB = 'notification_events';
const LEASE_MS = 10 * 60 * 1000;

const countOf = async (db: Queryable, sql: string, params: unknown[]) =>
  Number((await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0);

/**
 * Notifies the followers of a source of its newest new article (inside the ingest transaction, after
 * the articles are stored); answers how many notifications were made.
 * @example
 * await notifyNewSourceArticles(tx, insertedIds, now);
 */
export async function notifyNewSourceArticles(
  db: Queryable,
  articleIds: number[],
  now: Date,
): Promise<number> {
  if (articleIds.length === 0) return 0;
  return countOf(
    db,
    `WITH newest AS (
       SELECT DISTINCT ON (a.source_id) a.id, a.source_id FROM articles a
       WHERE a.id = ANY($1::bigint[]) AND a.kind = 'article' AND a.is_lead
         AND a.published_at > $2::timestamptz - make_interval(hours => $3)
       ORDER BY a.source_id, a.published_at DESC, a.id DESC),
     made AS (
       INSERT INTO notifications (user_id, type, event, article_id, mail_pending, push_pending)
       SELECT f.user_id, 'egg_new_article', 'New article from ' || s.title, n.id,
              u.email_egg_new_article AND NOT u.email_unsubscribe_all, true
       FROM newest n
       JOIN sources s ON s.id = n.source_id
       JOIN source_follows f ON f.source_id = n.source_id
       JOIN users u ON u.id = f.user_id AND u.notify_egg_new_article
       WHERE NOT EXISTS (
         SELECT 1 FROM notifications o JOIN articles oa ON oa.id = o.article_id
         WHERE o.user_id = f.user_id AND o.type = 'egg_new_article' AND oa.source_id = n.source_id
           AND o.created_at > now() - interval '1 hour')
       ON CONFLICT (user_id, type, article_id) WHERE type = 'egg_new_article' DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [articleIds, now, NEW_ARTICLE_MAX_AGE_HOURS],
  );
}

// The popular episodes of the window ending at $1: listened to by $2 members or devices, or hot. Each
// condition reads its own index (migration 0021), so the round never reads every episode of the week:
// the window is applied inside each branch, and the episodes are then read by id. With the window on
// `e` as well, PostgreSQL hashed every episode of the week against the few candidates (12.5 ms against
// 1.0 ms on the 10k benchmark database, 15,000 episodes in the week), and the round ran on the server's
// thread, holding requests for as long.
const POPULAR = `
  listened AS (
    SELECT episode_id, count(*) AS n FROM podcast_listens
    WHERE created_at > $1::timestamptz - make_interval(days => $3) GROUP BY episode_id),
  popular AS (
    SELECT e.id, e.podcast_id, e.published_at, COALESCE(c.n, 0) AS listeners
    FROM podcast_episodes e
    LEFT JOIN listened c ON c.episode_id = e.id
    WHERE e.id IN (
        SELECT h.id FROM podcast_episodes h
        WHERE h.hot AND h.published_at > $1::timestamptz - make_interval(days => $3) AND h.published_at <= $1
        UNION
        SELECT l.episode_id FROM listened l JOIN podcast_episodes le ON le.id = l.episode_id
        WHERE l.n >= $2 AND le.published_at > $1::timestamptz - make_interval(days => $3)
          AND le.published_at <= $1))`;

const EPISODE_ONCE = `ON CONFLICT (user_id, type, episode_id)
  WHERE type IN ('podcast_recommendations', 'podcast_popular') DO NOTHING`;

/** Notifies followers of popular episodes of their podcasts; answers how many notifications were made. */
export async function notifyPopularEpisodes(db: Queryable, now: Date): Promise<number> {
  return countOf(
    db,
    `WITH ${POPULAR},
     made AS (
       INSERT INTO notifications (user_id, type, event, episode_id, mail_pending, push_pending, created_at)
       SELECT f.user_id, 'podcast_popular', 'Popular episode of ' || pod.title, p.id,
              u.email_podcast_recommendations AND NOT u.email_unsubscribe_all, true, $1
       FROM popular p
       JOIN podcasts pod ON pod.id = p.podcast_id
       JOIN podcast_follows f ON f.podcast_id = p.podcast_id
       JOIN users u ON u.id = f.user_id AND u.notify_podcast_popular
       WHERE NOT EXISTS (SELECT 1 FROM podcast_listens l WHERE l.user_id = f.user_id AND l.episode_id = p.id)
       ${EPISODE_ONCE}
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [now, POPULAR_LISTENERS, POPULAR_DAYS],
  );
}

/**
 * Recommends to each member at most one popular episode a day about a followed team, from a podcast
 * the member neither follows nor hid; answers how many recommendations were made.
 */
export async function notifyRecommendedEpisodes(db: Queryable, now: Date): Promise<number> {
  return countOf(
    db,
    `WITH ${POPULAR},
     picks AS (
       SELECT DISTINCT ON (ft.user_id) ft.user_id, p.id AS episode_id, p.podcast_id
       FROM popular p
       JOIN episode_teams et ON et.episode_id = p.id
       JOIN following_teams ft ON ft.team_id = et.team_id
       JOIN users u ON u.id = ft.user_id AND u.notify_podcast_recommendations
       WHERE NOT EXISTS (SELECT 1 FROM podcast_follows f WHERE f.user_id = ft.user_id AND f.podcast_id = p.podcast_id)
         AND NOT EXISTS (SELECT 1 FROM hidden_podcasts h WHERE h.user_id = ft.user_id AND h.podcast_id = p.podcast_id)
         AND NOT EXISTS (SELECT 1 FROM podcast_listens l WHERE l.user_id = ft.user_id AND l.episode_id = p.id)
         AND NOT EXISTS (
           SELECT 1 FROM notifications n WHERE n.user_id = ft.user_id AND n.type = 'podcast_recommendations'
             AND (n.episode_id = p.id OR n.created_at > $1::timestamptz - interval '1 day'))
       ORDER BY ft.user_id, p.listeners DESC, p.published_at DESC, p.id DESC),
     made AS (
       INSERT INTO notifications (user_id, type, event, episode_id, mail_pending, push_pending, created_at)
       SELECT k.user_id, 'podcast_recommendations', 'Recommended for you from ' || pod.title, k.episode_id,
              u.email_podcast_recommendations AND NOT u.email_unsubscribe_all, true, $1
       FROM picks k JOIN podcasts pod ON pod.id = k.podcast_id JOIN users u ON u.id = k.user_id
       ${EPISODE_ONCE}
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [now, POPULAR_LISTENERS, POPULAR_DAYS],
  );
}

/** What a round made. */
export interface NotificationEventsRound {
  /** False when another runner held the lease. */
  ran: boolean;
  /** Popular-episode notifications made. */
  popular: number;
  /** Recommendations made. */
  recommended: number;
}

/**
 * One round of the scheduled events under the job's lease (one runner at a time).
 * @example
 * await runNotificationEventsRound(db, { owner: 'web-1', now: new Date() });
 */
export async function runNotificationEventsRound(
  db: Database,
  options: { owner: string; now: Date },
): Promise<NotificationEventsRound> {
  const { owner, now } = options;
  if (!(await takeJobLease(db, JOB, owner, LEASE_MS, now))) return { ran: false, popular: 0, recommended: 0 };
  try {
    const popular = await notifyPopularEpisodes(db, now);
    const recommended = await notifyRecommendedEpisodes(db, now);
    return { ran: true, popular, recommended };
  } finally {
    await releaseJobLease(db, JOB, owner);
  }
}

/**
 * Plans the round's statements ahead on PGlite (see `db/warm-statements.ts`), so its first round does not
 * stall the server's thread: the server calls it before it listens. Makes no notification.
 * @example
 * await warmNotificationEvents(db);
 */
export function warmNotificationEvents(db: Database, now = new Date()): Promise<void> {
  return warmStatements(db, async (tx) => {
    await notifyPopularEpisodes(tx, now);
    await notifyRecommendedEpisodes(tx, now);
  });
}

/**
 * Runs a round a minute after start, then every {@link NOTIFICATION_EVENTS_INTERVAL_MS}; answers the
 * stop function. The notification dispatcher pushes and mails what a round made.
 */
export function startNotificationEvents(
  db: Database,
  options: { owner: string; log?: { error: (obj: unknown, msg: string) => void } },
): () => Promise<void> {
  return startPeriodicJob(() => runNotificationEventsRound(db, { owner: options.owner, now: new Date() }), {
    firstMs: 60_000,
    intervalMs: NOTIFICATION_EVENTS_INTERVAL_MS,
    onError: (error) => options.log?.error({ err: error }, 'notification events round failed'),
  });
}
