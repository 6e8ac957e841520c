/**
 * The combined feeds of spec 2 §3 ("Sport feed / team feed": articles, videos, episodes, players) for
 * the sport, team, player and user pages, and the home page's top stories (today's hottest stories
 * and episodes). Each part is a short index-bound list; top stories and the sport and team feeds'
 * trending players are the same for every reader, so they are kept in memory briefly
 * (`shared-answers.ts`). The sport and team feeds rank their videos
 * by recent plays (`videos/video-ranking.ts`); the others list them newest first.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Feed, type Player, routes, type TopStories } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { OneRowBatch } from '../../db/one-row-batch.js';
import { currentUserId } from '../../http/current-user.js';
import { playersFeed, sportFeed, teamFeed, userFeed } from '../articles/feed-defs.js';
import { type FeedDef, newestOf } from '../articles/feed-page.js';
import { loadArticlesAndVideosOf, loadArticlesOf } from '../articles/load-articles.js';
import {
  followedTeamIds,
  resolvePlayer,
  resolveSport,
  resolveTeam,
  resolveUser,
} from '../articles/resolve.js';
import type { OrderedIds } from '../ordered-ids.js';
import { loadPlayersOf } from '../players/load-players.js';
import { loadEpisodesOf } from '../podcasts/load-episodes.js';
import { rankedVideosOf } from '../videos/video-ranking.js';
import { SHARED_ANSWER_MS, SharedAnswers } from './shared-answers.js';

/** How many items each part of a combined feed holds (spec 2 §9 home layout and feed page size). */
export const FEED_SIZES = { articles: 13, videos: 5, episodes: 6, players: 6 } as const;

/** Days of episodes a sport feed looks at (sports have no per-episode tag table, only podcast tags). */
export const SPORT_EPISODE_DAYS = 14;

/** Options of {@link contentFeedRoutes}. */
export interface ContentFeedRoutesOptions {
  /** The database. */
  db: Database;
  /**
   * How long the parts that are the same for every reader (top stories, the sport and team feeds'
   * trending players) are reused, in ms (default {@link SHARED_ANSWER_MS}; 0 recomputes every time).
   */
  sharedTtlMs?: number;
  /** The clock of the video ranking's window (tests pin it); defaults to the system time. */
  now?: () => Date;
}

/**
 * A short list's statement (selecting `id` and the columns it is ordered by, with its own `ORDER BY`
 * and `LIMIT`) as an {@link OrderedIds}: `order` writes that order out again to number the rows.
 */
function firstOf(sql: string, order: string, params: unknown[]): OrderedIds {
  return { sql: `SELECT x.id, row_number() OVER (ORDER BY ${order}) AS ord FROM (${sql}) x`, params };
}

/**
 * A combined feed: its articles and videos are picked and loaded with their details by one statement,
 * its episodes and players by one each, and the three are sent as one (`OneRowBatch`). `players` is
 * handed the batch: it loads through it, or answers a shared part it has already.
 */
async function buildFeed(
  db: Database,
  id: string,
  parts: {
    articles: FeedDef;
    videos: FeedDef;
    /** Rank the videos by recent plays (`rankedVideosOf`, at this time) instead of newest first. */
    rankVideosAt?: Date;
    episodes: OrderedIds;
    players: (together: Queryable) => Promise<Player[]>;
  },
): Promise<{ feed: Feed }> {
  const together = new OneRowBatch(db);
  const [{ articles, videos }, episodes, players] = await Promise.all([
    loadArticlesAndVideosOf(
      together,
      newestOf(parts.articles, FEED_SIZES.articles),
      parts.rankVideosAt
        ? rankedVideosOf(parts.videos, FEED_SIZES.videos, parts.rankVideosAt)
        : newestOf(parts.videos, FEED_SIZES.videos),
    ),
    loadEpisodesOf(together, parts.episodes),
    parts.players(together),
  ]);
  return { feed: { id, articles, videos, episodes, players } };
}

/**
 * Registers the feed routes and top stories.
 *
 * @example
 * ```ts
 * await api.register(contentFeedRoutes, { db });
 * ```
 */
