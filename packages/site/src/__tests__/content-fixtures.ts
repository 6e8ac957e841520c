// Content of the site tests' fake API: articles, players and episodes with the defaults of a plain item
// (tests override what they look at), and the paged list envelope of spec 2 §7.
import type { Article, Player, PodcastEpisode } from '@sportspyder/contract';

let nextId = 5000;

/** An article from news.example ("Example News"); the title defaults to "Story <id>". */
export function makeArticle(title?: string, overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: title ?? `Story ${id}`,
    summary: null,
    finalUrl: `https://news.example/${id}`,
    author: null,
    spyderDate: '2026-11-21T10:00:00Z',
    postedDate: '2026-11-21T10:00:00Z',
    articleImage: null,
    domain: {
      id: 1,
      name: 'news.example',
      favicon: null,
      description: null,
      isYoutube: false,
      label: 'Example News',
    },
    egg: { id: 1 },
    players: [],
    teams: [],
    hot: false,
    promoted: false,
    paywall: false,
    isYoutube: false,
    subarticles: [],
    ...overrides,
  };
}

/** A hot NFL quarterback without a team. */
export function makePlayer(name: string, overrides: Partial<Player> = {}): Player {
  const id = nextId++;
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    number: '12',
    position: { id: 1, name: 'Quarterback', abbr: 'QB', group: 'Offense' },
    team: null,
    sport: { id: 1, slug: 'nfl', name: 'NFL', logo: '/logos/sports/nfl.svg' },
    injured: false,
    hot: true,
    trends: 10,
    lastArticles: [],
    lastEpisodes: [],
    ...overrides,
  };
}

/** A 20-minute full episode of the podcast "Pack Talk" (id 77). */
export function makeEpisode(title: string, overrides: Partial<PodcastEpisode> = {}): PodcastEpisode {
  const id = overrides.id ?? nextId++;
  return {
    id,
    podcastId: 77,
    guid: `g${id}`,
    title,
    enclosureUrl: `https://pod.example/${id}.mp3`,
    enclosureType: 'audio/mpeg',
    enclosureLength: null,
    description: null,
    summary: null,
    episodeType: 'full',
    explicit: false,
    webpage: null,
    season: null,
    episode: null,
    author: null,
    duration: 1200,
    publishedAt: '2026-11-21T09:00:00Z',
    mostRecent: true,
    postedDate: '2026-11-21T09:00:00Z',
    hot: false,
    imageUrl: null,
    promoted: false,
    messagesCount: 0,
    podcast: { id: 77, title: 'Pack Talk', shortTitle: null, imageUrl: null, teams: [], sports: [] },
    subepisodes: [],
    suggestions: [],
    ...overrides,
  };
}

/** Where a paged list is: its page, the page count and the feed's RSS URL (`meta.rss`). */
export interface PageOf {
  page?: number;
  totalPages?: number;
  rss?: string;
}

/** A list answer under `key` with its pagination (13 per page, the feed size of spec 2 §9). */
export function page<T>(key: string, items: T[], { page = 1, totalPages = 1, rss }: PageOf = {}) {
  return {
    [key]: items,
    meta: {
      pagination: { page, perPage: 13, totalPages, totalCount: items.length * Math.max(1, totalPages) },
      ...(rss ? { rss } : {}),
    },
  };
}
