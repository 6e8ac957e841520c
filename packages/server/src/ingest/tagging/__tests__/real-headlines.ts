// Test and benchmark helper: the real headlines of real-headlines/*.json (copied from public feed snapshots,
// labelled by hand with teams and players; see real-headlines/README.md) as tagging cases, and the tagging
// index built from the reference teams and the set's real players, as real rosters build it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TagIndex } from '../build-index.js';
import type { TaggingCase } from '../evaluate.js';
import type { TagPlayer } from '../types.js';
import { loadReferenceTagIndex, REFERENCE_DIR } from './reference-index.js';

/** The targets for the set (issue 45). */
export const REAL_HEADLINE_TARGETS = {
  teams: { precision: 0.97, recall: 0.95 },
  players: { precision: 0.95, recall: 0.9 },
} as const;

/** The folder of the set. */
export const REAL_HEADLINES_DIR = fileURLToPath(new URL('./real-headlines/', import.meta.url));

/** Where a headline or a roster was copied from. */
export interface RealSource {
  /** The set's id of the source. */
  id: string;
  /** The public GitHub repository holding the snapshot (`owner/name`). */
  repo: string;
  /** The file in it. */
  path: string;
  /** The commit the file was read at (40 hex digits). */
  commit: string;
  /** The feed or API address the snapshot answers, when the file says it. */
  feed: string | null;
  /** The day the snapshot was taken, when the file says it. */
  captured: string | null;
  /** What the file is. */
  note?: string;
}

/** One real headline, as the feed had it, with its hand labels. */
export interface RealHeadline {
  /** The id of its source. */
  source: string;
  /** The headline, verbatim. */
  title: string;
  /** The feed's description as plain text, cut at a word. */
  summary?: string;
  /** The league of a league's feed. */
  sourceSportSlug?: string;
  /** The team of a team's feed. */
  sourceTeams?: string[];
  /** The teams it is about (reference slugs). */
  teams: string[];
  /** The athletes it is about (slugs of the set's players). */
  players: string[];
}

/** A real player of the set: every labelled one, and the rosters' others as distractors. */
export interface RealPlayer {
  /** Slug. */
  slug: string;
  /** Full name. */
  name: string;
  /**
   * Reference slug of the team the player was on at the time; null when no cited file shows one (a free
   * agent, a retired player, a player whose team no snapshot names): indexed by name, as the product's
   * player table keeps players who left their team.
   */
  team: string | null;
  /** Sport slug. */
  sport: string;
  /** The id of the source that shows it. */
  source: string;
  /** Why the team is null, or another remark. */
  note?: string;
}

/** One file of the set. */
export interface RealHeadlineFile {
  /** Its sources. */
  sources: RealSource[];
  /** Its headlines. */
  headlines: RealHeadline[];
  /** Its players. */
  players: RealPlayer[];
}

/** The whole set: every file's sources, headlines and players (players by slug, once). */
export interface RealHeadlineSet extends RealHeadlineFile {
  /** The files read, by name. */
  files: string[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Reads every file of the set, or only the files named. */
export function loadRealHeadlines(
  dir: string = REAL_HEADLINES_DIR,
  only?: readonly string[],
): RealHeadlineSet {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (!only || only.includes(f)))
    .sort();
  const set: RealHeadlineSet = { files, sources: [], headlines: [], players: [] };
  const seen = new Set<string>();
  for (const f of files) {
    const file = readJson<RealHeadlineFile>(`${dir}${f}`);
    set.sources.push(...file.sources);
    set.headlines.push(...file.headlines);
    for (const p of file.players) {
      if (seen.has(p.slug)) continue;
      seen.add(p.slug);
      set.players.push(p);
    }
  }
  return set;
}

/** The set's headlines as tagging cases (teams and players labelled; sports and topics not scored). */
export function realHeadlineCases(set: RealHeadlineSet): TaggingCase[] {
  return set.headlines.map((h) => ({
    title: h.title,
    summary: h.summary,
    sourceSportSlug: h.sourceSportSlug,
    sourceTeams: h.sourceTeams,
    teams: h.teams,
    players: h.players,
    sports: [],
  }));
}

/**
 * The set cut in two by a fixed rule, so a rule fitted while reading the misses can be checked on
 * headlines it was not fitted to: every other headline in the set's order (files by name, headlines as
 * they stand in each file), the first, third, fifth... for development and the rest held out. Both halves
 * mix the ESPN league feeds and the 2004 general news in the same proportion.
 */
export function splitRealHeadlines<T>(items: readonly T[]): { development: T[]; heldOut: T[] } {
  return {
    development: items.filter((_, i) => i % 2 === 0),
    heldOut: items.filter((_, i) => i % 2 === 1),
  };
}

/** The set's players as the tagger takes them (team ids are slugs, as in the reference index). */
export function realTagPlayers(set: RealHeadlineSet): TagPlayer[] {
  return set.players.map((p) => ({
    id: p.slug,
    slug: p.slug,
    name: p.name,
    teamId: p.team,
    sportSlug: p.sport,
  }));
}

/** The tagging index of the reference teams, sports and topics with the set's real players. */
export function loadRealHeadlineIndex(set: RealHeadlineSet, dir: string = REFERENCE_DIR): TagIndex {
  return loadReferenceTagIndex(dir, realTagPlayers(set));
}