export async function contentFeedRoutes(app: FastifyInstance, opts: ContentFeedRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const ttl = opts.sharedTtlMs ?? SHARED_ANSWER_MS;
  const trendingPlayers = new SharedAnswers<Player[]>(ttl);
  const topStories = new SharedAnswers<{ topStories: TopStories }>(ttl);
  const now = opts.now ?? (() => new Date());
  const { episodes: E, players: P } = FEED_SIZES;

  const sport = routes.getSportFeed;
  api.route({
    method: sport.method,
    url: sport.url,
    schema: { params: sport.params, response: sport.response },
    handler: async (request) => {
      const found = await resolveSport(db, request.params.sportId);
      return buildFeed(db, found.slug, {
        articles: sportFeed(found.id),
        videos: sportFeed(found.id, 'video'),
        rankVideosAt: now(),
        episodes: firstOf(
          `SELECT e.id, e.published_at FROM podcast_sports ps JOIN podcast_episodes e ON e.podcast_id = ps.podcast_id
           WHERE ps.sport_id = $1 AND e.published_at > now() - make_interval(days => $3)
           ORDER BY e.published_at DESC, e.id DESC LIMIT $2`,
          'x.published_at DESC, x.id DESC',
          [found.id, E, SPORT_EPISODE_DAYS],
        ),
        players: (together) =>
          trendingPlayers.get(`sport:${found.id}`, () =>
            loadPlayersOf(
              together,
              firstOf(
                'SELECT id, trend FROM players WHERE sport_id = $1 ORDER BY trend DESC, id LIMIT $2',
                'x.trend DESC, x.id',
                [found.id, P],
              ),
            ),
          ),
      });
    },
  });

  const team = routes.getTeamFeed;
  api.route({
    method: team.method,
    url: team.url,
    schema: { params: team.params, response: team.response },
    handler: async (request) => {
      const found = await resolveTeam(db, request.params.teamId);
      const userId = await currentUserId(request, db, app.config);
      return buildFeed(db, found.slug, {
        articles: teamFeed(found.id, { memberId: userId }),
        videos: teamFeed(found.id, { memberId: userId, kind: 'video' }),
        rankVideosAt: now(),
        episodes: firstOf(
          `SELECT et.episode_id AS id, et.published_at FROM episode_teams et
           WHERE et.team_id = $1 AND ($3::int IS NULL OR NOT EXISTS (
             SELECT 1 FROM hidden_podcasts h WHERE h.user_id = $3 AND h.team_id = et.team_id
               AND h.podcast_id = (SELECT e.podcast_id FROM podcast_episodes e WHERE e.id = et.episode_id)))
           ORDER BY et.published_at DESC, et.episode_id DESC LIMIT $2`,
          'x.published_at DESC, x.id DESC',
          [found.id, E, userId],
        ),
        players: (together) =>
          trendingPlayers.get(`team:${found.id}`, () =>
            loadPlayersOf(
              together,
              firstOf(
                'SELECT id, trend FROM players WHERE team_id = $1 ORDER BY trend DESC, id LIMIT $2',
                'x.trend DESC, x.id',
                [found.id, P],
              ),
            ),
          ),
      });
    },
  });

  const player = routes.getPlayerFeed;
  api.route({
    method: player.method,
    url: player.url,
    schema: { params: player.params, response: player.response },
    // The players part holds the player's trending teammates.
    handler: async (request) => {
      const found = await resolvePlayer(db, request.params.playerId);
      return buildFeed(db, found.slug, {
        articles: playersFeed([found.id]),
        videos: playersFeed([found.id], 'video'),
        episodes: firstOf(
          `SELECT episode_id AS id, published_at FROM episode_players WHERE player_id = $1
           ORDER BY published_at DESC, episode_id DESC LIMIT $2`,
          'x.published_at DESC, x.id DESC',
          [found.id, E],
        ),
        players: (together) =>
          loadPlayersOf(
            together,
            firstOf(
              'SELECT id, trend FROM players WHERE team_id = $1 AND id <> $2 ORDER BY trend DESC, id LIMIT $3',
              'x.trend DESC, x.id',
              [found.teamId, found.id, P],
            ),
          ),
      });
    },
  });

  const user = routes.getUserFeed;
  api.route({
    method: user.method,
    url: user.url,
    schema: { params: user.params, response: user.response },
    handler: async (request) => {
      const found = await resolveUser(db, request.params.userId);
      const teams = await followedTeamIds(db, found.id);
      return buildFeed(db, found.slug, {
        articles: userFeed(found.id),
        videos: userFeed(found.id, 'video'),
        episodes: firstOf(
          `SELECT x.id, x.published_at FROM unnest($1::int[]) AS tm(team_id) CROSS JOIN LATERAL (
             SELECT et.episode_id AS id, et.published_at FROM episode_teams et
             WHERE et.team_id = tm.team_id AND NOT EXISTS (
               SELECT 1 FROM hidden_podcasts h WHERE h.user_id = $3 AND h.team_id = et.team_id
                 AND h.podcast_id = (SELECT e.podcast_id FROM podcast_episodes e WHERE e.id = et.episode_id))
             ORDER BY et.published_at DESC, et.episode_id DESC LIMIT $2) x
           GROUP BY x.id, x.published_at ORDER BY x.published_at DESC, x.id DESC LIMIT $2`,
          'x.published_at DESC, x.id DESC',
          [teams, E, found.id],
        ),
        players: (together) =>
          loadPlayersOf(
            together,
            firstOf(
              'SELECT id, trend FROM players WHERE team_id = ANY($1::int[]) ORDER BY trend DESC, id LIMIT $2',
              'x.trend DESC, x.id',
              [teams, P],
            ),
          ),
      });
    },
  });

  const top = routes.getTopStories;
  api.route({
    method: top.method,
    url: top.url,
    schema: { response: top.response },
    handler: () => topStories.get('top', async () => ({ topStories: await loadTopStories(db) })),
  });
}

