/**
 * The help-guide catalogue (spec 1 §2.8): the feature guide's sections in core's order
 * (`HELP_GUIDE_SECTIONS`: news-feed, your-team, podcasts, videos, posts, chat, players, search), each
 * with its guides. /about/features lists them; /about/feature/:category/:id shows one guide. This
 * module is the only place the guide's words live.
 * @module
 */
import { HELP_GUIDE_SECTIONS } from '@sportspyder/core';

/** One guide: a titled how-to with its steps and a link to try it. */
export interface FeatureGuide {
  /** The `:id` of /about/feature/:category/:id. */
  readonly id: string;
  readonly title: string;
  /** One sentence shown in the catalogue. */
  readonly summary: string;
  /** The steps, in order. */
  readonly steps: readonly string[];
  /** Where to try it. */
  readonly tryIt?: { readonly label: string; readonly href: string };
}

/** One section of the catalogue. */
export interface FeatureSection {
  /** The `:category` of the guide URLs (one of `HELP_GUIDE_SECTIONS`). */
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly guides: readonly FeatureGuide[];
}

const SECTIONS: Record<string, Omit<FeatureSection, 'id'>> = {
  'news-feed': {
    title: 'News feed',
    summary: 'Every story about your sports and teams, gathered from thousands of sources in one feed.',
    guides: [
      {
        id: 'reading',
        title: 'Reading the news feed',
        summary: 'How stories are grouped, what the labels mean and how new stories arrive.',
        steps: [
          'Open a sport from the navigation bar, or a team from its menu, and choose News.',
          'Stories covering the same event are grouped: the main story comes first, the other reports sit under it.',
          'A "hot" mark means many fans are reading the story right now; a paywall note warns before you leave for a subscriber-only site.',
          'New stories are checked for while you read. A banner tells you how many arrived; select it to add them at the top without losing your place.',
        ],
        tryIt: { label: 'Open the home page', href: '/' },
      },
      {
        id: 'my-feed',
        title: 'Your own feed',
        summary: 'One feed of every team you follow, for members.',
        steps: [
          'Sign in, or create a free account.',
          'Follow the teams you care about from their pages or from Settings › Following.',
          'Your profile then links to one feed combining the stories of all of them.',
        ],
        tryIt: { label: 'Manage followed teams', href: '/settings/following' },
      },
      {
        id: 'sources',
        title: 'Choosing your sources',
        summary: 'Subscribe to the sources you trust and hide the ones you do not want.',
        steps: [
          'On a team page, open the sources list from the news tab.',
          'Subscribe to a source to see it in My Sources; hide one to remove its stories from that team\u2019s feeds.',
          'Everything you hid is listed under Settings › Configure, where you can bring it back.',
        ],
        tryIt: { label: 'Open My Sources', href: '/settings/sources' },
      },
    ],
  },
  'your-team': {
    title: 'Your team',
    summary: 'A home for each team: news, scores, roster, podcasts, videos and chat.',
    guides: [
      {
        id: 'team-page',
        title: 'The team page',
        summary: 'What each tab of a team page shows.',
        steps: [
          'Popular shows the most read stories, episodes and videos of the team.',
          'News, Videos, Podcasts and Posts each list that kind of coverage, newest first.',
          'Roster lists the players by position; Chat is the team\u2019s live room; Widgets gives you a headline box for your own site.',
        ],
      },
      {
        id: 'follow',
        title: 'Following a team',
        summary: 'Star your teams so they come first everywhere.',
        steps: [
          'Select Follow Team on the team\u2019s page.',
          'Followed teams are starred in menus and combined in your own feed.',
          'Reorder or remove them in Settings › Following.',
        ],
        tryIt: { label: 'Manage followed teams', href: '/settings/following' },
      },
      {
        id: 'recap',
        title: 'The team recap newsletter',
        summary: 'The team\u2019s top stories by e-mail, daily or weekly.',
        steps: [
          'Enter your e-mail address in the recap box on a team\u2019s news page.',
          'Each recap has links to change how often it comes, or to unsubscribe in one click.',
        ],
      },
    ],
  },
  podcasts: {
    title: 'Podcasts',
    summary: 'Thousands of sports podcasts with a player that keeps going while you browse.',
    guides: [
      {
        id: 'player',
        title: 'The podcast player',
        summary: 'Play, skip, change the speed, and pick up where you left off.',
        steps: [
          'Press play on any episode: the player bar stays at the bottom of the page while you keep browsing.',
          'Skip back or forward, change the playback speed and the volume from the bar.',
          'Your place in each episode is remembered, so an episode resumes where you stopped, even on another day.',
        ],
      },
      {
        id: 'my-podcasts',
        title: 'My Podcasts',
        summary: 'Follow podcasts and find your latest episodes and listens in one place.',
        steps: [
          'Follow a podcast from its page.',
          'My Podcasts lists the latest episodes of the podcasts you follow and what you listened to recently.',
        ],
        tryIt: { label: 'Open My Podcasts', href: '/my/podcasts' },
      },
    ],
  },
  videos: {
    title: 'Videos',
    summary: 'Highlights, press conferences and analysis from the teams\u2019 video channels.',
    guides: [
      {
        id: 'watching',
        title: 'Watching videos',
        summary: 'Where videos are and how they play.',
        steps: [
          'Open a team and choose Videos, or find videos inside the news feed.',
          'Videos play on the page; when you scroll on, a playing video shrinks to a corner so you can keep watching.',
        ],
      },
    ],
  },
  posts: {
    title: 'Posts',
    summary: 'What players, reporters and teams are posting on social networks.',
    guides: [
      {
        id: 'team-posts',
        title: 'Team posts',
        summary: 'The social posts about a team, in one list.',
        steps: [
          'Open a team and choose Posts.',
          'Posts from reporters, players and the team itself appear as they are published, with links to the originals.',
        ],
      },
    ],
  },
  chat: {
    title: 'Chat',
    summary: 'Talk to other fans in each team\u2019s live room and under articles and episodes.',
    guides: [
      {
        id: 'joining',
        title: 'Joining the chat',
        summary: 'How to take part, and the room rules.',
        steps: [
          'Open a team and choose Chat. Anyone can read; sign in to write.',
          'Messages are up to 300 characters. Reply to a message to start a thread.',
          'Stay on topic, be respectful, and keep personal information and politics out. Moderators remove messages that break the rules.',
        ],
      },
      {
        id: 'reporting',
        title: 'Reporting a message',
        summary: 'Tell the moderators about a message that breaks the rules.',
        steps: [
          'Open the message\u2019s menu and choose Report.',
          'Pick the reason (off topic, hate speech, spam, personal information, political, or other with a short note).',
        ],
      },
    ],
  },
  players: {
    title: 'Players',
    summary: 'News, podcasts and rosters for the players you follow, and fantasy teams.',
    guides: [
      {
        id: 'player-pages',
        title: 'Player pages',
        summary: 'Everything about one player.',
        steps: [
          'Select a player\u2019s name on a story or a roster.',
          'The player page lists the news and the podcast episodes that mention them.',
          'Trending players show who is in the news most right now.',
        ],
      },
      {
        id: 'fantasy',
        title: 'Fantasy teams',
        summary: 'Follow the news of your fantasy roster.',
        steps: [
          'Go to Settings › Fantasy and create a team for MLB, NFL, NBA or NHL.',
          'Find players by name, team or position and add them to the roster.',
          'The fantasy team\u2019s news page combines the stories of every player on it.',
        ],
        tryIt: { label: 'Create a fantasy team', href: '/settings/fantasy/new' },
      },
    ],
  },
  search: {
    title: 'Search',
    summary: 'Find teams, players, stories, sources, podcasts and episodes.',
    guides: [
      {
        id: 'searching',
        title: 'Searching',
        summary: 'Live suggestions and the full results page.',
        steps: [
          'Type into the search box at the top: teams and players are suggested as you type.',
          'Press Enter for every result: articles, sources, podcasts and episodes included.',
          'Sort by newest or by relevance, and narrow articles to the past day, week or month.',
        ],
        tryIt: { label: 'Open search', href: '/search' },
      },
    ],
  },
};

/** The catalogue, in the order of spec 1 §2.8. */
export const FEATURE_SECTIONS: readonly FeatureSection[] = HELP_GUIDE_SECTIONS.map((id) => {
  const section = SECTIONS[id];
  if (!section) throw new Error(`feature guide section "${id}" has no content`);
  return { id, ...section };
});

/** The path of one guide. */
export function featureGuidePath(category: string, id: string): string {
  return `/about/feature/${category}/${id}`;
}

/**
 * The guide of a `/about/feature/:category/:id` path with its section, or null.
 *
 * @example
 * ```ts
 * findFeatureGuide('search', 'searching')?.guide.title; // 'Searching'
 * ```
 */
export function findFeatureGuide(
  category: string | undefined,
  id: string | undefined,
): { section: FeatureSection; guide: FeatureGuide } | null {
  const section = FEATURE_SECTIONS.find((s) => s.id === category);
  const guide = section?.guides.find((g) => g.id === id);
  return section && guide ? { section, guide } : null;
}
