/**
 * The news feeds as SQL ({@link FeedDef}): each reads one tag table's index newest first
 * (`(tag, kind, published_at DESC, article_id DESC)` or the articles' per-source/per-domain indexes), so a
 * page is an index range scan whatever the table size. Lead articles only where stories are grouped.
 * @module
 */
import type { FeedDef } from './feed-page.js';

/** Kinds of items a feed lists. */
export type ArticleKind = 'article' | 'video';

type Extra = ((published: string, id: string) => string) | undefined;

const and = (extra: Extra, published: string, id: string) => (extra ? ` AND ${extra(published, id)}` : '');

/** The lead articles (or videos) of a sport. */
export function sportFeed(sportId: number, kind: ArticleKind = 'article'): FeedDef {
  return {
    params: [sportId, kind],
    build: (limit, extra) =>
      `SELECT article_id, published_at FROM article_sports
       WHERE sport_id = $1 AND kind = $2 AND is_lead${and(extra, 'published_at', 'article_id')}
       ORDER BY published_at DESC, article_id DESC LIMIT ${limit}`,
  };
}

/** Options of {@link teamFeed}. */
export interface TeamFeedOptions {
  /** Articles or videos. */
  kind?: ArticleKind;
  /** The signed-in member whose hidden sources (from this team) are left out; null for visitors. */
  memberId?: number | null;
  /** Leads only (stories grouped); false lists every item. Default true. */
  grouped?: boolean;
}

/**
 * The articles (or videos) of a team, without the sources the member hid from this team. The hides
 * are read by the feed's own SQL (an init plan run once), so a member's page needs no statement of
 * its own for them; the hide test is a per-row filter (not a join), so the scan stays one ordered
 * index range stopped by LIMIT, and a member without hides pays nothing per row.
 */
export function teamFeed(teamId: number, opts: TeamFeedOptions = {}): FeedDef {
  const grouped = opts.grouped !== false;
  const memberId = opts.memberId ?? null;
  return {
    params: [teamId, opts.kind ?? 'article', memberId],
    build: (limit, extra) =>
      `SELECT at.article_id, at.published_at FROM article_teams at
       WHERE at.team_id = $1 AND at.kind = $2${grouped ? ' AND at.is_lead' : ''}
         ${
           memberId !== null
             ? `AND (NOT EXISTS (SELECT 1 FROM hidden_sources h WHERE h.user_id = $3 AND h.team_id = $1)
                  OR at.source_id <> ALL (ARRAY(
                    SELECT h.source_id FROM hidden_sources h WHERE h.user_id = $3 AND h.team_id = $1)))`
             : 'AND $3::int IS NULL'
         }
         ${and(extra, 'at.published_at', 'at.article_id')}
       ORDER BY at.published_at DESC, at.article_id DESC LIMIT ${limit}`,
  };
}

/** The items of one source filed under a team (every item, grouped or not: it is that source's page). */
export function teamSourceFeed(teamId: number, sourceId: number, kind: ArticleKind = 'article'): FeedDef {
  return {
    params: [teamId, sourceId, kind],
    build: (limit, extra) =>
      `SELECT a.id AS article_id, a.published_at FROM articles a
       WHERE a.source_id = $2 AND a.kind = $3
         AND EXISTS (SELECT 1 FROM article_teams at WHERE at.article_id = a.id AND at.team_id = $1)
         ${and(extra, 'a.published_at', 'a.id')}
       ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}`,
  };
}

/** Every item of a source (articles and videos), optionally without one article. */
export function sourceFeed(sourceId: number, exceptId: number | null = null): FeedDef {
  return {
    params: [sourceId, exceptId],
    build: (limit, extra) =>
      `SELECT a.id AS article_id, a.published_at FROM articles a
       WHERE a.source_id = $1 AND ($2::bigint IS NULL OR a.id <> $2)${and(extra, 'a.published_at', 'a.id')}
       ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}`,
  };
}

/**
 * The articles of every source a member follows (My Sources, latest). Each source contributes its
 * newest `limit` items through its own index range, so the cost is bounded by the page, not by how
 * much the sources ever published.
 */
