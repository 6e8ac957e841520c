/**
 * What the head of a site page says, from its path: the route it matches (`matchSitePath`, the
 * contract's `SITE_PATHS`) and the one row it names, read by primary key or unique slug in one
 * statement. Titles are the site's own document titles (its `useDocumentTitle` calls), so a crawler
 * and a reader see the same one: "Green Bay Packers News | SportSpyder".
 * @module
 */
import { rssPaths } from '../content/articles/news-list.js';
import type { Queryable } from '../db/database.js';
import { matchSitePath } from '../http/site-path-status.js';
import { searchRssPath } from '../search/search-routes.js';
import { absoluteUrl, DEFAULT_DESCRIPTION, type PageHead, SITE_NAME, shorten } from './page-head.js';
import { newsArticle, podcastEpisode, sportsTeam, webSite } from './structured-data.js';

/** The head of pages that do not exist (sent with status 404). */
export function notFoundHead(path: string): PageHead {
  return {
    title: 'Page Not Found',
    description: 'This page does not exist on SportSpyder.',
    canonicalPath: safePath(path),
    type: 'website',
    noindex: true,
  };
}

/** A request path safe to echo as a canonical path (percent-encoded, no query). */
function safePath(path: string): string {
  try {
    return new URL(path, 'http://x').pathname;
  } catch {
    return '/';
  }
}

const iso = (value: Date | string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;

const enc = encodeURIComponent;

/** The titles of the pages that name nothing in the database. */
const STATIC_TITLES: Record<string, string> = {
  '/version': 'Version',
  '/privacy': 'Privacy Policy',
  '/promoted': 'Promoted Content',
  '/featured': 'Featured Content',
  '/contact': 'Contact Us',
  '/contact/:id': 'Contact Us',
  '/about': 'About SportSpyder',
  '/about/features': 'Feature Guide',
  '/about/pro': 'SportSpyder PRO',
  '/about/members': 'For Members',
  '/about/publishers': 'For Publishers',
  '/about/developers': 'For Developers',
  '/topics': 'Other Sports',
  '/login': 'Sign In',
  '/join': 'Join SportSpyder',
  '/forgot': 'Forgot Password',
  '/too-many-tries': 'Too Many Tries',
  '/server-error': 'Something Went Wrong',
};

/** Prefixes of a member's own pages: never indexed (robots.txt disallows them too). */
export const PRIVATE_PREFIXES = [
  '/settings',
  '/admin',
  '/profile',
  '/my/',
  '/notifications',
  '/email/',
  '/join/',
  '/reset/',
  '/verify/',
  '/login',
  '/forgot',
] as const;

const SEARCH_SECTIONS: Record<string, string> = {
  teams: 'Teams',
  topics: 'Topics',
  players: 'Players',
  sources: 'Sources',
  podcasts: 'Podcasts',
  articles: 'Articles',
  episodes: 'Episodes',
};

/** The head of the page at `path` (with its query), or null when what it names does not exist. */
export async function describePage(
  db: Queryable,
  path: string,
  query: URLSearchParams,
  origin: string,
): Promise<PageHead | null> {
  const match = matchSitePath(path);
  if (!match) return null;
  const { pattern, params } = match;
  const id = params.id;

  if (pattern === '/') {
    return {
      title: 'Sports News, Podcasts and Chat',
      description: DEFAULT_DESCRIPTION,
      canonicalPath: '/',
      type: 'website',
      jsonLd: [webSite(origin)],
    };
  }
  if (pattern.endsWith('/articles/:id') && !pattern.startsWith('/search')) return article(db, id, origin);
  if (pattern === '/search/articles/:id') return article(db, id, origin, true);
  if (pattern.endsWith('/episodes/:id')) return episode(db, id, origin);
  if (pattern.endsWith('/podcasts/:id')) return podcast(db, id);
  if (pattern.startsWith('/:sportId/:teamId')) {
    return team(db, params.teamId ?? '', pattern.slice('/:sportId/:teamId'.length), params, origin);
  }
  if (pattern.startsWith('/sports/:sportId')) {
    return sport(db, params.sportId ?? '', pattern.slice('/sports/:sportId'.length));
  }
  if (pattern === '/:sportSlug') return sport(db, params.sportSlug ?? '', '');
  if (pattern.startsWith('/players/:playerId')) {
    return player(db, params.playerId ?? '', pattern.slice('/players/:playerId'.length));
  }
  if (pattern === '/s/:topicId' || pattern === '/s/:topicId/sources/:id/news') {
    return topic(db, params.topicId ?? '', pattern === '/s/:topicId' ? null : id);
  }
  if (pattern === '/sources/:sourceId/news') return source(db, params.sourceId);
  if (pattern.startsWith('/search')) return search(pattern, query);
  const title = STATIC_TITLES[pattern] ?? null;
  const noindex = PRIVATE_PREFIXES.some((p) => path.toLowerCase().startsWith(p)) || title === null;
  return {
    title,
    description: DEFAULT_DESCRIPTION,
    canonicalPath: safePath(path),
    type: 'website',
    ...(noindex ? { noindex: true } : {}),
  };
}

/** A positive database id from a path segment, or null. */
function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await db.query<T & Record<string, unknown>>(sql, params)).rows[0] as T | undefined;
}

