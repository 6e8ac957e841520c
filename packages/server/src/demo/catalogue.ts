/**
 * The catalogue of fictional demo sources: team blogs, league-wide outlets per sport, two national
 * outlets (one paywalled), outlets for other sports (topics), YouTube-style video channels, team and
 * league podcasts, and Mastodon accounts. Names are invented (no real outlet's name), hosts use the
 * reserved `.example` domain. Feed bodies are filled in later by the generator.
 * @module
 */
import { createRandom, mixSeed } from './prng.js';
import type { DemoSource, DemoSportInput, DemoTeamInput, DemoTopicInput } from './types.js';

/** A catalogue entry before its feed body is generated. */
export type DemoSourceSpec = Omit<DemoSource, 'body' | 'itemCount'> & {
  /** Mastodon account id / YouTube channel id, when relevant. */
  accountId?: string;
  /** Explicit podcast. */
  explicit?: boolean;
  /** Image shown for the feed (logo path on the asset origin). */
  imagePath?: string;
};

const BLOGS_PER_SPORT: Record<string, number> = {
  nfl: 6,
  nba: 5,
  nhl: 4,
  mlb: 3,
  'premier-league': 3,
  mls: 2,
  wnba: 2,
  cf: 3,
  mcb: 2,
};
const NAMED_BLOGS: Record<string, string> = {
  'green-bay-packers': 'Cheesehead Chronicle',
  'buffalo-bills': 'Snow Globe Bills Report',
  'kansas-city-chiefs': 'Arrowhead Ember',
  'detroit-lions': 'Motor City Roar',
  'philadelphia-eagles': 'Broad Street Talons',
  'dallas-cowboys': 'Lone Star Huddle',
};
const NOUNS: Record<string, readonly string[]> = {
  nfl: ['Huddle', 'Sideline', 'Gridiron'],
  nba: ['Hardwood', 'Paint', 'Fast Break'],
  wnba: ['Hardwood', 'Backcourt'],
  nhl: ['Blue Line', 'Ice Shavings', 'Crease'],
  mlb: ['Dugout', 'Bleachers', 'Basepath'],
  mls: ['Touchline', 'Supporters'],
  'premier-league': ['Terrace', 'Touchline', 'Kop End'],
  cf: ['Tailgate', 'Fight Song'],
  mcb: ['Hardwood', 'Student Section'],
};
const SUFFIXES = ['Chronicle', 'Report', 'Dispatch', 'Journal', 'Gazette', 'Ledger', 'Digest', 'Notebook'];
const OUTLETS: Record<string, readonly string[]> = {
  nfl: ['Gridiron Wire Daily', 'Two-Minute Drill Report', 'Red Zone Dispatch'],
  nba: ['Hardwood Ledger', 'Pick and Roll Post', 'Baseline Bulletin'],
  nhl: ['Blue Line Journal', 'Crease Report', 'Power Play Press'],
  mlb: ['Diamond Dispatch', 'Seventh Inning Ledger', 'Hot Stove Herald'],
  mls: ['Pitchside America', 'Golden Boot Gazette', 'Supporters Shield Weekly'],
  'premier-league': ['Terrace Talk Times', 'Matchday Ledger', 'Six-Yard Box Review'],
  wnba: ['Full Court W', 'Courtside W Dispatch', 'The W Bulletin'],
  cf: ['Saturday Gridiron Ledger', 'Fight Song Gazette', 'Bowl Bound Report', 'Campus Kickoff Journal'],
  mcb: ['Bracket Watch Daily', 'Midnight Madness Post', 'Bubble Watch Bulletin', 'Tip-Off Campus Report'],
};
const TOPIC_OUTLETS: Record<string, string> = {
  golf: 'Fairway Dispatch',
  tennis: 'Center Court Notes',
  f1: 'Pit Wall Notes',
  ufc: 'Octagon Side Report',
  nascar: 'Restrictor Plate Review',
  boxing: 'Ringside Ledger',
};
const VIDEO_CHANNELS: readonly [string, string][] = [
  ['nfl', 'Gridiron Film Room'],
  ['nba', 'Hardwood Highlights'],
  ['nhl', 'Ice Time Replays'],
  ['premier-league', 'Pitchside Highlights TV'],
  ['cf', 'Saturday Film Session'],
  ['mcb', 'Tourney Tape'],
  ['mlb', 'Diamond Replays'],
];
const LEAGUE_PODCASTS: readonly [string, string, boolean][] = [
  ['nfl', 'Sunday Gridiron Hour', false],
  ['nfl', 'The Fourth and Long Pod', true],
  ['nba', 'Full Court Pod', false],
  ['nhl', 'Crease and Crossbar', false],
  ['mlb', 'Hot Stove Hang', false],
  ['premier-league', 'Ninety Minutes Plus', true],
  ['cf', 'Saturday Tailgate Pod', false],
  ['mcb', 'Bracketology Hour', false],
];
const TEAM_SHOW = ['Postgame Pod', 'Talk', 'Radio Hour', 'Film Session', 'Locker Room Pod', 'Daily'];
const MASTODON_SPORTS = ['nfl', 'nba', 'nhl', 'premier-league', 'cf'];

