/**
 * Sitemaps (sitemaps.org 0.9) and the Google News sitemap (issue 46). `/sitemap.xml` is an index of
 * child sitemaps, one per kind of page (sports, teams, players, topics, sources, podcasts), each split
 * into pages of ids ({@link SITEMAP_PAGE_IDS} ids per page, so never over the protocol's 50,000 URLs),
 * plus `/sitemaps/news.xml`: the articles of the last 48 hours, newest first, at most 1,000.
 *
 * Cheap at a million articles: a page of a child is one range read of a primary key; each URL's
 * `<lastmod>` is the newest item of its feed, read from the top of that feed's index
 * (`article_teams_feed_idx`, `article_players_feed_idx`, `article_topics_feed_idx`,
 * `articles_source_published_idx`, `podcasts.last_published_at`); the index's `<lastmod>` of a child is
 * the newest of its URLs; the number of pages comes from `max(id)`; the news sitemap is one range of
 * `articles_published_idx`. No statement reads a table whole.
 * @module
 */

import { escapeXml } from '../content/rss/render-rss.js';
import type { Queryable } from '../db/database.js';
import { SITE_NAME } from './page-head.js';

/** Ids per child sitemap page: at most this many URLs (the protocol's limit is 50,000). */
export const SITEMAP_PAGE_IDS = 50_000;

/** The news sitemap's window (Google News: articles of the last two days). */
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;

/** The news sitemap's limit (Google News: at most 1,000 URLs per sitemap). */
export const NEWS_MAX_URLS = 1000;

/** The language of the articles (the catalogue is English-language outlets). */
export const NEWS_LANGUAGE = 'en';

/** One URL of a sitemap. */
export interface SitemapUrl {
  /** A site path. */
  path: string;
  lastmod: Date | null;
}

/** A kind of child sitemap. */
export interface SitemapKind {
  /** The name in `/sitemaps/<name>-<page>.xml`. */
  name: string;
  /** The table whose `max(id)` sizes the pages. */
  table: string;
  /** The URLs of ids `lo` to `hi`, in id order. */
  urls(db: Queryable, lo: number, hi: number): Promise<SitemapUrl[]>;
}

const enc = encodeURIComponent;
const dateOf = (value: Date | string | null): Date | null => (value ? new Date(value) : null);

async function rows<T>(db: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  return (await db.query<T & Record<string, unknown>>(sql, params)).rows as T[];
}

/** The child sitemaps, in index order. */
export const SITEMAP_KINDS: readonly SitemapKind[] = [
  {
    name: 'sports',
    table: 'sports',
    async urls(db, lo, hi) {
      const found = await rows<{ slug: string; lastmod: Date | string | null }>(
        db,
        `SELECT s.slug,
                (SELECT max(x.published_at) FROM article_sports x WHERE x.sport_id = s.id AND x.kind = 'article')
                  AS lastmod
         FROM sports s WHERE s.id BETWEEN $1 AND $2 ORDER BY s.id`,
        [lo, hi],
      );
      const sports = found.map((r) => ({ path: `/sports/${enc(r.slug)}`, lastmod: dateOf(r.lastmod) }));
      if (lo !== 1) return sports;
      const newest = sports.reduce<Date | null>(
        (a, u) => (u.lastmod && (!a || u.lastmod > a) ? u.lastmod : a),
        null,
      );
      return [{ path: '/', lastmod: newest }, ...sports];
    },
  },
  {
    name: 'teams',
    table: 'teams',
    async urls(db, lo, hi) {
      const found = await rows<{ slug: string; sport: string; lastmod: Date | string | null }>(
        db,
        `SELECT t.slug, s.slug AS sport,
                (SELECT max(x.published_at) FROM article_teams x WHERE x.team_id = t.id AND x.kind = 'article')
                  AS lastmod
         FROM teams t JOIN sports s ON s.id = t.sport_id WHERE t.id BETWEEN $1 AND $2 ORDER BY t.id`,
        [lo, hi],
      );
      return found.map((r) => ({ path: `/${enc(r.sport)}/${enc(r.slug)}`, lastmod: dateOf(r.lastmod) }));
    },
  },
  {
    name: 'players',
    table: 'players',
    async urls(db, lo, hi) {
      const found = await rows<{ slug: string; lastmod: Date | string | null }>(
        db,
        `SELECT p.slug, (SELECT max(x.published_at) FROM article_players x WHERE x.player_id = p.id) AS lastmod
         FROM players p WHERE p.id BETWEEN $1 AND $2 ORDER BY p.id`,
        [lo, hi],
      );
      return found.map((r) => ({ path: `/players/${enc(r.slug)}`, lastmod: dateOf(r.lastmod) }));
    },
  },
  {
    name: 'topics',
    table: 'topics',
    async urls(db, lo, hi) {
      const found = await rows<{ slug: string; lastmod: Date | string | null }>(
        db,
        `SELECT t.slug, (SELECT max(x.published_at) FROM article_topics x WHERE x.topic_id = t.id) AS lastmod
         FROM topics t WHERE t.id BETWEEN $1 AND $2 ORDER BY t.id`,
        [lo, hi],
      );
      return found.map((r) => ({ path: `/s/${enc(r.slug)}`, lastmod: dateOf(r.lastmod) }));
    },
  },
  {
    name: 'sources',
    table: 'sources',
    async urls(db, lo, hi) {
      const found = await rows<{ id: number; lastmod: Date | string | null }>(
        db,
        `SELECT s.id, (SELECT max(a.published_at) FROM articles a WHERE a.source_id = s.id) AS lastmod
         FROM sources s WHERE s.id BETWEEN $1 AND $2 AND s.kind IN ('news', 'video') AND s.enabled
         ORDER BY s.id`,
        [lo, hi],
      );
      return found.map((r) => ({ path: `/sources/${r.id}/news`, lastmod: dateOf(r.lastmod) }));
    },
  },
  {
    name: 'podcasts',
    table: 'podcasts',
    async urls(db, lo, hi) {
      const found = await rows<{ id: number; lastmod: Date | string | null }>(
        db,
        `SELECT p.id, p.last_published_at AS lastmod FROM podcasts p WHERE p.id BETWEEN $1 AND $2 ORDER BY p.id`,
        [lo, hi],
      );
      return found.map((r) => ({ path: `/podcasts/${r.id}`, lastmod: dateOf(r.lastmod) }));
    },
  },
];