async function article(
  db: Queryable,
  value: string | undefined,
  origin: string,
  fromSearch = false,
): Promise<PageHead | null> {
  const articleId = idOf(value);
  if (articleId === null) return null;
  const row = await one<{
    title: string;
    summary: string | null;
    author: string | null;
    image_url: string | null;
    url: string;
    published_at: Date | string;
    source_name: string;
    host: string;
  }>(
    db,
    `SELECT a.title, a.summary, a.author, a.image_url, a.url, a.published_at,
            coalesce(d.label, d.name) AS source_name, d.host
     FROM articles a JOIN domains d ON d.id = a.domain_id WHERE a.id = $1`,
    [articleId],
  );
  if (!row) return null;
  const canonicalPath = `/articles/${articleId}`;
  const image = absoluteUrl(origin, row.image_url);
  const published = iso(row.published_at) as string;
  const description = shorten(row.summary || `${row.title}, from ${row.source_name}.`);
  return {
    title: row.title,
    description,
    canonicalPath,
    type: 'article',
    image,
    publishedTime: published,
    ...(fromSearch ? { noindex: true } : {}),
    jsonLd: [
      newsArticle({
        headline: row.title,
        description,
        datePublished: published,
        image,
        url: `${origin}${canonicalPath}`,
        originalUrl: absoluteUrl(origin, row.url),
        sourceName: row.source_name,
        sourceUrl: /^[a-z0-9.-]+$/i.test(row.host) ? `https://${row.host}/` : null,
        author: row.author,
      }),
    ],
  };
}

async function episode(db: Queryable, value: string | undefined, origin: string): Promise<PageHead | null> {
  const episodeId = idOf(value);
  if (episodeId === null) return null;
  const row = await one<{
    title: string;
    summary: string | null;
    description: string | null;
    image_url: string | null;
    enclosure_url: string;
    enclosure_type: string | null;
    duration: number | null;
    published_at: Date | string;
    podcast_id: number;
    podcast_title: string;
    podcast_image: string | null;
  }>(
    db,
    `SELECT e.title, e.summary, e.description, e.image_url, e.enclosure_url, e.enclosure_type, e.duration,
            e.published_at, p.id AS podcast_id, coalesce(nullif(p.short_title, ''), p.title) AS podcast_title,
            p.image_url AS podcast_image
     FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id WHERE e.id = $1`,
    [episodeId],
  );
  if (!row) return null;
  const canonicalPath = `/podcasts/${row.podcast_id}/episodes/${episodeId}`;
  const image = absoluteUrl(origin, row.image_url ?? row.podcast_image);
  const published = iso(row.published_at) as string;
  const description = shorten(
    row.summary || row.description || `${row.title}, an episode of ${row.podcast_title}.`,
  );
  return {
    title: row.title,
    description,
    canonicalPath,
    type: 'article',
    image,
    publishedTime: published,
    jsonLd: [
      podcastEpisode({
        name: row.title,
        description,
        datePublished: published,
        url: `${origin}${canonicalPath}`,
        image,
        duration: row.duration,
        audioUrl: absoluteUrl(origin, row.enclosure_url),
        audioType: row.enclosure_type,
        series: { name: row.podcast_title, url: `${origin}/podcasts/${row.podcast_id}` },
      }),
    ],
  };
}

async function podcast(db: Queryable, value: string | undefined): Promise<PageHead | null> {
  const podcastId = idOf(value);
  if (podcastId === null) return null;
  const row = await one<{ title: string; description: string | null; image_url: string | null }>(
    db,
    `SELECT coalesce(nullif(short_title, ''), title) AS title, coalesce(description, summary) AS description,
            image_url
     FROM podcasts WHERE id = $1`,
    [podcastId],
  );
  if (!row) return null;
  return {
    title: row.title,
    description: shorten(row.description || `Listen to ${row.title} on SportSpyder.`),
    canonicalPath: `/podcasts/${podcastId}`,
    type: 'website',
    image: row.image_url,
  };
}