/**
 * Today's top stories: the lead articles of the day's biggest clusters (hot first, then by how many
 * sources carry them), topped up with the latest lead articles, and the day's hottest episodes. Each
 * list is chosen and loaded with its details by one statement, and the two are sent as one.
 *
 * @example
 * ```ts
 * const { articles, episodes } = await loadTopStories(db);
 * ```
 */
export async function loadTopStories(db: Database): Promise<TopStories> {
  const together = new OneRowBatch(db);
  const [articles, episodes] = await Promise.all([
    loadArticlesOf(together, {
      // The day's clusters are sorted first and their leads' kind read only until enough are found:
      // joining every cluster of the day to its lead article first cost 2-5 ms at 10,000 articles
      // (a scan of all articles) against about 1 ms this way (scratch replay, one core). `OFFSET 0`
      // keeps the sorted list whole so the kind test is not pushed below the sort; the ordinal is
      // numbered in that order.
      sql: `WITH stories AS (
              SELECT s.id, row_number() OVER () AS ord FROM (
                SELECT c.lead_article_id AS id FROM clusters c
                WHERE c.last_seen_at > now() - interval '24 hours' AND c.lead_article_id IS NOT NULL
                ORDER BY c.hot DESC, c.sources_count DESC, c.last_seen_at DESC OFFSET 0
              ) s
              WHERE (SELECT a.kind FROM articles a WHERE a.id = s.id) = 'article'
              LIMIT $1),
            latest AS (
              SELECT l.id, $1::int + row_number() OVER (ORDER BY l.published_at DESC, l.id DESC) AS ord FROM (
                SELECT id, published_at FROM articles WHERE is_lead AND kind = 'article'
                ORDER BY published_at DESC, id DESC LIMIT $1
              ) l)
            SELECT x.id, row_number() OVER (ORDER BY min(x.ord)) AS ord
            FROM (SELECT id, ord FROM stories UNION ALL SELECT id, ord FROM latest) x
            GROUP BY x.id ORDER BY min(x.ord) LIMIT $1`,
      params: [FEED_SIZES.articles],
    }),
    loadEpisodesOf(
      together,
      firstOf(
        `SELECT id, published_at, (hot AND published_at > now() - interval '24 hours') AS hot_today FROM (
           SELECT id, hot, published_at FROM podcast_episodes ORDER BY published_at DESC, id DESC LIMIT 50
         ) recent ORDER BY hot_today DESC, published_at DESC, id DESC LIMIT $1`,
        'x.hot_today DESC, x.published_at DESC, x.id DESC',
        [FEED_SIZES.episodes],
      ),
    ),
  ]);
  return { id: 'top', articles, episodes };
}
