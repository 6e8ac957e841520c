/**
 * Schema.org structured data (JSON-LD) of the pages crawlers care most about: `NewsArticle` for an
 * article, `PodcastEpisode` for an episode, `SportsTeam` for a team. Only types and properties of
 * schema.org's vocabulary; absolute URLs; dates in ISO 8601. Rendered by `page-head.ts`, which
 * escapes `<` so no text can close the script element.
 * @module
 */
import { SITE_NAME } from './page-head.js';

const CONTEXT = 'https://schema.org';

/** What `newsArticle` needs. */
export interface NewsArticleData {
  headline: string;
  description: string | null;
  /** ISO 8601. */
  datePublished: string;
  /** Absolute image URL. */
  image: string | null;
  /** The SportSpyder page (canonical). */
  url: string;
  /** The article at its publisher. */
  originalUrl: string | null;
  /** The publisher (the source's site name). */
  sourceName: string;
  /** The publisher's home page, if known. */
  sourceUrl: string | null;
  /** The byline, if any; the source stands in for it otherwise. */
  author: string | null;
}

/** A `NewsArticle`: headline, date, image, the source as publisher (and author without a byline). */
export function newsArticle(a: NewsArticleData): Record<string, unknown> {
  const publisher = {
    '@type': 'Organization',
    name: a.sourceName,
    ...(a.sourceUrl ? { url: a.sourceUrl } : {}),
  };
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: a.headline.slice(0, 110),
    ...(a.description ? { description: a.description } : {}),
    datePublished: a.datePublished,
    ...(a.image ? { image: [a.image] } : {}),
    url: a.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': a.url },
    ...(a.originalUrl ? { isBasedOn: a.originalUrl } : {}),
    publisher,
    author: a.author ? { '@type': 'Person', name: a.author } : publisher,
  };
}

/** What `podcastEpisode` needs. */
export interface PodcastEpisodeData {
  name: string;
  description: string | null;
  datePublished: string;
  url: string;
  image: string | null;
  /** Seconds. */
  duration: number | null;
  audioUrl: string | null;
  audioType: string | null;
  series: { name: string; url: string };
}

/** A `PodcastEpisode`: name, date, its `PodcastSeries`, the audio as an `AudioObject`. */
export function podcastEpisode(e: PodcastEpisodeData): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'PodcastEpisode',
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    datePublished: e.datePublished,
    url: e.url,
    ...(e.image ? { image: e.image } : {}),
    ...(e.duration && e.duration > 0 ? { duration: `PT${Math.round(e.duration)}S` } : {}),
    partOfSeries: { '@type': 'PodcastSeries', name: e.series.name, url: e.series.url },
    ...(e.audioUrl
      ? {
          associatedMedia: {
            '@type': 'AudioObject',
            contentUrl: e.audioUrl,
            ...(e.audioType ? { encodingFormat: e.audioType } : {}),
            ...(e.duration && e.duration > 0 ? { duration: `PT${Math.round(e.duration)}S` } : {}),
          },
        }
      : {}),
  };
}

/** What `sportsTeam` needs. */
export interface SportsTeamData {
  name: string;
  sport: string;
  url: string;
  logo: string | null;
  description: string | null;
}

/** A `SportsTeam`: name, sport, logo, url. */
export function sportsTeam(t: SportsTeamData): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'SportsTeam',
    name: t.name,
    sport: t.sport,
    url: t.url,
    ...(t.logo ? { logo: t.logo } : {}),
    ...(t.description ? { description: t.description } : {}),
  };
}

/** The site itself (home page): a `WebSite`. */
export function webSite(origin: string): Record<string, unknown> {
  return { '@context': CONTEXT, '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` };
}
