/**
 * The news list routes of spec 2 §7 (sport, team, team videos, source, topic, domain, player, user and
 * fantasy team articles), their new-items polls (`.../articles/new_count?since=<id>`), one article and
 * "more from this source". Lists page through the tag tables' indexes (see feed-page.ts) and carry
 * `meta.rss`, the URL of the feed's RSS 2.0 version.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type Video } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { fantasyRosterPlayerIds } from './fantasy-roster.js';
import {
  domainFeed,
  playersFeed,
  sourceFeed,
  sportFeed,
  teamFeed,
  teamSourceFeed,
  topicFeed,
  userFeed,
} from './feed-defs.js';
import { type FeedDef, pageArticles } from './feed-page.js';
import { loadArticles } from './load-articles.js';
import { rssPaths, rssUrl } from './news-list.js';
import { FEED_PER_PAGE, newsPage, newsRoutes } from './news-routes.js';
import {
  resolveDomain,
  resolvePlayer,
  resolveSource,
  resolveSport,
  resolveTeam,
  resolveTopic,
  resolveUser,
} from './resolve.js';

/** Options of {@link contentArticleRoutes}. */
export interface ContentRoutesOptions {
  /** The database. */
  db: Database;
}

/**
 * Registers the news list, new-count and article routes.
 *
 * @example
 * ```ts
 * await api.register(contentArticleRoutes, { db });
 * ```
 */
export async function contentArticleRoutes(app: FastifyInstance, opts: ContentRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const userOf = (request: FastifyRequest) => currentUserId(request, db, app.config);

  // One statement per page (ids, count, details and the member's hides: feed-page.ts), after the
  // session's when the request carries one.
  async function videoPage(feed: FeedDef, query: { page?: number; perPage?: number }, grouped: boolean) {
    const { articles, pagination } = await pageArticles(
      db,
      feed,
      query.page ?? 1,
      query.perPage ?? FEED_PER_PAGE,
      { kind: 'video', withSubarticles: grouped },
    );
    return { videos: articles as Video[], meta: { pagination } };
  }

  // The news lists and their new-items polls (news-routes.ts): per subject, how its feed is found.
  // `includes=teams` is accepted on the sport's list: every article always carries its teams.
  newsRoutes(app, db, routes.listSportArticles, routes.countNewSportArticles, async ({ sportId }) => {
    const sport = await resolveSport(db, sportId);
    return { feed: sportFeed(sport.id), rss: rssUrl(app.config, rssPaths.sport(sport.slug)) };
  });
  // A team's news, or one source's news of the team (`sourceId`; the poll counts the team's own feed).
  newsRoutes(
    app,
    db,
    routes.listTeamArticles,
    routes.countNewTeamArticles,
    async ({ teamId }, { sourceId }, request) => {
      const team = await resolveTeam(db, teamId);
      const feed =
        sourceId === undefined
          ? teamFeed(team.id, { memberId: await userOf(request) })
          : teamSourceFeed(team.id, sourceId);
      return { feed, rss: rssUrl(app.config, rssPaths.team(team.slug)) };
    },
  );
  newsRoutes(app, db, routes.listSourceArticles, routes.countNewSourceArticles, async ({ sourceId }) => {
    const source = await resolveSource(db, sourceId);
    return { feed: sourceFeed(source.id), rss: rssUrl(app.config, rssPaths.source(source.id)) };
  });
  newsRoutes(app, db, routes.listDomainArticles, null, async ({ id }) => {
    const domain = await resolveDomain(db, id);
    return { feed: domainFeed(domain.id), rss: rssUrl(app.config, rssPaths.domain(domain.id)) };
  });
  newsRoutes(
    app,
    db,
    routes.listTopicArticles,
    routes.countNewTopicArticles,
    async ({ topicId }, { domainId }) => {
      const topic = await resolveTopic(db, topicId);
      return {
        feed: topicFeed(topic.id, domainId ?? null),
        rss: rssUrl(app.config, rssPaths.topic(topic.slug)),
      };
    },
  );
  newsRoutes(app, db, routes.listPlayerArticles, routes.countNewPlayerArticles, async ({ playerId }) => {
    const player = await resolvePlayer(db, playerId);
    return { feed: playersFeed([player.id]), rss: rssUrl(app.config, rssPaths.player(player.slug)) };
  });
  // A member's combined news (public by username, like the spec's users/{id} pages) and a fantasy team's
  // (its roster's players): no RSS version.
  newsRoutes(app, db, routes.listUserArticles, routes.countNewUserArticles, async ({ id }) => ({
    feed: userFeed((await resolveUser(db, id)).id),
  }));
  newsRoutes(app, db, routes.listFantasyTeamArticles, routes.countNewFantasyTeamArticles, async ({ id }) => ({
    feed: playersFeed(await fantasyRosterPlayerIds(db, id)),
  }));

  const teamVideos = routes.listTeamVideos;
  api.route({
    method: teamVideos.method,
    url: teamVideos.url,
    schema: {
      params: teamVideos.params,
      querystring: teamVideos.querystring,
      response: teamVideos.response,
    },
    // grouped=true lists the lead videos with their same-story videos nested; otherwise every video.
    handler: async (request) => {
      const team = await resolveTeam(db, request.params.teamId);
      const grouped = request.query.grouped === true;
      const { sourceId } = request.query;
      const feed =
        sourceId === undefined
          ? teamFeed(team.id, { kind: 'video', memberId: await userOf(request), grouped })
          : teamSourceFeed(team.id, sourceId, 'video');
      return videoPage(feed, request.query, grouped);
    },
  });

  // One article and more from its source
  const one = routes.getArticle;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, response: one.response },
    handler: async (request) => {
      const [article] = await loadArticles(db, [request.params.id]);
      if (!article) throw new HttpError(404, NOT_FOUND.errors);
      return { article };
    },
  });
  const related = routes.listRelatedArticles;
  api.route({
    method: related.method,
    url: related.url,
    schema: { params: related.params, querystring: related.querystring, response: related.response },
    handler: async (request) => {
      const { rows } = await db.query<{ source_id: number }>('SELECT source_id FROM articles WHERE id = $1', [
        request.params.articleId,
      ]);
      const sourceId = rows[0]?.source_id;
      if (sourceId === undefined) throw new HttpError(404, NOT_FOUND.errors);
      // pagedQuery(8) without extra fields types its query loosely; the schema guarantees these.
      const query = request.query as { page?: number; perPage?: number };
      return newsPage(
        db,
        sourceFeed(sourceId, request.params.articleId),
        { page: query.page ?? 1, perPage: query.perPage ?? 8 },
        undefined,
      );
    },
  });
}
