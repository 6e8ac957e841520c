/**
 * "Download my data" (/settings/account, issue 13): everything the account holds as one JSON
 * document, built from a list of sections, one query each. A section lists what a member would
 * recognise as theirs; it never selects a password hash, a token or token hash, a session's id (the
 * hash of its cookie), or a card provider's ids. A new kind of member data (chat messages, API keys) adds its section here.
 * @module
 */
import type { AccountExport } from '@sportspyder/contract';
import { describeDevice } from '../auth/describe-device.js';
import type { Queryable } from '../db/database.js';

/** One part of the export: a name (the key in `sections`) and what it reads for a member. */
export interface ExportSection {
  /** The key in the document's `sections`. */
  name: string;
  /** Reads the member's rows (plain JSON values). */
  read: (db: Queryable, userId: number) => Promise<unknown>;
}

const rows =
  (sql: string) =>
  async (db: Queryable, userId: number): Promise<unknown[]> =>
    (await db.query(sql, [userId])).rows;

/** The profile columns exported (every other column of `users` is a secret or internal). */
const PROFILE_SQL = `SELECT id, username, email, display_name AS "displayName", created_at AS "createdAt",
  email_verified_at AS "emailVerifiedAt", username_changed_at AS "usernameChangedAt",
  password_changed_at AS "passwordChangedAt", links_in_new_window AS "linksInNewWindow",
  pro_state AS "proState", pro_since AS "proSince", pro_expires_at AS "proExpiresAt", api,
  chat_color AS "chatColor", chat_pro_badge AS "chatProBadge", chat_accepted_rules AS "chatAcceptedRules",
  notify_message_replies AS "notifyMessageReplies", notify_message_mentions AS "notifyMessageMentions",
  notify_message_threads AS "notifyMessageThreads", notify_message_likes AS "notifyMessageLikes",
  notify_podcast_new_episodes AS "notifyPodcastNewEpisodes",
  notify_podcast_recommendations AS "notifyPodcastRecommendations",
  notify_podcast_popular AS "notifyPodcastPopular", notify_egg_new_article AS "notifyEggNewArticle",
  email_unsubscribe_all AS "unsubscribeAll", email_message_replies AS "emailMessageReplies",
  email_message_mentions AS "emailMessageMentions", email_message_threads AS "emailMessageThreads",
  email_message_likes AS "emailMessageLikes", email_egg_new_article AS "emailEggNewArticle",
  email_podcast_new_episodes AS "emailPodcastNewEpisodes",
  email_podcast_recommendations AS "emailPodcastRecommendations",
  email_newsletter_recap AS "emailNewsletterRecap",
  email_newsletter_recap_frequency AS "emailNewsletterRecapFrequency", email_product AS "emailProduct"
  FROM users WHERE id = $1`;

