/**
 * Reads the reference data files of `data/reference` (sports, teams per sport, topics, legacy slugs)
 * and checks their shape, so a broken data file fails the seed with a clear message.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A sport of `sports.json`. */
export interface SportData {
  /** Stable id. */
  id: number;
  /** URL slug, e.g. `nfl`. */
  slug: string;
  /** Display name. */
  name: string;
  /** Short name for the navigation (NCAAB, Premier). */
  navName?: string;
  /** True for college sports (grouped by conference). */
  isCollege: boolean;
  /** X/Twitter handle without `@`, or null. */
  twitterAccount: string | null;
  /** Brand colour `#rrggbb` (sport logo). */
  color?: string;
}

/** A division or conference of a teams file. */
export interface GroupData {
  /** Stable id (division 56 and 50 have meanings in the navigation). */
  id: number;
  /** Name, possibly empty. */
  name: string;
  /** Pro leagues have divisions, college sports conferences. */
  kind: 'division' | 'conference';
}

/** A team of a teams file. */
export interface TeamData {
  /** Globally unique URL slug. */
  slug: string;
  /** Nickname (Packers). */
  name: string;
  /** Full name (Green Bay Packers). */
  fullName: string;
  /** Abbreviation (GB). */
  shortName: string;
  /** City or school. */
  location: string;
  /** Id of its division or conference. */
  group: number;
  /** Primary and secondary colour. */
  colors: [string, string] | string[];
  /** X/Twitter handle, or null. */
  twitterAccount?: string | null;
}

/** One `teams/<sport>.json` file. */
export interface TeamsFile {
  /** Sport slug. */
  sport: string;
  /** Divisions or conferences. */
  groups: GroupData[];
  /** Teams, in file order. */
  teams: TeamData[];
}

/** A topic of `topics.json`. */
export interface TopicData {
  /** Stable id. */
  id: number;
  /** URL slug. */
  slug: string;
  /** Display name. */
  name: string;
  /** Icon colour `#rrggbb`. */
  iconColor: string;
}

/** A legacy team slug of `legacy-slugs.json`; `to` may itself be renamed (chains). */
export interface LegacySlugData {
  /** The old slug. */
  from: string;
  /** The slug it became. */
  to: string;
  /** Sport slug. */
  sport: string;
}

/** Everything the seed reads. */
export interface ReferenceData {
  /** Sports in file order (the navigation order). */
  sports: SportData[];
  /** Teams files, in the order of `sports`. */
  teams: TeamsFile[];
  /** Topics in file order. */
  topics: TopicData[];
  /** Legacy slugs. */
  legacySlugs: LegacySlugData[];
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`Cannot read reference data ${file}: ${(error as Error).message}`);
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Invalid reference data: ${message}`);
}

/**
 * Reads and checks the reference data folder (`sports.json`, `teams/<sport>.json`, `topics.json`,
 * `legacy-slugs.json`; the last two may be missing).
 *
 * @example
 * ```ts
 * const data = readReferenceData(referenceDataDir());
 * ```
 */
export function readReferenceData(dir: string): ReferenceData {
  const sports = readJson<SportData[]>(join(dir, 'sports.json'));
  check(Array.isArray(sports), 'sports.json must be an array');
  const teams: TeamsFile[] = [];
  const seen = new Set<string>();
  for (const sport of sports) {
    check(Number.isInteger(sport.id) && typeof sport.slug === 'string', `sport ${JSON.stringify(sport)}`);
    const file = join(dir, 'teams', `${sport.slug}.json`);
    if (!existsSync(file)) continue;
    const data = readJson<TeamsFile>(file);
    check(data.sport === sport.slug, `${file}: sport must be "${sport.slug}"`);
    const groupIds = new Set(data.groups.map((g) => g.id));
    for (const team of data.teams) {
      check(typeof team.slug === 'string' && team.slug !== '', `${file}: a team has no slug`);
      check(!seen.has(team.slug), `team slug "${team.slug}" appears twice`);
      check(groupIds.has(team.group), `${file}: team "${team.slug}" names unknown group ${team.group}`);
      seen.add(team.slug);
    }
    teams.push(data);
  }
  const known = new Set(sports.map((s) => s.slug));
  const extra = existsSync(join(dir, 'teams'))
    ? readdirSync(join(dir, 'teams')).filter(
        (f) => f.endsWith('.json') && !known.has(f.replace(/\.json$/, '')),
      )
    : [];
  check(extra.length === 0, `teams files without a sport in sports.json: ${extra.join(', ')}`);
  const topicsFile = join(dir, 'topics.json');
  const legacyFile = join(dir, 'legacy-slugs.json');
  return {
    sports,
    teams,
    topics: existsSync(topicsFile) ? readJson<TopicData[]>(topicsFile) : [],
    legacySlugs: existsSync(legacyFile) ? readJson<LegacySlugData[]>(legacyFile) : [],
  };
}

/**
 * Follows rename chains (a→b, b→c gives a→c) so each legacy slug points at a slug that exists;
 * renames that end nowhere or loop are dropped.
 *
 * @example
 * ```ts
 * resolveRenames([{ from: 'a', to: 'b', sport: 'nfl' }, { from: 'b', to: 'c', sport: 'nfl' }], new Set(['c']));
 * // Map { 'a' => 'c', 'b' => 'c' }
 * ```
 */
export function resolveRenames(renames: LegacySlugData[], existing: Set<string>): Map<string, string> {
  const next = new Map(renames.map((r) => [r.from, r.to]));
  const resolved = new Map<string, string>();
  for (const { from } of renames) {
    if (existing.has(from)) continue; // a live slug is never redirected
    let slug = from;
    const visited = new Set<string>([slug]);
    while (!existing.has(slug)) {
      const to = next.get(slug);
      if (to === undefined || visited.has(to)) break;
      visited.add(to);
      slug = to;
    }
    if (existing.has(slug)) resolved.set(from, slug);
  }
  return resolved;
}
