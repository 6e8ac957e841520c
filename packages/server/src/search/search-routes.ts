/**
 * The document search routes (issue "Search"): `search/results` (every section at once, with the
 * count of each), `search/articles`, `search/podcast_episodes`, `search/podcasts` and `search/sources`,
 * and the RSS feed of an article search (`/rss/search.xml?q=`, the `meta.rss` of article answers).
 * Name sections come from `name-search.ts`, documents from `document-search.ts`.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Article, routes, type SearchCounts, type SearchQuery } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { loadArticles } from '../content/articles/load-articles.js';
import { rssUrl } from '../content/articles/news-list.js';
import type { ContentRouteOptions } from '../content/players/route-options.js';
import { loadEpisodes } from '../content/podcasts/load-episodes.js';
import { loadPodcasts } from '../content/podcasts/load-podcasts.js';
import { loadPosts } from '../content/posts/load-posts.js';
import { renderRss } from '../content/rss/render-rss.js';
import { RSS_ITEMS, RSS_MAX_AGE } from '../content/rss/routes.js';
import { loadDomains } from '../content/sources/load-domains.js';
import { loadSources } from '../content/sources/load-sources.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { cleanSearchText } from './clean-search-text.js';
import {
  type DocumentKind,
  type DocumentPage,
  filterSince,
  matchContexts,
  searchDocuments,
} from './document-search.js';
import { matchNames, type NameKind, toNameQuery } from './name-match.js';
import { searchPlayers, searchTeams, searchTopics } from './name-search.js';
import { searchMeta, searchPaging } from './search-meta.js';
import { type SearchQueryText, toSearchQuery } from './search-query.js';

/** Items of each section on the everything page (`search/results`). */
export const RESULTS_PER_SECTION = 5;

/** The path of the RSS feed of an article search. */
export const searchRssPath = (q: string) => `/rss/search.xml?q=${encodeURIComponent(q)}`;

/** Options of {@link searchRoutes}. */
export interface SearchRouteOptions extends ContentRouteOptions {
  config: ServerConfig;
}

interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/** A page of one document kind, empty when the query has nothing searchable. */
async function documents(
  db: Database,
  kind: DocumentKind,
  parsed: SearchQueryText,
  query: Pick<SearchQuery, 'sort' | 'filter'>,
  paging: Pick<Paging, 'perPage' | 'offset'>,
  now: Date,
): Promise<DocumentPage> {
  if (parsed.tsquery === null) return { ids: [], total: 0 };
  return searchDocuments(db, kind, parsed.tsquery, {
    sort: query.sort ?? 'newest',
    since: filterSince(query.filter, now),
    now,
    limit: paging.perPage,
    offset: paging.offset,
  });
}

/** A page of names of one kind (sources, sites). */
async function names(db: Database, kind: NameKind, q: string, paging: Pick<Paging, 'perPage' | 'offset'>) {
  const query = toNameQuery(q);
  if (!query) return { ids: [] as number[], total: 0 };
  const found = await matchNames(db, kind, query, { limit: paging.perPage, offset: paging.offset });
  return { ids: found.matches.map((m) => m.id), total: found.total };
}

/** Articles by id with the passage of the summary that matched. */
async function articlesWithContext(db: Database, ids: number[], tsquery: string | null): Promise<Article[]> {
  const articles = await loadArticles(db, ids, { withSubarticles: false });
  if (tsquery === null) return articles;
  const contexts = await matchContexts(db, ids, tsquery);
  return articles.map((article) => ({
    ...article,
    context: contexts.get(article.id) ?? article.context ?? null,
  }));
}

/**
 * Registers the document search routes and the search RSS feed.
 *
 * @example
 * ```ts
 * await app.register(searchRoutes, { db, config });
 * ```
 */