interface TeamRow {
  slug: string;
  full_name: string;
  description: string | null;
  sport_slug: string;
  sport_name: string;
  source_name: string | null;
}

/** Titles of a team's tabs (the site's team pages), by the route's tail. */
function teamTitle(tail: string, name: string, sourceName: string | null): string {
  switch (tail) {
    case '/news':
      return `${name} News`;
    case '/news/discover':
      return `Discover ${name} News Sources`;
    case '/tweets':
    case '/posts':
      return `${name} Posts`;
    case '/podcasts':
      return `${name} Podcasts`;
    case '/podcasts/discover':
      return `Discover ${name} Podcasts`;
    case '/videos':
      return `${name} Videos`;
    case '/videos/discover':
      return `Discover ${name} Video Channels`;
    case '/players':
      return `${name} Roster`;
    case '/widgets':
      return `${name} Widgets`;
    case '/sources/:id/news':
      return sourceName ? `${name} News from ${sourceName}` : `${name} News`;
    case '/sources/:id/videos':
      return sourceName ? `${name} Videos from ${sourceName}` : `${name} Videos`;
    default:
      return tail.startsWith('/chat') ? `${name} Chat` : name;
  }
}

async function team(
  db: Queryable,
  slug: string,
  tail: string,
  params: Record<string, string>,
  origin: string,
): Promise<PageHead | null> {
  const sourceId = tail.startsWith('/sources/') ? idOf(params.id) : null;
  const row = await one<TeamRow>(
    db,
    `SELECT t.slug, t.full_name, t.description, s.slug AS sport_slug, s.name AS sport_name,
            (SELECT coalesce(d.label, d.name) FROM sources so JOIN domains d ON d.id = so.domain_id
             WHERE so.id = $2) AS source_name
     FROM teams t JOIN sports s ON s.id = t.sport_id
     WHERE t.slug = $1 OR t.slug = (SELECT to_slug FROM team_slug_renames WHERE from_slug = $1)
     ORDER BY t.slug = $1 DESC LIMIT 1`,
    [slug.toLowerCase(), sourceId],
  );
  if (!row) return null;
  const name = row.full_name;
  const base = `/${enc(row.sport_slug)}/${enc(row.slug)}`;
  const concreteTail = tail.replace(':id', String(sourceId ?? '')).replace(/\/:channelId.*$/, '');
  const canonicalPath = `${base}${concreteTail}`;
  const logo = `/logos/teams/${enc(row.slug)}.svg`;
  const what = tail.includes('video') ? 'videos' : tail.includes('podcast') ? 'podcasts' : 'news';
  return {
    title: teamTitle(tail, name, row.source_name),
    description: shorten(
      tail === '' && row.description
        ? row.description
        : `The latest ${name} ${what}, with podcasts, videos, players and fan chat on SportSpyder.`,
    ),
    canonicalPath,
    type: 'website',
    image: logo,
    rssPath: rssPaths.team(row.slug),
    rssTitle: `${name} News | ${SITE_NAME}`,
    ...(tail === ''
      ? {
          jsonLd: [
            sportsTeam({
              name,
              sport: row.sport_name,
              url: `${origin}${base}`,
              logo: `${origin}${logo}`,
              description: row.description,
            }),
          ],
        }
      : {}),
  };
}

function sportTitle(tail: string, name: string): string {
  switch (tail) {
    case '':
      return `${name} News, Podcasts and Players`;
    case '/news':
      return `The Latest ${name} News`;
    case '/teams':
      return `${name} Teams`;
    case '/players':
      return `Trending ${name} Players`;
    case '/podcasts':
      return `${name} Podcasts`;
    case '/podcasts/discover':
      return `Discover ${name} Podcasts`;
    default:
      return tail.startsWith('/chat') ? `${name} Chat` : name;
  }
}

async function sport(db: Queryable, slug: string, tail: string): Promise<PageHead | null> {
  const row = await one<{ slug: string; name: string }>(db, 'SELECT slug, name FROM sports WHERE slug = $1', [
    slug.toLowerCase(),
  ]);
  if (!row) return null;
  return {
    title: sportTitle(tail, row.name),
    description: `The latest ${row.name} news, podcasts, players and fan chat from every team on SportSpyder.`,
    canonicalPath: `/sports/${enc(row.slug)}${tail.replace(/\/:channelId.*$/, '')}`,
    type: 'website',
    image: `/logos/sports/${enc(row.slug)}.svg`,
    rssPath: rssPaths.sport(row.slug),
    rssTitle: `${row.name} News | ${SITE_NAME}`,
  };
}

