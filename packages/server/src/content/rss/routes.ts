/**
 * RSS 2.0 out: every news feed the site shows is also served as RSS, outside `/api` (paths below and in
 * `rssPaths`), with `application/rss+xml`. Slugs or ids are accepted like the API; unknown → 404.
 *
 * | path | feed |
 * |---|---|
 * | `/rss/sports/:sport.xml` | a sport's lead articles |
 * | `/rss/teams/:team.xml` | a team's lead articles (legacy slugs resolve) |
 * | `/rss/sources/:id.xml` | every item of a source |
 * | `/rss/domains/:id.xml` | every item of a domain |
 * | `/rss/topics/:topic.xml` | a topic's lead articles |
 * | `/rss/players/:player.xml` | a player's lead articles |
 * @module
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import {
  domainFeed,
  playersFeed,
  sourceFeed,
  sportFeed,
  teamFeed,
  topicFeed,
} from '../articles/feed-defs.js';
import { type FeedDef, feedIds } from '../articles/feed-page.js';
import { loadArticles } from '../articles/load-articles.js';
import { rssPaths, rssUrl } from '../articles/news-list.js';
import {
  type Resolved,
  resolveDomain,
  resolvePlayer,
  resolveSource,
  resolveSport,
  resolveTeam,
  resolveTopic,
} from '../articles/resolve.js';
import { renderRss } from './render-rss.js';

/** Items per RSS document. */
export const RSS_ITEMS = 25;

/** How long clients and proxies may reuse an RSS document, in seconds. */
export const RSS_MAX_AGE = 300;

interface RssTarget {
  feed: FeedDef;
  title: string;
  page: string;
  self: string;
}

function positiveId(value: string): number {
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id < 1) throw new HttpError(404, NOT_FOUND.errors);
  return id;
}

/**
 * Registers the RSS routes.
 *
 * @example
 * ```ts
 * await app.register(contentRssRoutes, { db });
 * // GET /rss/teams/packers.xml
 * ```
 */
export async function contentRssRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;

  async function send(reply: FastifyReply, target: RssTarget) {
    const ids = await feedIds(db, target.feed, RSS_ITEMS);
    const articles = await loadArticles(db, ids, { withSubarticles: false });
    const xml = renderRss({
      title: `${target.title} | SportSpyder`,
      link: rssUrl(app.config, target.page),
      selfUrl: rssUrl(app.config, target.self),
      description: `The latest ${target.title} news from SportSpyder.`,
      items: articles.map((a) => ({
        title: a.title,
        link: a.finalUrl,
        guid: `sportspyder-article-${a.id}`,
        pubDate: new Date(a.postedDate),
        description: a.summary,
        author: a.author,
        categories: [...a.teams.map((t) => t.fullName ?? t.name), ...a.players.map((p) => p.name)],
      })),
    });
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', `public, max-age=${RSS_MAX_AGE}`)
      .send(xml);
  }

  const route = (url: string, target: (param: string) => Promise<RssTarget>) => {
    app.get<{ Params: { key: string } }>(url, async (request, reply) =>
      send(reply, await target(request.params.key)),
    );
  };
  const named = (r: Resolved) => r.name;

  route('/rss/sports/:key.xml', async (key) => {
    const sport = await resolveSport(db, key);
    return {
      feed: sportFeed(sport.id),
      title: named(sport),
      page: `/sports/${sport.slug}/news`,
      self: rssPaths.sport(sport.slug),
    };
  });
  route('/rss/teams/:key.xml', async (key) => {
    const team = await resolveTeam(db, key);
    return {
      feed: teamFeed(team.id),
      title: named(team),
      page: `/${team.sportSlug}/${team.slug}/news`,
      self: rssPaths.team(team.slug),
    };
  });
  route('/rss/sources/:key.xml', async (key) => {
    const source = await resolveSource(db, positiveId(key));
    return {
      feed: sourceFeed(source.id),
      title: named(source),
      page: `/sources/${source.id}/news`,
      self: rssPaths.source(source.id),
    };
  });
  route('/rss/domains/:key.xml', async (key) => {
    const domain = await resolveDomain(db, positiveId(key));
    return { feed: domainFeed(domain.id), title: named(domain), page: '/', self: rssPaths.domain(domain.id) };
  });
  route('/rss/topics/:key.xml', async (key) => {
    const topic = await resolveTopic(db, key);
    return {
      feed: topicFeed(topic.id),
      title: named(topic),
      page: `/s/${topic.slug}`,
      self: rssPaths.topic(topic.slug),
    };
  });
  route('/rss/players/:key.xml', async (key) => {
    const player = await resolvePlayer(db, key);
    return {
      feed: playersFeed([player.id]),
      title: named(player),
      page: `/players/${player.slug}`,
      self: rssPaths.player(player.slug),
    };
  });
}
