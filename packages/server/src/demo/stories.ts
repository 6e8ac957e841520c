/**
 * News stories: for every calendar day of the last two weeks, recaps of that day's games and a rotation
 * of other stories (previews, injuries, trades, signings, coaching, rankings, draft, recruiting, fantasy,
 * features) that reaches every team of every sport. A story is carried by one source or, for bigger
 * news, by several sources within hours in different words (so clustering has something to group).
 * Each day draws from its own seed, so regenerating later keeps the earlier days identical.
 * @module
 */
import type { DemoSourceSpec } from './catalogue.js';
import { DAY_MS, GAME_DURATION_MS, scheduleDay } from './games.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';
import { ROSTER_SLOTS } from './positions.js';
import { createRandom, mixSeed, type Random } from './prng.js';
import { isInSeason } from './seasons.js';
import { COLLEGE_HEADLINES, fill, HEADLINES, LEADS, type StoryKind, SUMMARIES } from './templates.js';
import type { DemoPlayer, DemoSportInput, DemoStory, DemoTeamInput, DemoTopicInput } from './types.js';

/** One item of a news feed, before serialisation. */
export interface FeedEntry {
  /** Stable identifier. */
  guid: string;
  /** Headline. */
  title: string;
  /** Plain-text summary. */
  summary: string;
  /** Article link on the source's host. */
  url: string;
  /** Publication instant. */
  publishedAt: Date;
  /** Author name. */
  author: string;
  /** Site path of an image (served by the server), if any. */
  imagePath: string | null;
  /** Teams the item is about. */
  teamSlugs: string[];
  /** Sport slug, if any. */
  sportSlug: string | null;
  /** The story it belongs to. */
  storyId: string;
  /** The story kind. */
  kind: StoryKind;
}

/** Input of {@link generateStories}. */
export interface StoryInput {
  /** The reference instant. */
  now: Date;
  /** The seed. */
  seed: number;
  /** Sports. */
  sports: readonly DemoSportInput[];
  /** Teams by sport slug. */
  teamsBySport: ReadonlyMap<string, readonly DemoTeamInput[]>;
  /** Topics. */
  topics: readonly DemoTopicInput[];
  /** Players by team slug. */
  playersByTeam: ReadonlyMap<string, readonly DemoPlayer[]>;
  /** The news sources of the catalogue. */
  sources: readonly DemoSourceSpec[];
}

/** Days of news generated (today and the 13 before). */
export const NEWS_DAYS = 14;

const TOPIC_HEADLINES: Record<string, readonly string[]> = {
  golf: ['{R} wins the {ON} Classic in a playoff', '{R} holds on to take the {ON} Classic'],
  tennis: ['{R} stuns the top seed in the {ON} Open final', '{R} claims the {ON} Open title'],
  f1: ['{R} takes pole for the {ON} Grand Prix', '{R} wins a wet {ON} Grand Prix'],
  ufc: ['{R} wins by decision at Fight Night {ON}', '{R} scores first-round stoppage in {ON}'],
  nascar: ['{R} wins at {ON} Speedway', '{R} survives late caution to win at {ON}'],
  boxing: ['{R} retains title in {ON}', '{R} outpoints challenger in {ON}'],
};
const CITIES = [
  'Lakeview',
  'Silver Bay',
  'Port Alder',
  'Red Mesa',
  'Kingsbridge',
  'Marlow',
  'Stonehaven',
  'Cedar Falls',
];
const COLLEGE_POS: Record<string, readonly string[]> = {
  cf: ['QB', 'RB', 'WR', 'LB', 'CB', 'DL', 'OL', 'S'],
  mcb: ['PG', 'SG', 'SF', 'PF', 'C'],
};
const MULTI: Partial<Record<StoryKind, number>> = {
  recap: 0.35,
  draw: 0.35,
  injury: 0.45,
  trade: 0.6,
  signing: 0.55,
  coaching: 0.3,
  preview: 0.15,
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 70);
}

function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

/** The fictional head coach of a team (stable per seed and team). */
export function coachOf(seed: number, teamSlug: string): string {
  return personName(createRandom(mixSeed(seed, 'coach', teamSlug)));
}

