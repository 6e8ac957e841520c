// Compiles sports, teams, players, topics and the curated aliases into one phrase map, built once per
// process and shared by every tagArticle call. Each normalised phrase (1..n words) maps to what it may name,
// with the strength of the evidence (full name > nickname > location), so tagging an article is one
// tokenisation pass plus a few Map lookups per word instead of one regex per team.
import { type AliasTable, DEFAULT_ALIASES } from './aliases.js';
import { normalizePhrase, tokenize } from './normalize.js';
import type { TagId, TagPlayer, TagSport, TagTeam, TagTopic } from './types.js';

/** How strongly a phrase names its teams: a full name, a nickname or alias, or only a location. */
export const TIER_FULL = 1;
/** Nickname or alias tier (see {@link TIER_FULL}). */
export const TIER_NAME = 2;
/** Location tier: never tags without sport context (see {@link TIER_FULL}). */
export const TIER_LOCATION = 3;

/** What one normalised phrase may name. Indexes are positions in the arrays of {@link TagIndex}. */
export interface PhraseInfo {
  /** Strength of the team evidence: 0 when the phrase names no team, else a TIER_* constant. */
  teamTier: number;
  /** Teams named at that tier (several = ambiguous). */
  teams: number[];
  /** The phrase is an ordinary word ("Heat"): needs a capital letter and sport context. */
  common: boolean;
  /** Sports the phrase names unambiguously ("Stanley Cup"). */
  sports: number[];
  /** Sports the phrase only hints at ("football", "quarterback"). */
  hints: number[];
  /** Topics the phrase names. */
  topics: number[];
  /** Players the phrase names. */
  players: number[];
  /** The phrase is consumed without tagging anything ("Magic Johnson"). */
  blocked: boolean;
}

/** A team in the index. */
export interface IndexedTeam {
  /** The team's id. */
  id: TagId;
  /** The team's slug. */
  slug: string;
  /** Position of its sport in {@link TagIndex.sports}. */
  sport: number;
  /** Whether the team plays a college sport. */
  college: boolean;
}

/** The compiled, immutable tagging index. */
export interface TagIndex {
  /** Normalised phrase -> what it may name. */
  phrases: Map<string, PhraseInfo>;
  /** Every prefix (in whole words) of every phrase, so the scanner knows when to stop extending. */
  prefixes: Set<string>;
  /** Sports by position. */
  sports: readonly TagSport[];
  /** Teams by position. */
  teams: readonly IndexedTeam[];
  /** Players by position with the position of their sport. */
  players: readonly (TagPlayer & { sport: number })[];
  /** Topics by position. */
  topics: readonly TagTopic[];
  /** Team id -> position. */
  teamById: Map<TagId, number>;
  /** Team slug -> position. */
  teamBySlug: Map<string, number>;
  /** Sport slug -> position. */
  sportBySlug: Map<string, number>;
  /** Sport id -> position. */
  sportById: Map<TagId, number>;
  /** Topic id -> position. */
  topicById: Map<TagId, number>;
  /** Topic slug -> position. */
  topicBySlug: Map<string, number>;
  /** Positions of the college sports (mcb, cf), which turn off the pro-team preference. */
  collegeSports: ReadonlySet<number>;
  /** A player's normalised last name -> the players of that name ("mahomes"), for the surname rule. */
  surnames: Map<string, number[]>;
  /** Player position -> position of the player's team (absent when the team is not in the index). */
  playerTeams: Map<number, number>;
}

/** Input of {@link buildTagIndex}. */
export interface BuildTagIndexInput {
  /** All sports. */
  sports: readonly TagSport[];
  /** All teams. */
  teams: readonly TagTeam[];
  /** Players to match by full name (optional). */
  players?: readonly TagPlayer[];
  /** All topics. */
  topics: readonly TagTopic[];
  /** The alias table; defaults to the curated {@link DEFAULT_ALIASES}. */
  aliases?: AliasTable;
}

const COLLEGE_SPORTS = new Set(['mcb', 'cf']);
const COLLEGE_SUFFIX: Record<string, string> = { mcb: 'basketball', cf: 'football' };

/**
 * Compiles the tagging index. Throws when a team or player names an unknown sport.
 *
 * @example
 * const index = buildTagIndex({ sports, teams, topics });
 * tagArticle(index, { title: 'Bills beat Jets' });
 */
