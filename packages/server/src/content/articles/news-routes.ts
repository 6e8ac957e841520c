/**
 * The one shape of spec 2 §7's news lists: a route that pages through a feed (`.../articles`, with
 * `meta.rss` where the feed has an RSS version) and its new-items poll (`.../articles/new_count?since=`),
 * both reading the feed their subject names (a sport, a team, a source, ...). `routes.ts` says, per
 * subject, only how its feed and RSS URL are found; paging, the page size and the answers' shape are
 * here once.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Article, Pagination } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { countNewer, type FeedDef, pageArticles } from './feed-page.js';
import { withRssMeta } from './news-list.js';

/** The feed page size of spec 2 §9 (the contract's default; used when a schema default is absent). */
export const FEED_PER_PAGE = 13;

/** A GET route of the contract with path parameters, a query and answers. */
interface ContractRead {
  method: 'GET';
  url: string;
  params: TSchema;
  querystring: TSchema;
  response: Record<number, TSchema>;
}

/** What a subject's news list reads: its feed, and the feed's RSS URL when it has one. */
export interface NewsFeed {
  feed: FeedDef;
  rss?: string | undefined;
}

/**
 * Finds the feed of a request's subject (404 when the subject does not exist). `query` is the list's
 * query, or `{}` for the new-items poll.
 */
export type NewsFeedOf<L extends ContractRead> = (
  params: Static<L['params']>,
  query: Partial<Static<L['querystring']>>,
  request: FastifyRequest,
) => Promise<NewsFeed>;

/**
 * A page of a feed's articles, as every news list answers it.
 *
 * @example
 * ```ts
 * const { articles, meta } = await newsPage(db, sourceFeed(7), { page: 2 }, undefined);
 * ```
 */
export async function newsPage(
  db: Database,
  feed: FeedDef,
  query: { page?: number; perPage?: number },
  rss: string | undefined,
): Promise<{ articles: Article[]; meta: { pagination: Pagination; rss?: string } }> {
  const { articles, pagination } = await pageArticles(
    db,
    feed,
    query.page ?? 1,
    query.perPage ?? FEED_PER_PAGE,
  );
  return { articles: articles as Article[], meta: { pagination, ...(rss ? { rss } : {}) } };
}

/**
 * Registers a subject's news list and, when given, its new-items poll, both reading the feed `feedOf`
 * finds.
 *
 * @example
 * ```ts
 * newsRoutes(api, db, routes.listSportArticles, routes.countNewSportArticles, async ({ sportId }) => {
 *   const sport = await resolveSport(db, sportId);
 *   return { feed: sportFeed(sport.id), rss: rssUrl(config, rssPaths.sport(sport.slug)) };
 * });
 * ```
 */
export function newsRoutes<L extends ContractRead>(
  app: FastifyInstance,
  db: Database,
  list: L,
  count: ContractRead | null,
  feedOf: NewsFeedOf<L>,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.route({
    method: list.method,
    url: list.url,
    schema: { params: list.params, querystring: list.querystring, response: withRssMeta(list.response) },
    handler: async (request) => {
      const query = request.query as Static<L['querystring']> & { page?: number; perPage?: number };
      const { feed, rss } = await feedOf(request.params as Static<L['params']>, query, request);
      return newsPage(db, feed, query, rss);
    },
  });
  if (!count) return;
  api.route({
    method: count.method,
    url: count.url,
    schema: { params: count.params, querystring: count.querystring, response: count.response },
    handler: async (request) => {
      // The poll's subject is named by the same path parameters as the list's.
      const { feed } = await feedOf(request.params as Static<L['params']>, {}, request);
      return { newItems: await countNewer(db, feed, (request.query as { since: number }).since) };
    },
  });
}