export function followedSourcesFeed(userId: number): FeedDef {
  return {
    params: [userId],
    build: (limit, extra) =>
      `SELECT x.article_id, x.published_at FROM source_follows f
       CROSS JOIN LATERAL (
         SELECT a.id AS article_id, a.published_at FROM articles a
         WHERE a.source_id = f.source_id AND a.kind = 'article'${and(extra, 'a.published_at', 'a.id')}
         ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}
       ) x
       WHERE f.user_id = $1
       ORDER BY x.published_at DESC, x.article_id DESC LIMIT ${limit}`,
  };
}

/** Every item of a domain (all its sources). */
export function domainFeed(domainId: number): FeedDef {
  return {
    params: [domainId],
    build: (limit, extra) =>
      `SELECT a.id AS article_id, a.published_at FROM articles a
       WHERE a.domain_id = $1${and(extra, 'a.published_at', 'a.id')}
       ORDER BY a.published_at DESC, a.id DESC LIMIT ${limit}`,
  };
}

/** The lead articles of a topic, optionally of one domain. */
export function topicFeed(topicId: number, domainId: number | null = null): FeedDef {
  return {
    params: [topicId, domainId],
    build: (limit, extra) =>
      `SELECT t.article_id, t.published_at FROM article_topics t JOIN articles a ON a.id = t.article_id
       WHERE t.topic_id = $1 AND a.is_lead AND a.kind = 'article' AND ($2::int IS NULL OR a.domain_id = $2)
         ${and(extra, 't.published_at', 't.article_id')}
       ORDER BY t.published_at DESC, t.article_id DESC LIMIT ${limit}`,
  };
}

/** The lead articles (or videos) about one or more players (a player page, a fantasy roster). */
export function playersFeed(playerIds: readonly number[], kind: ArticleKind = 'article'): FeedDef {
  // One index range per player merged by the outer sort (see userFeed for why this stays bounded).
  return {
    params: [playerIds, kind],
    build: (limit, extra) =>
      `SELECT x.article_id, x.published_at FROM unnest($1::int[]) AS pl(player_id)
       CROSS JOIN LATERAL (
         SELECT p.article_id, p.published_at FROM article_players p JOIN articles a ON a.id = p.article_id
         WHERE p.player_id = pl.player_id AND a.is_lead AND a.kind = $2
           ${and(extra, 'p.published_at', 'p.article_id')}
         ORDER BY p.published_at DESC, p.article_id DESC LIMIT ${limit}
       ) x
       GROUP BY x.article_id, x.published_at
       ORDER BY x.published_at DESC, x.article_id DESC LIMIT ${limit}`,
  };
}

/**
 * The lead articles (or videos) of every team a member follows, without the sources they hid from
 * each team; the follows and hides are read by the same SQL. Each team contributes its newest `limit`
 * items through its own index range; the union of those holds the newest `limit` distinct items
 * overall, so the cost is bounded by the page, not by the table. The hide test is a hashed NOT IN
 * filter, which keeps each range ordered and limited.
 */
export function userFeed(userId: number, kind: ArticleKind = 'article'): FeedDef {
  return {
    params: [userId, kind],
    build: (limit, extra) =>
      `SELECT x.article_id, x.published_at FROM following_teams tm
       CROSS JOIN LATERAL (
         SELECT at.article_id, at.published_at FROM article_teams at
         WHERE at.team_id = tm.team_id AND at.kind = $2 AND at.is_lead
           AND (NOT EXISTS (SELECT 1 FROM hidden_sources h WHERE h.user_id = $1)
             OR (at.team_id, at.source_id) NOT IN (
                  SELECT h.team_id, h.source_id FROM hidden_sources h WHERE h.user_id = $1))
           ${and(extra, 'at.published_at', 'at.article_id')}
         ORDER BY at.published_at DESC, at.article_id DESC LIMIT ${limit}
       ) x
       WHERE tm.user_id = $1
       GROUP BY x.article_id, x.published_at
       ORDER BY x.published_at DESC, x.article_id DESC LIMIT ${limit}`,
  };
}