export function buildTagIndex(input: BuildTagIndexInput): TagIndex {
  const aliases = input.aliases ?? DEFAULT_ALIASES;
  const phrases = new Map<string, PhraseInfo>();
  const info = (phrase: string, allowShort = false): PhraseInfo | undefined => {
    const key = normalizePhrase(phrase);
    // A lone word of one or two letters ("LA", "NY", "GB") is too ambiguous to ever name a team by itself;
    // only curated hints ("QB") may be that short.
    if (key === '' || (!allowShort && !key.includes(' ') && key.length <= 2)) return undefined;
    let found = phrases.get(key);
    if (!found) {
      found = {
        teamTier: 0,
        teams: [],
        common: false,
        sports: [],
        hints: [],
        topics: [],
        players: [],
        blocked: false,
      };
      phrases.set(key, found);
    }
    return found;
  };
  const addTeam = (phrase: string, team: number, tier: number): void => {
    const p = info(phrase);
    if (!p) return;
    // Only the strongest tier survives: "Liverpool" is the club's name, not Everton's location.
    if (p.teamTier === 0 || tier < p.teamTier) {
      p.teamTier = tier;
      p.teams = [team];
    } else if (tier === p.teamTier && !p.teams.includes(team)) p.teams.push(team);
  };

  const sportBySlug = new Map<string, number>();
  const sportById = new Map<TagId, number>();
  input.sports.forEach((s, i) => {
    sportBySlug.set(s.slug, i);
    sportById.set(s.id, i);
  });
  const sportOf = (slug: string, who: string): number => {
    const s = sportBySlug.get(slug);
    if (s === undefined) throw new Error(`Tag index: ${who} has unknown sport "${slug}"`);
    return s;
  };

  const teams: IndexedTeam[] = [];
  const teamById = new Map<TagId, number>();
  const teamBySlug = new Map<string, number>();
  input.teams.forEach((t, i) => {
    teams.push({
      id: t.id,
      slug: t.slug,
      sport: sportOf(t.sportSlug, `team ${t.slug}`),
      college: COLLEGE_SPORTS.has(t.sportSlug),
    });
    teamById.set(t.id, i);
    teamBySlug.set(t.slug, i);
    addTeam(t.fullName, i, TIER_FULL);
    addTeam(`${t.location} ${t.name}`, i, TIER_FULL);
    const suffix = COLLEGE_SUFFIX[t.sportSlug];
    if (suffix) {
      addTeam(`${t.location} ${suffix}`, i, TIER_FULL);
      addTeam(`${t.location} ${t.name} ${suffix}`, i, TIER_FULL);
    }
    for (const alt of aliases.locations[t.location] ?? []) {
      addTeam(`${alt} ${t.name}`, i, TIER_FULL);
      addTeam(alt, i, TIER_LOCATION);
    }
    addTeam(t.name, i, TIER_NAME);
    for (const n of [...(t.nicknames ?? []), ...(t.aliases ?? []), ...(aliases.teams[t.slug] ?? [])]) {
      addTeam(n, i, TIER_NAME);
    }
    addTeam(t.location, i, TIER_LOCATION);
  });

  // A keyword listed under one sport tags it; listed under several it only hints ("football").
  const keywordSports = new Map<string, Set<number>>();
  input.sports.forEach((s, i) => {
    for (const k of [s.name, s.slug, ...(s.aliases ?? []), ...(aliases.sports[s.slug] ?? [])]) {
      const key = normalizePhrase(k);
      if (key === '' || (!key.includes(' ') && key.length <= 2)) continue;
      const set = keywordSports.get(key) ?? new Set<number>();
      keywordSports.set(key, set);
      set.add(i);
    }
  });
  for (const [key, set] of keywordSports) {
    const p = info(key)!;
    if (set.size === 1) p.sports.push(...set);
    else p.hints.push(...set);
  }
  for (const [phrase, slugs] of Object.entries(aliases.sportHints)) {
    const p = info(phrase, true);
    if (!p) continue;
    for (const slug of slugs) {
      const s = sportBySlug.get(slug);
      if (s !== undefined && !p.hints.includes(s)) p.hints.push(s);
    }
  }

  const topicById = new Map<TagId, number>();
  const topicBySlug = new Map<string, number>();
  input.topics.forEach((t, i) => {
    topicById.set(t.id, i);
    topicBySlug.set(t.slug, i);
    for (const k of [t.name, ...(t.aliases ?? []), ...(aliases.topics[t.slug] ?? [])]) {
      const p = info(k);
      if (p && !p.topics.includes(i)) p.topics.push(i);
    }
  });

  const surnames = new Map<string, number[]>();
  const playerTeams = new Map<number, number>();
  const players = (input.players ?? []).map((p, i) => {
    const entry = info(p.name);
    if (entry && !entry.players.includes(i)) entry.players.push(i);
    const last = lastName(p.name);
    if (last) surnames.set(last, [...(surnames.get(last) ?? []), i]);
    const team = p.teamId === null ? undefined : teamById.get(p.teamId);
    if (team !== undefined) playerTeams.set(i, team);
    return { ...p, sport: sportOf(p.sportSlug, `player ${p.slug}`) };
  });

  for (const word of aliases.commonWords) {
    const p = phrases.get(normalizePhrase(word));
    if (p) p.common = true;
  }
  for (const phrase of aliases.blocked) {
    const p = info(phrase);
    if (p) p.blocked = true;
  }

  const prefixes = new Set<string>();
  for (const key of phrases.keys()) {
    let at = key.indexOf(' ');
    while (at !== -1) {
      prefixes.add(key.slice(0, at));
      at = key.indexOf(' ', at + 1);
    }
    prefixes.add(key);
  }

  return {
    phrases,
    prefixes,
    sports: input.sports,
    teams,
    players,
    topics: input.topics,
    teamById,
    teamBySlug,
    sportBySlug,
    sportById,
    topicById,
    topicBySlug,
    collegeSports: new Set([...COLLEGE_SPORTS].flatMap((slug) => sportBySlug.get(slug) ?? [])),
    surnames,
    playerTeams,
  };
}

/** Generational suffixes that are not the name a headline uses ("Ken Griffey Jr." is "Griffey"). */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

/** The normalised last name of a full name, or undefined when the name is one word. */
function lastName(name: string): string | undefined {
  const words = tokenize(name).map((t) => t.norm);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!)) words.pop();
  // Short names ("Ho", "Li") are too often other words or initials to stand alone.
  return words.length > 1 && words[words.length - 1]!.length >= 3 ? words[words.length - 1] : undefined;
}