/** How many pages a kind's child sitemap has (at least one). */
export async function pagesOf(db: Queryable, kind: SitemapKind): Promise<number> {
  const max = (
    await rows<{ max: number | string | null }>(db, `SELECT max(id) AS max FROM ${kind.table}`, [])
  )[0]?.max;
  return Math.max(1, Math.ceil(Number(max ?? 0) / SITEMAP_PAGE_IDS));
}

/** The URLs of page `page` (from 1) of a kind. */
export function pageUrls(db: Queryable, kind: SitemapKind, page: number): Promise<SitemapUrl[]> {
  return kind.urls(db, (page - 1) * SITEMAP_PAGE_IDS + 1, page * SITEMAP_PAGE_IDS);
}

/** The newest lastmod of some URLs, or null. */
export function newestOf(urls: readonly SitemapUrl[]): Date | null {
  let newest: Date | null = null;
  for (const u of urls) if (u.lastmod && (!newest || u.lastmod > newest)) newest = u.lastmod;
  return newest;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';

/** A `<urlset>` of absolute URLs on `origin`. */
export function renderUrlset(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(`${origin}${u.path}`)}</loc>${
          u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''
        }</url>`,
    )
    .join('\n');
  return `${HEAD}<urlset xmlns="${SITEMAP_NS}">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` of child sitemaps (site paths) on `origin`. */
export function renderSitemapIndex(origin: string, children: readonly SitemapUrl[]): string {
  const body = children
    .map(
      (c) =>
        `<sitemap><loc>${escapeXml(`${origin}${c.path}`)}</loc>${
          c.lastmod ? `<lastmod>${c.lastmod.toISOString()}</lastmod>` : ''
        }</sitemap>`,
    )
    .join('\n');
  return `${HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

/** One article of the news sitemap. */
export interface NewsItem {
  id: number;
  title: string;
  publishedAt: Date;
}

/** The articles published in the 48 hours before `now`, newest first, at most 1,000. */
export async function recentArticles(db: Queryable, now: Date): Promise<NewsItem[]> {
  const found = await rows<{ id: number | string; title: string; published_at: Date | string }>(
    db,
    `SELECT a.id, a.title, a.published_at FROM articles a
     WHERE a.published_at > $1 AND a.published_at <= $2 AND a.kind = 'article'
     ORDER BY a.published_at DESC, a.id DESC LIMIT ${NEWS_MAX_URLS}`,
    [new Date(now.getTime() - NEWS_WINDOW_MS).toISOString(), now.toISOString()],
  );
  return found.map((r) => ({ id: Number(r.id), title: r.title, publishedAt: new Date(r.published_at) }));
}

/** A Google News sitemap of articles (their pages on the site). */
export function renderNewsSitemap(origin: string, items: readonly NewsItem[]): string {
  const body = items
    .map(
      (a) =>
        `<url><loc>${escapeXml(`${origin}/articles/${a.id}`)}</loc><news:news><news:publication><news:name>${SITE_NAME}</news:name><news:language>${NEWS_LANGUAGE}</news:language></news:publication><news:publication_date>${a.publishedAt.toISOString()}</news:publication_date><news:title>${escapeXml(a.title)}</news:title></news:news></url>`,
    )
    .join('\n');
  return `${HEAD}<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">\n${body}\n</urlset>\n`;
}