/** Host of the demo's Mastodon instance. */
export const DEMO_MASTODON_HOST = 'sportsocial.example';

function hostOf(name: string, used: Set<string>): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  let host = `${base}.example`;
  for (let n = 2; used.has(host); n++) host = `${base}${n}.example`;
  used.add(host);
  return host;
}

function keyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Builds the source catalogue from the reference data (at least 60 sources with the full reference).
 *
 * @example
 * const specs = buildCatalogue({ sports, teams, topics, seed: 42 });
 */
export function buildCatalogue(input: {
  sports: readonly DemoSportInput[];
  teams: readonly DemoTeamInput[];
  topics: readonly DemoTopicInput[];
  seed: number;
}): DemoSourceSpec[] {
  const random = createRandom(mixSeed(input.seed, 'catalogue'));
  const hosts = new Set<string>();
  const specs: DemoSourceSpec[] = [];
  const sportSlugs = new Set(input.sports.map((s) => s.slug));
  const base = { topicSlug: null, paywall: false, teamSlugs: [] as string[] };
  const blogTeams: DemoTeamInput[] = [];

  for (const sport of input.sports) {
    const teams = input.teams.filter((t) => t.sportSlug === sport.slug);
    const named = teams.filter((t) => NAMED_BLOGS[t.slug]);
    const rest = random.shuffle(teams.filter((t) => !NAMED_BLOGS[t.slug]));
    const chosen = [...named, ...rest].slice(0, BLOGS_PER_SPORT[sport.slug] ?? 1);
    for (const team of chosen) {
      blogTeams.push(team);
      const name =
        NAMED_BLOGS[team.slug] ??
        `${team.name} ${random.pick(NOUNS[sport.slug] ?? ['Sports'])} ${random.pick(SUFFIXES)}`;
      specs.push({
        ...base,
        key: keyOf(name),
        name,
        host: hostOf(name, hosts),
        kind: 'news',
        feedFile: `${keyOf(name)}.xml`,
        title: name,
        description: `Independent news and opinion on the ${team.fullName}.`,
        teamSlugs: [team.slug],
        sportSlug: sport.slug,
        format: random.chance(0.3) ? 'atom' : 'rss',
        imagePath: `/logos/teams/${team.slug}.svg`,
      });
    }
    for (const name of OUTLETS[sport.slug] ?? [`${sport.name} Wire`]) {
      specs.push({
        ...base,
        key: keyOf(name),
        name,
        host: hostOf(name, hosts),
        kind: 'news',
        feedFile: `${keyOf(name)}.xml`,
        title: name,
        description: `League-wide ${sport.name} news, analysis and rumours.`,
        sportSlug: sport.slug,
        format: random.chance(0.3) ? 'atom' : 'rss',
        imagePath: `/logos/sports/${sport.slug}.svg`,
      });
    }
  }
  for (const [name, paywall] of [
    ['National Sports Courier', false],
    ['The Press Box Insider', true],
  ] as const) {
    specs.push({
      ...base,
      key: keyOf(name),
      name,
      host: hostOf(name, hosts),
      kind: 'news',
      feedFile: `${keyOf(name)}.xml`,
      title: name,
      description: paywall
        ? 'Premium reporting across every league (subscription required).'
        : 'Every league, every day.',
      sportSlug: null,
      paywall,
      format: 'rss',
    });
  }
  for (const topic of input.topics) {
    const name = TOPIC_OUTLETS[topic.slug];
    if (!name) continue;
    specs.push({
      ...base,
      key: keyOf(name),
      name,
      host: hostOf(name, hosts),
      kind: 'news',
      feedFile: `${keyOf(name)}.xml`,
      title: name,
      description: `${topic.name} news and results.`,
      sportSlug: null,
      topicSlug: topic.slug,
      format: 'rss',
    });
  }
  VIDEO_CHANNELS.forEach(([sportSlug, name], i) => {
    if (!sportSlugs.has(sportSlug)) return;
    const channelId = `UCspdemo${String(mixSeed(input.seed, name).toString(36)).padEnd(8, 'x')}${String(i).padStart(6, '0')}`;
    specs.push({
      ...base,
      key: keyOf(name),
      name: 'YouTube',
      host: 'youtube.com',
      kind: 'video',
      feedFile: `${keyOf(name)}.xml`,
      title: name,
      description: `${name}: highlights, film breakdowns and press conferences.`,
      sportSlug,
      format: 'youtube',
      accountId: channelId,
    });
  });
  for (const [sportSlug, name, explicit] of LEAGUE_PODCASTS) {
    if (!sportSlugs.has(sportSlug)) continue;
    specs.push({
      ...base,
      key: keyOf(name),
      name,
      host: hostOf(name, hosts),
      kind: 'podcast',
      feedFile: `${keyOf(name)}.xml`,
      title: name,
      description: `The ${input.sports.find((s) => s.slug === sportSlug)?.name ?? ''} week in review, every day.`,
      sportSlug,
      format: 'podcast',
      explicit,
      imagePath: `/logos/sports/${sportSlug}.svg`,
    });
  }
  const proSports = new Set(input.sports.filter((s) => !s.isCollege).map((s) => s.slug));
  for (const team of blogTeams.filter((t) => proSports.has(t.sportSlug)).slice(0, 16)) {
    const name = `${team.name} ${random.pick(TEAM_SHOW)}`;
    specs.push({
      ...base,
      key: keyOf(name),
      name,
      host: hostOf(name, hosts),
      kind: 'podcast',
      feedFile: `${keyOf(name)}.xml`,
      title: name,
      description: `A daily show about the ${team.fullName}: news, film and your questions.`,
      teamSlugs: [team.slug],
      sportSlug: team.sportSlug,
      format: 'podcast',
      explicit: random.chance(0.25),
      imagePath: `/logos/teams/${team.slug}.svg`,
    });
  }
  const accountSports = MASTODON_SPORTS.filter((s) => sportSlugs.has(s));
  accountSports.forEach((sportSlug, i) => {
    const outlet = OUTLETS[sportSlug]?.[0] ?? sportSlug;
    specs.push({
      ...base,
      key: `mastodon-${keyOf(outlet)}`,
      name: 'SportSocial',
      host: DEMO_MASTODON_HOST,
      kind: 'mastodon',
      feedFile: `mastodon-${keyOf(outlet)}.json`,
      title: `${outlet} (@${keyOf(outlet).replace(/-/g, '')})`,
      description: `Posts from ${outlet} on ${DEMO_MASTODON_HOST}.`,
      sportSlug,
      format: 'mastodon-json',
      accountId: String(1100 + i),
    });
  });
  const fan = blogTeams[0];
  if (fan) {
    specs.push({
      ...base,
      key: `mastodon-${fan.slug}-fans`,
      name: 'SportSocial',
      host: DEMO_MASTODON_HOST,
      kind: 'mastodon',
      feedFile: `mastodon-${fan.slug}-fans.json`,
      title: `${fan.name} Fan Club (@${fan.name.toLowerCase().replace(/[^a-z0-9]/g, '')}fans)`,
      description: `Fans of the ${fan.fullName}.`,
      teamSlugs: [fan.slug],
      sportSlug: fan.sportSlug,
      format: 'mastodon-json',
      accountId: '1199',
    });
  }
  return specs;
}
