/**
 * The pure demo generator: from the reference data, a seed and `now`, builds every demo source with its
 * feed body (RSS, Atom, podcast RSS, YouTube Atom, Mastodon statuses JSON), the rosters, games and
 * standings. Same seed and `now` give the same output byte for byte; nothing here touches disk or database.
 * @module
 */
import { buildCatalogue, type DemoSourceSpec } from './catalogue.js';
import { writeAtom, writePodcast, writeRss, writeYoutube } from './feed-writers.js';
import { generateGames, generateStandings } from './games.js';
import { generateEpisodes, generateStatuses, generateVideos } from './media.js';
import { demoPositions } from './positions.js';
import { generateRosters } from './rosters.js';
import { type FeedEntry, generateStories } from './stories.js';
import type {
  DemoData,
  DemoPlayer,
  DemoSource,
  DemoSportInput,
  DemoTeamInput,
  DemoTopicInput,
} from './types.js';
import { demoAudioFiles } from './wav.js';

/** Most items written into one feed (the parser keeps 200 per fetch by default). */
export const FEED_ITEM_CAP = 200;

/** The default seed of the demo. */
export const DEFAULT_DEMO_SEED = 42;

/** Input of {@link generateDemo}. */
export interface GenerateDemoInput {
  /** The reference instant: every date is relative to it, none after it. */
  now: Date;
  /** The seed (default {@link DEFAULT_DEMO_SEED}). */
  seed?: number;
  /** Sports of the reference data. */
  sports: readonly DemoSportInput[];
  /** Teams of the reference data. */
  teams: readonly DemoTeamInput[];
  /** Topics of the reference data. */
  topics: readonly DemoTopicInput[];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * Generates the whole demo as plain data.
 *
 * @example
 * const demo = generateDemo({ now: new Date(), sports, teams, topics });
 * demo.sources.length; // 90 or so with the full reference data
 */
export function generateDemo(input: GenerateDemoInput): DemoData {
  const seed = input.seed ?? DEFAULT_DEMO_SEED;
  const now = new Date(Math.floor(input.now.getTime() / 1000) * 1000);
  const teamsBySport = groupBy(input.teams, (t) => t.sportSlug);
  const players = generateRosters(input.teams, seed);
  const playersByTeam = groupBy(players, (p) => p.teamSlug);
  const catalogue = buildCatalogue({ sports: input.sports, teams: input.teams, topics: input.topics, seed });
  const { stories, entries } = generateStories({
    now,
    seed,
    sports: input.sports,
    teamsBySport,
    topics: input.topics,
    playersByTeam,
    sources: catalogue,
  });
  const allEntries = [...entries.values()]
    .flat()
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  const bySport = groupBy(allEntries, (e) => e.sportSlug ?? '');
  const related = (spec: DemoSourceSpec): FeedEntry[] => {
    const team = spec.teamSlugs[0];
    const pool = bySport.get(spec.sportSlug ?? '') ?? [];
    return team ? pool.filter((e) => e.teamSlugs.includes(team)) : pool;
  };
  const audio = demoAudioFiles();
  const counts = { articles: 0, videos: 0, episodes: 0, posts: 0 };
  const sources: DemoSource[] = catalogue.map((spec) => {
    const { accountId: _a, explicit: _e, imagePath: _i, ...plain } = spec;
    const done = (body: string, itemCount: number): DemoSource => ({ ...plain, body, itemCount });
    switch (spec.format) {
      case 'youtube': {
        const videos = generateVideos(spec, related(spec), now, seed).slice(0, FEED_ITEM_CAP);
        counts.videos += videos.length;
        return done(writeYoutube(spec, videos), videos.length);
      }
      case 'podcast': {
        const episodes = generateEpisodes(spec, related(spec), audio, now, seed).slice(0, FEED_ITEM_CAP);
        counts.episodes += episodes.length;
        return done(writePodcast(spec, episodes, now), episodes.length);
      }
      case 'mastodon-json': {
        const statuses = generateStatuses(spec, related(spec), now, seed);
        counts.posts += statuses.length;
        return done(`${JSON.stringify(statuses, null, 1)}\n`, statuses.length);
      }
      default: {
        const list = (entries.get(spec.key) ?? []).slice(0, FEED_ITEM_CAP);
        counts.articles += list.length;
        return done(
          spec.format === 'atom' ? writeAtom(spec, list, now) : writeRss(spec, list, now),
          list.length,
        );
      }
    }
  });
  // The cap may drop a story's oldest copies: the stories list only names the copies that were written.
  const written = new Map<string, Set<string>>();
  for (const spec of catalogue) {
    if (spec.kind !== 'news') continue;
    const list = (entries.get(spec.key) ?? []).slice(0, FEED_ITEM_CAP);
    written.set(spec.key, new Set(list.map((e) => e.storyId)));
  }
  const keptStories = stories
    .map((s) => ({ ...s, sourceKeys: s.sourceKeys.filter((k) => written.get(k)?.has(s.id)) }))
    .filter((s) => s.sourceKeys.length > 0);
  return {
    now,
    seed,
    sources,
    stories: keptStories,
    positions: demoPositions(),
    players: players as DemoPlayer[],
    games: generateGames(teamsBySport, now, seed),
    standings: generateStandings(input.teams, now, seed),
    counts,
  };
}
