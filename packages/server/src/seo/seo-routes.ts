/**
 * The crawler-facing routes of issue 46: `/robots.txt`, the sitemap index `/sitemap.xml`, its child
 * sitemaps and the Google News sitemap under `/sitemaps/`, and the home page `/` with its head (every
 * other page of the site gets its head in the not-found handler of `http/static-site.ts`, through the
 * {@link SitePages} this returns). Answers are built on PUBLIC_ORIGIN (or the request's origin when
 * it is unset), kept in memory and sent with a `Cache-Control` of the same length.
 * @module
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.js';
import { NOT_FOUND, sendErrors } from '../http/errors.js';
import { cachedResponse, ResponseCache } from '../http/response-cache.js';
import { cachedAnswer, siteOrigin } from './seo-cache.js';
import { SitePages } from './site-pages.js';
import {
  newestOf,
  pagesOf,
  pageUrls,
  recentArticles,
  renderNewsSitemap,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_KINDS,
  type SitemapUrl,
} from './sitemaps.js';

/** How long the sitemaps and robots.txt are reused, in seconds (in memory and by clients). */
export const SITEMAP_MAX_AGE = 3600;

/** How long the news sitemap is reused, in seconds (it follows the newest articles). */
export const NEWS_SITEMAP_MAX_AGE = 300;

/** The paths these routes own (the SPA fallback never answers them: `http/static-site.ts`). */
export const SEO_PATHS = ['/robots.txt', '/sitemap.xml', '/sitemaps'] as const;

/** What robots.txt keeps crawlers out of: the API, members' and admins' pages, e-mail links. */
export const DISALLOWED_PREFIXES = [
  '/api/',
  '/cable',
  '/dev/',
  '/embed/',
  '/admin',
  '/settings',
  '/profile',
  '/my/',
  '/notifications',
  '/login',
  // The join page itself is public (what membership gives); its invitation links are not.
  '/join/',
  '/forgot',
  '/reset/',
  '/verify/',
  '/email/',
  '/news/',
  '/users/',
  '/fantasy_teams/',
  '/channels/',
] as const;

/** The text of robots.txt for a site on `origin`. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Options of {@link registerSeo}. */
export interface SeoOptions {
  db: Database;
  /** The built site (its index.html gets the heads). */
  siteDir: string;
  /** The clock of the news sitemap (tests pin it). */
  now?: () => Date;
}

const XML = 'application/xml; charset=utf-8';

/**
 * Registers the routes and returns the page renderer for the not-found handler (null when the site is
 * not built: the server's "build the site" page then stays as it was).
 *
 * @example
 * ```ts
 * const sitePages = await registerSeo(app, { db, siteDir: config.siteDir });
 * await registerStaticSite(app, config.siteDir, sitePages);
 * ```
 */
export async function registerSeo(app: FastifyInstance, opts: SeoOptions): Promise<SitePages | null> {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const cache = new ResponseCache({ ttlMs: SITEMAP_MAX_AGE * 1000, maxBytes: 64 * 1024 * 1024 });
  const newsShare = NEWS_SITEMAP_MAX_AGE / SITEMAP_MAX_AGE;

  const send = (reply: FastifyReply, body: Buffer, type: string, maxAge: number) =>
    reply.type(type).header('cache-control', `public, max-age=${maxAge}`).send(body);

  const xml = (text: string) => cachedResponse(Buffer.from(text, 'utf8'), XML);

  /** A child page's URLs, cached apart from its XML: the index reads their newest lastmod. */
  const childUrls = async (name: string, page: number): Promise<SitemapUrl[] | null> => {
    const kind = SITEMAP_KINDS.find((k) => k.name === name);
    if (!kind || page < 1 || page > (await pagesOf(db, kind))) return null;
    return pageUrls(db, kind, page);
  };

  app.get('/robots.txt', async (request, reply) => {
    const origin = siteOrigin(app.config, request);
    return send(reply, Buffer.from(robotsTxt(origin), 'utf8'), 'text/plain; charset=utf-8', SITEMAP_MAX_AGE);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOrigin(app.config, request);
    const answer = await cachedAnswer(cache, `${origin} /sitemap.xml`, async () => {
      const children: SitemapUrl[] = [];
      for (const kind of SITEMAP_KINDS) {
        const pages = await pagesOf(db, kind);
        for (let page = 1; page <= pages; page++) {
          const urls = await pageUrls(db, kind, page);
          if (urls.length === 0 && page > 1) continue;
          children.push({ path: `/sitemaps/${kind.name}-${page}.xml`, lastmod: newestOf(urls) });
        }
      }
      const news = await recentArticles(db, now());
      children.push({ path: '/sitemaps/news.xml', lastmod: news[0]?.publishedAt ?? null });
      return xml(renderSitemapIndex(origin, children));
    });
    return send(reply, answer.body, XML, SITEMAP_MAX_AGE);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const origin = siteOrigin(app.config, request);
    const { file } = request.params;
    if (file === 'news.xml') {
      const answer = await cachedAnswer(
        cache,
        `${origin} news`,
        async () => xml(renderNewsSitemap(origin, await recentArticles(db, now()))),
        newsShare,
      );
      return send(reply, answer.body, XML, NEWS_SITEMAP_MAX_AGE);
    }
    const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
    if (!match) return sendErrors(reply, 404, NOT_FOUND);
    const [, name = '', page = '1'] = match;
    try {
      const answer = await cachedAnswer(cache, `${origin} ${file}`, async () => {
        const urls = await childUrls(name, Number(page));
        if (!urls) throw new MissingSitemap();
        return xml(renderUrlset(origin, urls));
      });
      return send(reply, answer.body, XML, SITEMAP_MAX_AGE);
    } catch (error) {
      if (error instanceof MissingSitemap) return sendErrors(reply, 404, NOT_FOUND);
      throw error;
    }
  });

  if (!existsSync(join(opts.siteDir, 'index.html'))) return null;
  const sitePages = new SitePages(db, app.config, opts.siteDir);
  // The home page: @fastify/static would send the bare index.html for `/`.
  app.get('/', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await sitePages.render(request, 200)),
  );
  return sitePages;
}

class MissingSitemap extends Error {}