function authorOf(seed: number, sourceKey: string, random: Random): string {
  const staff = createRandom(mixSeed(seed, 'staff', sourceKey));
  const writers = [personName(staff), personName(staff), personName(staff)];
  return random.pick(writers);
}

// Stars are named most: the hot players of a team carry the highest trend.
function featuredPlayer(random: Random, players: readonly DemoPlayer[]): DemoPlayer | undefined {
  if (players.length === 0) return undefined;
  if (random.chance(0.65)) {
    const top = [...players].sort((a, b) => b.trend - a.trend).slice(0, 3);
    return random.pick(top);
  }
  return random.pick(players);
}

function pickKind(random: Random, college: boolean, inSeason: boolean, sport: string): StoryKind {
  const table: [StoryKind, number][] = college
    ? inSeason
      ? [
          ['preview', 3],
          ['recruiting', 3],
          ['coaching', 1.5],
          ['feature', 2],
          ['rankings', 1],
        ]
      : [
          ['recruiting', 4],
          ['coaching', 2],
          ['feature', 3],
        ]
    : inSeason
      ? [
          ['preview', 2],
          ['injury', 2],
          ['trade', 1.3],
          ['signing', 0.7],
          ['coaching', 0.8],
          ['rankings', 0.8],
          [['nfl', 'nba', 'nhl'].includes(sport) ? 'fantasy' : 'feature', 1],
          ['feature', 1.6],
        ]
      : [
          ['trade', 2.5],
          ['signing', 2],
          ['draft', 2],
          ['coaching', 1],
          ['feature', 2.5],
        ];
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let r = random.next() * total;
  for (const [kind, weight] of table) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'feature';
}

/**
 * Generates the news stories of the last {@link NEWS_DAYS} days and the feed entries of every news
 * source (keyed by source key), newest first, none after `now`.
 *
 * @example
 * const { stories, entries } = generateStories(input);
 */
