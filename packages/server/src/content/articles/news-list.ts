/**
 * The answer schema of news lists: the contract's list envelope with `meta.rss`, the URL of the RSS 2.0
 * version of the feed. Until the contract's `ListMeta` carries `rss`, the routes answer with this
 * extended schema (the serializer drops properties a schema does not name).
 * @module
 */

import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Pagination } from '@sportspyder/contract';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.js';

/** The `meta` of a news list: pagination plus the RSS URL. */
export const NewsListMeta = Type.Object({
  pagination: Pagination,
  rss: Type.Optional(Type.String({ description: 'URL of the RSS 2.0 version of this feed.' })),
});

/**
 * Replaces the `meta` of a list envelope schema with {@link NewsListMeta}.
 *
 * @example
 * ```ts
 * const schema = withRssMeta(routes.listSportArticles.response);
 * ```
 */
export function withRssMeta<R extends Record<number, TSchema>>(response: R): R {
  const list = response[200] as unknown as TObject;
  return {
    ...response,
    200: Type.Object({ ...list.properties, meta: NewsListMeta }),
  };
}

/** Where the public origin is read from: the configuration, or a request (its app's configuration). */
export type OriginSource = Pick<ServerConfig, 'publicOrigin'> | Pick<FastifyRequest, 'server'>;

/**
 * The absolute URL of an RSS path (`/rss/...`) on the configured public origin (PUBLIC_ORIGIN). Never
 * the request's own host: a page the cache recomputes in the background is computed by an internal
 * request whose host is not the visitors' (issue "Search": `http://localhost:80/rss/...`).
 *
 * @example
 * ```ts
 * rssUrl(app.config, rssPaths.sport('nfl')); // 'https://sportspyder.com/rss/sports/nfl.xml'
 * rssUrl(request, rssPaths.sport('nfl'));    // the same, read from the request's app
 * ```
 */
export function rssUrl(from: OriginSource, path: string): string {
  const origin = 'publicOrigin' in from ? from.publicOrigin : from.server.config.publicOrigin;
  return `${origin}${path}`;
}

/** The RSS paths of the feeds served as RSS 2.0 (see content/rss/routes.ts). */
export const rssPaths = {
  /** A sport's news. */
  sport: (slug: string) => `/rss/sports/${encodeURIComponent(slug)}.xml`,
  /** A team's news. */
  team: (slug: string) => `/rss/teams/${encodeURIComponent(slug)}.xml`,
  /** A source's items. */
  source: (id: number) => `/rss/sources/${id}.xml`,
  /** A domain's items. */
  domain: (id: number) => `/rss/domains/${id}.xml`,
  /** A topic's news. */
  topic: (slug: string) => `/rss/topics/${encodeURIComponent(slug)}.xml`,
  /** A player's news. */
  player: (slug: string) => `/rss/players/${encodeURIComponent(slug)}.xml`,
};