export async function searchRoutes(app: FastifyInstance, opts: SearchRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = () => (opts.now ? opts.now() : new Date());

  const all = routes.searchAll;
  api.route({
    method: all.method,
    url: all.url,
    schema: { querystring: all.querystring, response: all.response },
    handler: async (request) => {
      const q = cleanSearchText(request.query.q);
      const userId = await currentUserId(request, db, config);
      const parsed = await toSearchQuery(db, q);
      const first = { perPage: RESULTS_PER_SECTION, offset: 0 };
      const at = now();
      const [teams, topics, players, articles, tweets, sites, sources, podcasts, episodes] =
        await Promise.all([
          searchTeams(db, q, { limit: RESULTS_PER_SECTION }),
          searchTopics(db, q, { limit: RESULTS_PER_SECTION }),
          searchPlayers(db, q, { limit: RESULTS_PER_SECTION }),
          documents(db, 'articles', parsed, request.query, first, at),
          documents(db, 'posts', parsed, request.query, first, at),
          names(db, 'domain', q, first),
          names(db, 'source', q, first),
          documents(db, 'podcasts', parsed, { sort: 'relevance' }, first, at),
          documents(db, 'episodes', parsed, request.query, first, at),
        ]);
      const counts: SearchCounts = {
        teams: teams.total,
        topics: topics.total,
        players: players.total,
        articles: articles.total,
        tweets: tweets.total,
        sites: sites.total,
        sources: sources.total,
        podcasts: podcasts.total,
        episodes: episodes.total,
      };
      const meta = searchMeta({
        counts,
        stopWords: parsed.stopWords,
        rss: parsed.tsquery === null ? null : rssUrl(config, searchRssPath(q)),
        page: 1,
        perPage: RESULTS_PER_SECTION,
        paged: Math.max(...Object.values(counts)),
      });
      return {
        teams: teams.items,
        topics: topics.items,
        players: players.items,
        articles: await articlesWithContext(db, articles.ids, parsed.tsquery),
        tweets: await loadPosts(db, tweets.ids),
        sites: await loadDomains(db, sites.ids),
        sources: await loadSources(db, sources.ids, { userId }),
        podcasts: await loadPodcasts(db, podcasts.ids, { userId }),
        episodes: await loadEpisodes(db, episodes.ids),
        meta,
      };
    },
  });

  const articles = routes.searchArticles;
  api.route({
    method: articles.method,
    url: articles.url,
    schema: { querystring: articles.querystring, response: articles.response },
    handler: async (request) => {
      const q = cleanSearchText(request.query.q);
      const paging = searchPaging(request.query);
      const parsed = await toSearchQuery(db, q);
      const found = await documents(db, 'articles', parsed, request.query, paging, now());
      return {
        articles: await articlesWithContext(db, found.ids, parsed.tsquery),
        meta: searchMeta({
          counts: { articles: found.total },
          stopWords: parsed.stopWords,
          rss: parsed.tsquery === null ? null : rssUrl(config, searchRssPath(q)),
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const episodes = routes.searchPodcastEpisodes;
  api.route({
    method: episodes.method,
    url: episodes.url,
    schema: { querystring: episodes.querystring, response: episodes.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const parsed = await toSearchQuery(db, cleanSearchText(request.query.q));
      const found = await documents(db, 'episodes', parsed, request.query, paging, now());
      return {
        podcastEpisodes: await loadEpisodes(db, found.ids),
        meta: searchMeta({
          counts: { episodes: found.total },
          stopWords: parsed.stopWords,
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const podcasts = routes.searchPodcasts;
  api.route({
    method: podcasts.method,
    url: podcasts.url,
    schema: { querystring: podcasts.querystring, response: podcasts.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const parsed = await toSearchQuery(db, cleanSearchText(request.query.q));
      const userId = await currentUserId(request, db, config);
      // A podcast is found by its title first: relevance unless newest is asked for.
      const query = { sort: request.query.sort ?? 'relevance', filter: request.query.filter } as const;
      const found = await documents(db, 'podcasts', parsed, query, paging, now());
      return {
        podcasts: await loadPodcasts(db, found.ids, { userId }),
        meta: searchMeta({
          counts: { podcasts: found.total },
          stopWords: parsed.stopWords,
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const sources = routes.searchSources;
  api.route({
    method: sources.method,
    url: sources.url,
    schema: { querystring: sources.querystring, response: sources.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const userId = await currentUserId(request, db, config);
      const found = await names(db, 'source', cleanSearchText(request.query.q), paging);
      return {
        sources: await loadSources(db, found.ids, { userId }),
        meta: searchMeta({
          counts: { sources: found.total },
          stopWords: [],
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  // The RSS 2.0 feed of an article search, newest first (a feed reader follows a search).
  app.get<{ Querystring: { q?: string; filter?: string } }>('/rss/search.xml', async (request, reply) => {
    const q = cleanSearchText(typeof request.query.q === 'string' ? request.query.q : '');
    const parsed = await toSearchQuery(db, q);
    const found = await documents(
      db,
      'articles',
      parsed,
      { sort: 'newest' },
      { perPage: RSS_ITEMS, offset: 0 },
      now(),
    );
    const items = await loadArticles(db, found.ids, { withSubarticles: false });
    const xml = renderRss({
      title: `${q === '' ? 'Search' : `"${q}"`} | SportSpyder`,
      link: rssUrl(config, `/search/articles?q=${encodeURIComponent(q)}`),
      selfUrl: rssUrl(config, searchRssPath(q)),
      description: `The latest articles matching ${q === '' ? 'your search' : `"${q}"`} on SportSpyder.`,
      items: items.map((a) => ({
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
  });
}