export function generateStories(input: StoryInput): {
  stories: DemoStory[];
  entries: Map<string, FeedEntry[]>;
} {
  const { now, seed } = input;
  const news = input.sources.filter((s) => s.kind === 'news');
  const blogsByTeam = new Map<string, DemoSourceSpec[]>();
  const outletsBySport = new Map<string, DemoSourceSpec[]>();
  const outletsByTopic = new Map<string, DemoSourceSpec[]>();
  const nationals = news.filter((s) => !s.sportSlug && !s.topicSlug);
  for (const s of news) {
    if (s.teamSlugs.length > 0)
      for (const t of s.teamSlugs) blogsByTeam.set(t, [...(blogsByTeam.get(t) ?? []), s]);
    else if (s.sportSlug) outletsBySport.set(s.sportSlug, [...(outletsBySport.get(s.sportSlug) ?? []), s]);
    else if (s.topicSlug) outletsByTopic.set(s.topicSlug, [...(outletsByTopic.get(s.topicSlug) ?? []), s]);
  }
  const entries = new Map<string, FeedEntry[]>(news.map((s) => [s.key, []]));
  // The headlines each outlet has run: an outlet never runs one twice (a fan saw one blog's "Is X the
  // right coach for the Y?" three times on a page), so a story takes another wording or skips it.
  const titlesOf = new Map<string, Set<string>>(news.map((s) => [s.key, new Set<string>()]));
  const stories: DemoStory[] = [];
  const today = Math.floor(now.getTime() / DAY_MS);
  const oldest = now.getTime() - NEWS_DAYS * DAY_MS;

  const publish = (
    random: Random,
    story: { id: string; kind: StoryKind; sport: string | null; teams: DemoTeamInput[]; at: number },
    variants: readonly string[],
    ctx: Record<string, string>,
    candidates: DemoSourceSpec[],
  ) => {
    if (story.at > now.getTime() || story.at <= oldest || candidates.length === 0) return;
    const ordered = random.shuffle(candidates);
    const blogFirst = ordered.find((s) => s.teamSlugs.length > 0);
    const primary =
      blogFirst && random.chance(0.6) ? blogFirst : (ordered.find((s) => s.sportSlug) ?? ordered[0]);
    const carriers = [primary as DemoSourceSpec];
    if (random.chance(MULTI[story.kind] ?? 0.12)) {
      for (const s of ordered) {
        if (carriers.length >= random.int(2, 4)) break;
        if (!carriers.includes(s)) carriers.push(s);
      }
    }
    // A team's own blog always covers its team's news.
    for (const s of ordered) if (s.teamSlugs.length > 0 && !carriers.includes(s)) carriers.push(s);
    const wording = random.shuffle(variants);
    const teamSlugs = story.teams.map((t) => t.slug);
    const published: string[] = [];
    carriers.forEach((source, i) => {
      // Later carriers follow within a few hours: the same story, told again.
      const at = story.at + (i === 0 ? 0 : random.int(10, 300) * 60_000);
      if (at > now.getTime()) return;
      const used = titlesOf.get(source.key) ?? new Set<string>();
      const title = wording
        .map((_, k) => fill(wording[(i + k) % wording.length] as string, ctx))
        .find((t) => !used.has(t));
      if (title === undefined) return;
      used.add(title);
      const sentences = random.shuffle(SUMMARIES[story.kind]).slice(0, random.int(1, 3));
      const date = new Date(at);
      const path = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}`;
      entries.get(source.key)?.push({
        guid: `${source.host}:${story.id}`,
        title,
        summary: [LEADS[story.kind], ...sentences.slice(0, 2)].map((s) => fill(s, ctx)).join(' '),
        url: `https://${source.host}/${path}/${slugify(title)}`,
        publishedAt: date,
        author: authorOf(seed, source.key, random),
        imagePath: story.teams[0] ? `/logos/teams/${story.teams[0].slug}.svg` : null,
        teamSlugs,
        sportSlug: story.sport,
        storyId: story.id,
        kind: story.kind,
      });
      published.push(source.key);
    });
    if (published.length > 0) {
      stories.push({
        id: story.id,
        subject: story.sport ?? '',
        teamSlugs,
        sourceKeys: published,
        publishedAt: new Date(story.at),
      });
    }
  };

  // Injury statuses already reported, so that each is one story (see below).
  const injuriesTold = new Set<string>();
  for (let day = today - NEWS_DAYS; day <= today; day++) {
    const dayDate = new Date(day * DAY_MS);
    for (const sport of input.sports) {
      const teams = input.teamsBySport.get(sport.slug) ?? [];
      if (teams.length < 2) continue;
      const random = createRandom(mixSeed(seed, 'news', sport.slug, day));
      const inSeason = isInSeason(sport.slug, dayDate);
      const outlets = outletsBySport.get(sport.slug) ?? [];
      const sourcesFor = (ts: DemoTeamInput[]) => [
        ...ts.flatMap((t) => blogsByTeam.get(t.slug) ?? []),
        ...outlets,
        ...nationals,
      ];
      const baseCtx = (team: DemoTeamInput, opp: DemoTeamInput, injuryNews = false) => {
        const players = input.playersByTeam.get(team.slug) ?? [];
        // Injury news is about a player the roster lists as injured, when the team has one.
        const injured = injuryNews ? players.filter((p) => p.injury) : [];
        const player = injured.length > 0 ? random.pick(injured) : featuredPlayer(random, players);
        const oppPlayer = featuredPlayer(random, input.playersByTeam.get(opp.slug) ?? []);
        const positions = ROSTER_SLOTS[sport.slug]?.map((s) => s[0]) ?? COLLEGE_POS[sport.slug] ?? ['G'];
        return {
          T: team.fullName,
          N: team.name,
          L: team.location,
          O: opp.fullName,
          ON: opp.name,
          P: player?.name ?? '',
          POS: player?.position ?? random.pick(positions),
          Q: oppPlayer?.name ?? '',
          // The other team's player is named with his own position ("Packers RB" was the WR of a story).
          QPOS: oppPlayer?.position ?? random.pick(positions),
          C: coachOf(seed, team.slug),
          R: personName(random),
          Y: String(random.int(2, 5)),
          M: `$${random.int(8, 60) * (sport.slug === 'mls' || sport.slug === 'wnba' ? 1 : 4)}`,
          INJ: player?.injury?.split(' - ')[0] ?? random.pick(['Hamstring', 'Ankle', 'Knee', 'Shoulder']),
          ST: player?.injury?.split(' - ')[1] ?? 'Questionable',
        };
      };
      // Recaps of the day's finished games, from the winner's side.
      for (const game of scheduleDay(sport.slug, teams, day, seed)) {
        const end = game.startsAt.getTime() + (GAME_DURATION_MS[sport.slug] ?? 10_800_000);
        const draw = game.finalHome === game.finalAway;
        const homeWon = game.finalHome >= game.finalAway;
        const [winner, loser] = homeWon ? [game.home, game.away] : [game.away, game.home];
        const ctx = {
          ...baseCtx(winner, loser),
          S: `${Math.max(game.finalHome, game.finalAway)}-${Math.min(game.finalHome, game.finalAway)}`,
        };
        const kind: StoryKind = draw ? 'draw' : 'recap';
        const variants = sport.isCollege ? (COLLEGE_HEADLINES.recap ?? HEADLINES.recap) : HEADLINES[kind];
        publish(
          random,
          {
            id: `${sport.slug}-${day}-${game.home.slug}-${game.away.slug}`,
            kind,
            sport: sport.slug,
            teams: [winner, loser],
            at: end + random.int(15, 150) * 60_000,
          },
          variants,
          ctx,
          sourcesFor([winner, loser]),
        );
      }
      // A rotation over the sport's teams: over two weeks every team gets its stories.
      const rate = sport.isCollege ? (inSeason ? 0.15 : 0.1) : inSeason ? 0.6 : 0.35;
      const perDay = Math.max(1, Math.ceil(teams.length * rate));
      const order = createRandom(mixSeed(seed, 'rotation', sport.slug)).shuffle(teams);
      for (let i = 0; i < perDay; i++) {
        const team = order[
          (((day * perDay + i) % order.length) + order.length) % order.length
        ] as DemoTeamInput;
        let opp = random.pick(teams);
        while (opp.slug === team.slug) opp = random.pick(teams);
        let kind = pickKind(random, sport.isCollege, inSeason, sport.slug);
        let ctx = baseCtx(team, opp, kind === 'injury');
        if (kind === 'injury') {
          // A player's injury status is news once. The same status told again days later read as a
          // second story from the same outlet (the Corliss "Doubtful (Concussion)" cards of issue 18):
          // outlets re-tell a story within hours, which clustering groups; a repeat is a feature instead.
          const status = `${team.slug}:${ctx.P}:${ctx.INJ}:${ctx.ST}`;
          if (injuriesTold.has(status)) {
            kind = 'feature';
            ctx = baseCtx(team, opp, false);
          } else injuriesTold.add(status);
        }
        const variants =
          (sport.isCollege ? COLLEGE_HEADLINES[kind] : undefined) ??
          (sport.isCollege && ['injury', 'signing', 'fantasy', 'trade', 'feature'].includes(kind)
            ? undefined
            : HEADLINES[kind]) ??
          HEADLINES.coaching;
        const hour = random.chance(0.8) ? random.int(11, 23) : random.int(0, 4);
        const teamsOf =
          kind === 'trade' || kind === 'rankings' || kind === 'recruiting' ? [team, opp] : [team];
        publish(
          random,
          {
            id: `${sport.slug}-${day}-${i}-${kind}-${team.slug}`,
            kind,
            sport: sport.slug,
            teams: teamsOf,
            at: day * DAY_MS + hour * 3_600_000 + random.int(0, 59) * 60_000,
          },
          variants,
          ctx,
          sourcesFor(teamsOf),
        );
      }
    }
    for (const topic of input.topics) {
      const outlets = outletsByTopic.get(topic.slug);
      const headlines = TOPIC_HEADLINES[topic.slug];
      if (!outlets || !headlines) continue;
      const random = createRandom(mixSeed(seed, 'topic', topic.slug, day));
      for (let i = 0; i < 3; i++) {
        const ctx = { R: personName(random), ON: random.pick(CITIES) };
        const at = day * DAY_MS + random.int(9, 23) * 3_600_000 + random.int(0, 59) * 60_000;
        const before = stories.length;
        publish(
          random,
          { id: `${topic.slug}-${day}-${i}`, kind: 'topic', sport: null, teams: [], at },
          headlines,
          ctx,
          outlets,
        );
        const last = stories[stories.length - 1];
        if (stories.length > before && last) last.subject = topic.slug;
      }
    }
  }
  for (const list of entries.values()) list.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  return { stories, entries };
}