async function player(db: Queryable, slug: string, tail: string): Promise<PageHead | null> {
  const row = await one<{ slug: string; name: string; team_name: string | null; sport_name: string }>(
    db,
    `SELECT p.slug, p.name, t.full_name AS team_name, s.name AS sport_name
     FROM players p JOIN sports s ON s.id = p.sport_id LEFT JOIN teams t ON t.id = p.team_id
     WHERE p.slug = $1`,
    [slug.toLowerCase()],
  );
  if (!row) return null;
  const title =
    tail === '/news' ? `${row.name} News` : tail === '/podcasts' ? `${row.name} Podcasts` : row.name;
  const who = row.team_name ? `${row.name} of the ${row.team_name}` : `${row.name} (${row.sport_name})`;
  return {
    title,
    description: `The latest news and podcasts about ${who} on SportSpyder.`,
    canonicalPath: `/players/${enc(row.slug)}${tail}`,
    type: 'profile',
    rssPath: rssPaths.player(row.slug),
    rssTitle: `${row.name} News | ${SITE_NAME}`,
  };
}

async function topic(
  db: Queryable,
  slug: string,
  domain: string | undefined | null,
): Promise<PageHead | null> {
  const domainId = domain === null ? null : idOf(domain);
  if (domain !== null && domainId === null) return null;
  const row = await one<{ slug: string; name: string; domain_name: string | null }>(
    db,
    `SELECT slug, name,
            (SELECT coalesce(label, name) FROM domains WHERE id = $2) AS domain_name
     FROM topics WHERE slug = $1`,
    [slug.toLowerCase(), domainId],
  );
  if (!row) return null;
  const title =
    domainId !== null && row.domain_name ? `${row.name} News from ${row.domain_name}` : `${row.name} News`;
  return {
    title,
    description: `The latest ${row.name} news from around the web on SportSpyder.`,
    canonicalPath: domainId === null ? `/s/${enc(row.slug)}` : `/s/${enc(row.slug)}/sources/${domainId}/news`,
    type: 'website',
    rssPath: rssPaths.topic(row.slug),
    rssTitle: `${row.name} News | ${SITE_NAME}`,
  };
}

async function source(db: Queryable, value: string | undefined): Promise<PageHead | null> {
  const sourceId = idOf(value);
  if (sourceId === null) return null;
  const row = await one<{ name: string; description: string | null }>(
    db,
    `SELECT coalesce(d.label, d.name) AS name, coalesce(s.description, d.description) AS description
     FROM sources s JOIN domains d ON d.id = s.domain_id WHERE s.id = $1`,
    [sourceId],
  );
  if (!row) return null;
  return {
    title: `${row.name} News`,
    description: shorten(row.description || `The latest news from ${row.name} on SportSpyder.`),
    canonicalPath: `/sources/${sourceId}/news`,
    type: 'website',
    rssPath: rssPaths.source(sourceId),
    rssTitle: `${row.name} News | ${SITE_NAME}`,
  };
}

function search(pattern: string, query: URLSearchParams): PageHead {
  const section = pattern.slice('/search/'.length);
  const heading = SEARCH_SECTIONS[section] ? `Search ${SEARCH_SECTIONS[section]}` : 'Search';
  const q = (query.get('q') ?? '').trim().slice(0, 200);
  const base = SEARCH_SECTIONS[section] ? `/search/${section}` : '/search';
  const withArticles = q !== '' && (base === '/search' || section === 'articles');
  return {
    title: q ? `${heading}: ${q}` : heading,
    description: q
      ? `SportSpyder search results for “${q}”: teams, players, articles, podcasts and sources.`
      : 'Search SportSpyder for teams, players, topics, articles, podcasts, episodes and sources.',
    canonicalPath: q ? `${base}?q=${enc(q)}` : base,
    type: 'website',
    // Indexed: a result page ("Search: packers") is a page a reader lands on from a search engine, and the
    // canonical keeps one URL per query; the sitemaps list none, so crawlers reach only the linked ones.
    ...(withArticles ? { rssPath: searchRssPath(q), rssTitle: `${heading}: ${q} | ${SITE_NAME}` } : {}),
  };
}
