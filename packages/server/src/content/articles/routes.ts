/**
 * The news list routes of spec 2 §7 (sport, team, team videos, source, topic, domain, player, user and
 * fantasy team articles), their new-items polls (`.../articles/new_count?since=<id>`), one article and
 * "more from this source". Lists page through the tag tables' indexes (see feed-page.ts) and carry
 * `meta.rss`, the URL of the feed's RSS 2.0 version.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Article, routes, type Video } from '@sportspyder/contract';
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
import { countNewer, type FeedDef, pageArticles } from './feed-page.js';
import { loadArticles } from './load-articles.js';
import { rssPaths, rssUrl, withRssMeta } from './news-list.js';
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

/** The feed page size of spec 2 §9 (the contract's default; used when a schema default is absent). */
const FEED_PER_PAGE = 13;

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
  async function articlePage(
    feed: FeedDef,
    query: { page?: number; perPage?: number },
    rss: string | undefined,
  ) {
    const { articles, pagination } = await pageArticles(
      db,
      feed,
      query.page ?? 1,
      query.perPage ?? FEED_PER_PAGE,
    );
    return { items: articles as Article[], meta: { pagination, ...(rss ? { rss } : {}) } };
  }

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

  async function newCount(feed: FeedDef, since: number) {
    return { newItems: await countNewer(db, feed, since) };
  }

  // Sport
  const sportList = routes.listSportArticles;
  api.route({
    method: sportList.method,
    url: sportList.url,
    schema: {
      params: sportList.params,
      querystring: sportList.querystring,
      response: withRssMeta(sportList.response),
    },
    // `includes=teams` is accepted: every article always carries its teams.
    handler: async (request) => {
      const sport = await resolveSport(db, request.params.sportId);
      const { items, meta } = await articlePage(
        sportFeed(sport.id),
        request.query,
        rssUrl(app.config, rssPaths.sport(sport.slug)),
      );
      return { articles: items, meta };
    },
  });
  const sportCount = routes.countNewSportArticles;
  api.route({
    method: sportCount.method,
    url: sportCount.url,
    schema: { params: sportCount.params, querystring: sportCount.querystring, response: sportCount.response },
    handler: async (request) =>
      newCount(sportFeed((await resolveSport(db, request.params.sportId)).id), request.query.since),
  });

  // Team
  const teamList = routes.listTeamArticles;
  api.route({
    method: teamList.method,
    url: teamList.url,
    schema: {
      params: teamList.params,
      querystring: teamList.querystring,
      response: withRssMeta(teamList.response),
    },
    handler: async (request) => {
      const team = await resolveTeam(db, request.params.teamId);
      const { sourceId } = request.query;
      const feed =
        sourceId === undefined
          ? teamFeed(team.id, { memberId: await userOf(request) })
          : teamSourceFeed(team.id, sourceId);
      const { items, meta } = await articlePage(
        feed,
        request.query,
        rssUrl(app.config, rssPaths.team(team.slug)),
      );
      return { articles: items, meta };
    },
  });
  const teamCount = routes.countNewTeamArticles;
  api.route({
    method: teamCount.method,
    url: teamCount.url,
    schema: { params: teamCount.params, querystring: teamCount.querystring, response: teamCount.response },
    handler: async (request) => {
      const team = await resolveTeam(db, request.params.teamId);
      return newCount(teamFeed(team.id, { memberId: await userOf(request) }), request.query.since);
    },
  });
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

  // Source and domain
  const sourceList = routes.listSourceArticles;
  api.route({
    method: sourceList.method,
    url: sourceList.url,
    schema: {
      params: sourceList.params,
      querystring: sourceList.querystring,
      response: withRssMeta(sourceList.response),
    },
    handler: async (request) => {
      const source = await resolveSource(db, request.params.sourceId);
      const { items, meta } = await articlePage(
        sourceFeed(source.id),
        request.query,
        rssUrl(app.config, rssPaths.source(source.id)),
      );
      return { articles: items, meta };
    },
  });
  const sourceCount = routes.countNewSourceArticles;
  api.route({
    method: sourceCount.method,
    url: sourceCount.url,
    schema: {
      params: sourceCount.params,
      querystring: sourceCount.querystring,
      response: sourceCount.response,
    },
    handler: async (request) =>
      newCount(sourceFeed((await resolveSource(db, request.params.sourceId)).id), request.query.since),
  });
  const domainList = routes.listDomainArticles;
  api.route({
    method: domainList.method,
    url: domainList.url,
    schema: {
      params: domainList.params,
      querystring: domainList.querystring,
      response: withRssMeta(domainList.response),
    },
    handler: async (request) => {
      const domain = await resolveDomain(db, request.params.id);
      const { items, meta } = await articlePage(
        domainFeed(domain.id),
        request.query,
        rssUrl(app.config, rssPaths.domain(domain.id)),
      );
      return { articles: items, meta };
    },
  });

  // Topic
  const topicList = routes.listTopicArticles;
  api.route({
    method: topicList.method,
    url: topicList.url,
    schema: {
      params: topicList.params,
      querystring: topicList.querystring,
      response: withRssMeta(topicList.response),
    },
    handler: async (request) => {
      const topic = await resolveTopic(db, request.params.topicId);
      const { items, meta } = await articlePage(
        topicFeed(topic.id, request.query.domainId ?? null),
        request.query,
        rssUrl(app.config, rssPaths.topic(topic.slug)),
      );
      return { articles: items, meta };
    },
  });
  const topicCount = routes.countNewTopicArticles;
  api.route({
    method: topicCount.method,
    url: topicCount.url,
    schema: { params: topicCount.params, querystring: topicCount.querystring, response: topicCount.response },
    handler: async (request) =>
      newCount(topicFeed((await resolveTopic(db, request.params.topicId)).id), request.query.since),
  });

  // Player
  const playerList = routes.listPlayerArticles;
  api.route({
    method: playerList.method,
    url: playerList.url,
    schema: {
      params: playerList.params,
      querystring: playerList.querystring,
      response: withRssMeta(playerList.response),
    },
    handler: async (request) => {
      const player = await resolvePlayer(db, request.params.playerId);
      const { items, meta } = await articlePage(
        playersFeed([player.id]),
        request.query,
        rssUrl(app.config, rssPaths.player(player.slug)),
      );
      return { articles: items, meta };
    },
  });
  const playerCount = routes.countNewPlayerArticles;
  api.route({
    method: playerCount.method,
    url: playerCount.url,
    schema: {
      params: playerCount.params,
      querystring: playerCount.querystring,
      response: playerCount.response,
    },
    handler: async (request) =>
      newCount(playersFeed([(await resolvePlayer(db, request.params.playerId)).id]), request.query.since),
  });

  // Member's combined news (public by username, like the spec's users/{id} pages)
  const userList = routes.listUserArticles;
  api.route({
    method: userList.method,
    url: userList.url,
    schema: {
      params: userList.params,
      querystring: userList.querystring,
      response: withRssMeta(userList.response),
    },
    handler: async (request) => {
      const user = await resolveUser(db, request.params.id);
      const { items, meta } = await articlePage(userFeed(user.id), request.query, undefined);
      return { articles: items, meta };
    },
  });
  const userCount = routes.countNewUserArticles;
  api.route({
    method: userCount.method,
    url: userCount.url,
    schema: { params: userCount.params, querystring: userCount.querystring, response: userCount.response },
    handler: async (request) => {
      const user = await resolveUser(db, request.params.id);
      return newCount(userFeed(user.id), request.query.since);
    },
  });

  // Fantasy team
  const fantasyList = routes.listFantasyTeamArticles;
  api.route({
    method: fantasyList.method,
    url: fantasyList.url,
    schema: {
      params: fantasyList.params,
      querystring: fantasyList.querystring,
      response: withRssMeta(fantasyList.response),
    },
    handler: async (request) => {
      const players = await fantasyRosterPlayerIds(db, request.params.id);
      const { items, meta } = await articlePage(playersFeed(players), request.query, undefined);
      return { articles: items, meta };
    },
  });
  const fantasyCount = routes.countNewFantasyTeamArticles;
  api.route({
    method: fantasyCount.method,
    url: fantasyCount.url,
    schema: {
      params: fantasyCount.params,
      querystring: fantasyCount.querystring,
      response: fantasyCount.response,
    },
    handler: async (request) =>
      newCount(playersFeed(await fantasyRosterPlayerIds(db, request.params.id)), request.query.since),
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
      const { items, meta } = await articlePage(
        sourceFeed(sourceId, request.params.articleId),
        { page: query.page ?? 1, perPage: query.perPage ?? 8 },
        undefined,
      );
      return { articles: items, meta };
    },
  });
}
