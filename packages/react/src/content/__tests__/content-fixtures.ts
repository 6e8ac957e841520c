// Contract-shaped data for the content component tests: every builder returns a complete object
// (so the types catch drift in the contract) with overridable fields.
import type {
  Article,
  Game,
  GameSide,
  Player,
  Podcast,
  Post,
  Source,
  SubArticle,
  SummarySection,
  TeamRef,
  Video,
} from '@sportspyder/contract';

let nextId = 1000;
const id = () => nextId++;

export const NOW = new Date('2026-11-21T12:00:00Z');

export const cowboys: TeamRef = {
  id: 7,
  slug: 'dallas-cowboys',
  sportSlug: 'nfl',
  name: 'Cowboys',
  fullName: 'Dallas Cowboys',
  shortName: 'DAL',
  logo: '/logos/teams/dallas-cowboys.svg',
};
export const eagles: TeamRef = {
  ...cowboys,
  id: 8,
  slug: 'philadelphia-eagles',
  name: 'Eagles',
  shortName: 'PHI',
};
export const giants: TeamRef = {
  ...cowboys,
  id: 9,
  slug: 'new-york-giants',
  name: 'Giants',
  shortName: 'NYG',
};

export function makeSubArticle(overrides: Partial<SubArticle> = {}): SubArticle {
  const n = id();
  return {
    id: n,
    title: `Story ${n}`,
    summary: null,
    finalUrl: `https://news.example/${n}`,
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
    ...overrides,
  };
}

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return { ...makeSubArticle(), subarticles: [], ...overrides };
}

export function makeVideo(overrides: Partial<Video> = {}): Video {
  const n = id();
  return {
    ...makeSubArticle(),
    title: `Highlights ${n}`,
    finalUrl: `https://www.youtube.com/watch?v=abcdefghi${String(n % 100).padStart(2, '0')}`,
    isYoutube: true,
    subarticles: [],
    duration: 125,
    ...overrides,
  };
}

function side(team: TeamRef, overrides: Partial<GameSide> = {}): GameSide {
  return {
    location: team.fullName?.replace(` ${team.name}`, '') ?? team.name,
    name: team.name,
    abbr: team.shortName,
    slug: team.slug,
    logo: team.logo,
    sportSlug: team.sportSlug,
    pending: false,
    standing: '8-3',
    score: null,
    win: null,
    ...overrides,
  };
}

export function makeGame(overrides: Partial<Game> = {}): Game {
  return {
    id: id(),
    startsAt: '2026-11-23T18:00:00Z',
    status: 'not-started',
    progress: null,
    videoUrl: null,
    recap: null,
    home: side(cowboys),
    away: side(eagles),
    ...overrides,
  };
}

export function finishedGame(homeScore: number, awayScore: number): Game {
  return makeGame({
    startsAt: '2026-11-21T18:00:00Z',
    status: 'finished',
    home: side(cowboys, { score: homeScore, win: homeScore > awayScore }),
    away: side(eagles, { score: awayScore, win: awayScore > homeScore }),
  });
}

export function makePlayer(overrides: Partial<Player> = {}): Player {
  const n = id();
  return {
    id: n,
    name: `Player ${n}`,
    slug: `player-${n}`,
    number: '4',
    position: { id: 1, name: 'Quarterback', abbr: 'QB', group: 'Offense' },
    team: cowboys,
    sport: { id: 1, slug: 'nfl', name: 'NFL', logo: '/logos/sports/nfl.svg' },
    injured: false,
    hot: true,
    trends: 12,
    lastArticles: [],
    lastEpisodes: [],
    ...overrides,
  };
}

export function makeSource(overrides: Partial<Source> = {}): Source {
  return {
    id: id(),
    description: 'Short description.',
    dailyVolume: 2.5,
    articlesCount: 120,
    domain: {
      id: 3,
      name: 'bloggingtheboys.com',
      favicon: '/favicon.png',
      description: null,
      isYoutube: false,
      label: 'Blogging The Boys',
    },
    lastArticle: { id: 5, title: 'Last', createdAt: '2026-11-20T15:00:00Z' },
    teams: [cowboys, eagles, giants],
    following: false,
    egg: { id: 3 },
    ...overrides,
  };
}

export function makePodcast(overrides: Partial<Podcast> = {}): Podcast {
  const n = id();
  return {
    id: n,
    feedUrl: `https://pod.example/${n}.xml`,
    title: `Podcast ${n}`,
    shortTitle: null,
    description: 'A show.',
    summary: null,
    author: 'Host',
    website: null,
    ownerName: null,
    ownerEmail: null,
    podcastType: 'episodic',
    copyright: null,
    explicit: false,
    imageUrl: '/pod.png',
    episodesCount: 10,
    twitter: null,
    youtube: null,
    instagram: null,
    tiktok: null,
    facebook: null,
    twitch: null,
    lastEpisode: null,
    following: false,
    teams: [],
    sports: [],
    suggestions: [],
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  const n = id();
  return {
    id: n,
    twitterId: null,
    text: `Post text ${n}`,
    tweetedAt: '2026-11-21T11:00:00Z',
    postedDate: '2026-11-21T11:00:00Z',
    uri: null,
    url: `https://mastodon.example/@team/${n}`,
    postId: null,
    mastodonId: String(n),
    inReplyToId: null,
    inReplyToAccountId: null,
    tweeter: { name: 'Dallas Cowboys', screenName: 'dallascowboys', imageUrl: '/avatar.png', type: 'team' },
    quotedTweet: null,
    linkPreview: null,
    video: null,
    photos: [],
    teams: [cowboys],
    subtweets: [],
    ...overrides,
  };
}

export function makeSections(count: number): SummarySection[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    label: `Section ${i + 1}`,
    summaries: [
      {
        id: 100 + i,
        text: `Summary of section ${i + 1}`,
        highlights: [`Highlight ${i + 1}`],
        articles: [makeArticle({ title: `Source article ${i + 1}` })],
      },
    ],
  }));
}