/** The sections, in document order. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'profile',
    read: async (db, userId) => (await db.query(PROFILE_SQL, [userId])).rows[0] ?? null,
  },
  {
    name: 'followingTeams',
    read: rows(`SELECT t.id AS "teamId", t.slug, t.full_name AS "fullName", f.position, f.created_at AS "followedAt"
      FROM following_teams f JOIN teams t ON t.id = f.team_id WHERE f.user_id = $1 ORDER BY f.position, f.id`),
  },
  {
    name: 'followedSources',
    read: rows(`SELECT s.id AS "sourceId", s.title, f.created_at AS "followedAt"
      FROM source_follows f JOIN sources s ON s.id = f.source_id WHERE f.user_id = $1 ORDER BY f.id`),
  },
  {
    name: 'followedPodcasts',
    read: rows(`SELECT p.id AS "podcastId", p.title, f.created_at AS "followedAt"
      FROM podcast_follows f JOIN podcasts p ON p.id = f.podcast_id WHERE f.user_id = $1 ORDER BY f.id`),
  },
  {
    name: 'hiddenSources',
    read: rows(`SELECT s.id AS "sourceId", s.title, t.slug AS "team", h.created_at AS "hiddenAt"
      FROM hidden_sources h JOIN sources s ON s.id = h.source_id JOIN teams t ON t.id = h.team_id
      WHERE h.user_id = $1 ORDER BY h.id`),
  },
  {
    name: 'hiddenPodcasts',
    read: rows(`SELECT p.id AS "podcastId", p.title, t.slug AS "team", h.created_at AS "hiddenAt"
      FROM hidden_podcasts h JOIN podcasts p ON p.id = h.podcast_id JOIN teams t ON t.id = h.team_id
      WHERE h.user_id = $1 ORDER BY h.id`),
  },
  {
    // The spoiler shield (issue 49): each team's choice and the games the member revealed.
    name: 'spoilerShields',
    read: rows(`SELECT t.slug AS "team", s."on", s.hide_hours AS "hideHours", s.updated_at AS "updatedAt"
      FROM spoiler_shields s JOIN teams t ON t.id = s.team_id WHERE s.user_id = $1 ORDER BY t.slug`),
  },
  {
    name: 'spoilerReveals',
    read: rows(`SELECT game_id AS "gameId", revealed_at AS "revealedAt"
      FROM spoiler_reveals WHERE user_id = $1 ORDER BY revealed_at, game_id`),
  },
  {
    // Web Push alerts (issue 49): the choices per followed team and podcast, quiet hours, and the browsers
    // subscribed, named by their push service (the endpoint and its keys are the browser's secrets).
    name: 'alerts',
    read: async (db, userId) => ({
      teams: (
        await db.query(
          `SELECT t.slug AS "team", a.game_start AS "gameStart", a.final_score AS "finalScore", a.breaking
             FROM team_alerts a JOIN teams t ON t.id = a.team_id WHERE a.user_id = $1 ORDER BY t.slug`,
          [userId],
        )
      ).rows,
      podcasts: (
        await db.query(
          `SELECT a.podcast_id AS "podcastId", p.title, a.new_episode AS "newEpisode"
             FROM podcast_alerts a JOIN podcasts p ON p.id = a.podcast_id WHERE a.user_id = $1 ORDER BY a.podcast_id`,
          [userId],
        )
      ).rows,
      quietHours:
        (
          await db.query(
            `SELECT start_minute AS "startMinute", end_minute AS "endMinute", time_zone AS "timeZone"
               FROM alert_quiet_hours WHERE user_id = $1`,
            [userId],
          )
        ).rows[0] ?? null,
      pushSubscriptions: (
        await db.query(
          `SELECT substring(endpoint from '^[a-z]+://[^/]+') AS "pushService", created_at AS "createdAt"
             FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
          [userId],
        )
      ).rows,
    }),
  },
  {
    name: 'fantasyTeams',
    read: rows(`SELECT ft.id, ft.name, s.slug AS "sport", ft.created_at AS "createdAt",
        coalesce((SELECT json_agg(json_build_object('playerId', pl.id, 'name', pl.name, 'position', po.abbr)
                    ORDER BY r.id)
                  FROM fantasy_rosters r JOIN players pl ON pl.id = r.player_id
                  LEFT JOIN positions po ON po.id = r.position_id
                  WHERE r.fantasy_team_id = ft.id), '[]'::json) AS players
      FROM fantasy_teams ft JOIN sports s ON s.id = ft.sport_id WHERE ft.user_id = $1 ORDER BY ft.id`),
  },
  {
    name: 'listening',
    read: rows(`SELECT l.episode_id AS "episodeId", e.title, p.title AS "podcast", l.time::float8 AS "time",
        l.completed_at AS "completedAt", l.updated_at AS "updatedAt"
      FROM podcast_listens l JOIN podcast_episodes e ON e.id = l.episode_id JOIN podcasts p ON p.id = l.podcast_id
      WHERE l.user_id = $1 ORDER BY l.updated_at DESC, l.id DESC`),
  },
  {
    name: 'articleViews',
    read: rows(`SELECT v.article_id AS "articleId", a.title, a.url, v.created_at AS "viewedAt"
      FROM article_views v JOIN articles a ON a.id = v.article_id
      WHERE v.user_id = $1 ORDER BY v.created_at DESC, v.id DESC`),
  },
  {
    name: 'notifications',
    read: rows(`SELECT id, type, event, read_at AS "readAt", created_at AS "createdAt"
      FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC`),
  },
  {
    name: 'newsletterSubscriptions',
    read: rows(`SELECT s.email, t.full_name AS "team", s.frequency, s.subscribed,
        s.unsubscribe_all AS "unsubscribeAll", s.created_at AS "createdAt"
      FROM subscribers s LEFT JOIN teams t ON t.id = s.team_id
      WHERE s.user_id = $1 OR lower(s.email) = (SELECT lower(email) FROM users WHERE id = $1) ORDER BY s.id`),
  },
  {
    name: 'contactMessages',
    read: rows(`SELECT topic_id AS "topicId", email, url, subject, message, created_at AS "sentAt"
      FROM feedbacks WHERE user_id = $1 ORDER BY id`),
  },
  {
    // The plan and the card as the provider describes it; never the customer or subscription ids.
    name: 'billing',
    read: async (db, userId) =>
      (
        await db.query(
          `SELECT status, plan, current_period_end AS "currentPeriodEnd",
             cancel_at_period_end AS "cancelAtPeriodEnd", card_name AS "cardName", card_brand AS "cardBrand",
             card_last4 AS "cardLast4", card_exp_month AS "cardExpMonth", card_exp_year AS "cardExpYear"
           FROM billing_accounts WHERE user_id = $1`,
          [userId],
        )
      ).rows[0] ?? null,
  },
  {
    // The signed-in sessions as /settings/password lists them (its number, browser, address and
    // dates); the row id is the hash of the cookie token and stays on the server.
    name: 'signedInSessions',
    read: async (db, userId) =>
      (
        await db.query<{ user_agent: string | null }>(
          `SELECT number, user_agent, ip, created_at AS "signedInAt", last_seen_at AS "lastSeenAt",
             expires_at AS "expiresAt"
           FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, number DESC`,
          [userId],
        )
      ).rows.map(({ user_agent, ...session }) => ({ ...session, device: describeDevice(user_agent) })),
  },
  {
    // Names and dates only: a key's token, or its digest, never leaves the server.
    name: 'apiKeys',
    read: rows(`SELECT id, description, token_prefix AS "prefix", created_at AS "createdAt",
        last_used_at AS "lastUsedAt"
      FROM api_keys WHERE user_id = $1 ORDER BY id`),
  },
];

/**
 * Builds the export of a member from `sections` (default: {@link EXPORT_SECTIONS}).
 *
 * @example
 * ```ts
 * const document = await exportAccount(db, userId);
 * document.sections.profile; // { id, username, email, ... }
 * ```
 */
export async function exportAccount(
  db: Queryable,
  userId: number,
  sections: readonly ExportSection[] = EXPORT_SECTIONS,
): Promise<AccountExport> {
  const result: Record<string, unknown> = {};
  // One section after another: PGlite has one connection, and a member's data is small.
  for (const section of sections) result[section.name] = await section.read(db, userId);
  return {
    format: 'sportspyder-account-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    sections: result,
  };
}
