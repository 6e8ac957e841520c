/**
 * The plain data shapes of the demo generator: what it reads (reference sports, teams, topics) and what
 * it produces (sources with their feed bodies, rosters, games, standings). No I/O lives here.
 * @module
 */

/** A sport of the reference data. */
export interface DemoSportInput {
  /** Slug, e.g. `nfl`. */
  slug: string;
  /** Display name. */
  name: string;
  /** College sports get fewer stories and no rosters. */
  isCollege: boolean;
}

/** A team of the reference data. */
export interface DemoTeamInput {
  /** Slug, e.g. `green-bay-packers`. */
  slug: string;
  /** The sport's slug. */
  sportSlug: string;
  /** Nickname ("Packers"). */
  name: string;
  /** Full name ("Green Bay Packers"). */
  fullName: string;
  /** Abbreviation ("GB"). */
  shortName: string;
  /** City, state or school. */
  location: string;
}

/** A topic (an "other sport") of the reference data. */
export interface DemoTopicInput {
  /** Slug, e.g. `golf`. */
  slug: string;
  /** Display name. */
  name: string;
}

/** What kind of feed a source is. */
export type DemoSourceKind = 'news' | 'video' | 'podcast' | 'mastodon';

/** One generated source and its feed file. */
export interface DemoSource {
  /** Stable key (also the feed file name without extension). */
  key: string;
  /** Publisher (domain) name. */
  name: string;
  /** Publisher host (reserved `.example` names: never reachable). */
  host: string;
  /** Feed kind. */
  kind: DemoSourceKind;
  /** File name under `<DATA_DIR>/demo/feeds/`; the source's feed URL is `demo:feeds/<feedFile>`. */
  feedFile: string;
  /** Feed title. */
  title: string;
  /** Feed description. */
  description: string;
  /** Default teams (team blogs, team podcasts, team accounts). */
  teamSlugs: string[];
  /** The sport of a sport-wide outlet. */
  sportSlug: string | null;
  /** The topic of an other-sport outlet. */
  topicSlug: string | null;
  /** True for the paywalled outlet. */
  paywall: boolean;
  /** Syntax of the news feed. */
  format: 'rss' | 'atom' | 'podcast' | 'youtube' | 'mastodon-json';
  /** The feed body, ready to write. */
  body: string;
  /** Items in the body. */
  itemCount: number;
}

/** A generated player. */
export interface DemoPlayer {
  /** Unique slug. */
  slug: string;
  /** Fictional full name. */
  name: string;
  /** Team slug. */
  teamSlug: string;
  /** Sport slug. */
  sportSlug: string;
  /** Position abbreviation, valid for the sport. */
  position: string;
  /** Jersey number, unique within the team. */
  number: string;
  /** Injury text ("Hamstring - Questionable") or null. */
  injury: string | null;
  /** True when talked about much more than usual. */
  hot: boolean;
  /** Mentions trend score (recent vs usual). */
  trend: number;
}

/** Status of a game. */
export type DemoGameStatus = 'not-started' | 'in-play' | 'finished';

/** A generated game. */
export interface DemoGame {
  /** Sport slug. */
  sportSlug: string;
  /** Home team slug. */
  homeSlug: string;
  /** Away team slug. */
  awaySlug: string;
  /** Start instant. */
  startsAt: Date;
  /** Status relative to `now`. */
  status: DemoGameStatus;
  /** Progress text of an in-play game ("Q3 4:12"), "Final" when finished, null before. */
  progress: string | null;
  /** Home score (null before the start). */
  homeScore: number | null;
  /** Away score (null before the start). */
  awayScore: number | null;
}

/** A team's record this season. */
export interface DemoStanding {
  /** Team slug. */
  teamSlug: string;
  /** Season label ("2026", "2026-27"). */
  season: string;
  /** Wins. */
  wins: number;
  /** Losses. */
  losses: number;
  /** Ties, overtime losses (NHL) or draws (soccer). */
  ties: number;
}

/** A story carried by one or more sources (the same event in different words). */
export interface DemoStory {
  /** Stable id. */
  id: string;
  /** Sport or topic slug. */
  subject: string;
  /** Teams it is about. */
  teamSlugs: string[];
  /** Source keys that carry it. */
  sourceKeys: string[];
  /** When the first source published it. */
  publishedAt: Date;
}

/** A position of a sport. */
export interface DemoPosition {
  /** Sport slug. */
  sportSlug: string;
  /** Full name ("Quarterback"). */
  name: string;
  /** Abbreviation ("QB"). */
  abbr: string;
  /** Group ("Offense"). */
  group: string;
}

/** Everything the generator produces. */
export interface DemoData {
  /** The reference instant. */
  now: Date;
  /** The seed. */
  seed: number;
  /** Sources with their feed bodies. */
  sources: DemoSource[];
  /** Stories, for tests and counts. */
  stories: DemoStory[];
  /** Positions of every pro sport. */
  positions: DemoPosition[];
  /** Players of every pro team. */
  players: DemoPlayer[];
  /** Games of the last and next 7 days. */
  games: DemoGame[];
  /** Standings of every team. */
  standings: DemoStanding[];
  /** Counts of generated items by kind. */
  counts: { articles: number; videos: number; episodes: number; posts: number };
}
