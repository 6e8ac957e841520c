/**
 * Pairs a provider's teams with ours, league by league (issue 45): first the exceptions in
 * `data/sports-data/team-exceptions.json`, then the provider's slug equal to ours, then the full name
 * ("Green Bay Packers"), then location and name together. A team that none of these pairs is left
 * unpaired and reported, never guessed: a wrong pair would file real games and players under the wrong
 * club.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { sportsDataDir } from '../paths.js';
import type { ProviderTeam } from './sports-data-provider.js';

/** One of our teams, as matching needs it. */
export interface OurTeam {
  id: number;
  slug: string;
  fullName: string;
  location: string;
  name: string;
}

/** A pair made by hand. */
export interface TeamException {
  provider: string;
  league: string;
  externalId: string;
  team: string;
}

const ExceptionsFile = Type.Object({
  exceptions: Type.Array(
    Type.Object({
      provider: Type.String({ minLength: 1 }),
      league: Type.String({ minLength: 1 }),
      externalId: Type.String({ minLength: 1 }),
      team: Type.String({ minLength: 1 }),
    }),
  ),
});

/**
 * The exceptions of the data folder (an unreadable file is an error: it ships with the server).
 * @example
 * const exceptions = loadTeamExceptions();
 */
export function loadTeamExceptions(file = join(sportsDataDir(), 'team-exceptions.json')): TeamException[] {
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Value.Check(ExceptionsFile, data))
    throw new Error(`${file}: needs "exceptions": [{ provider, league, externalId, team }]`);
  return data.exceptions;
}

/** How names compare: lower case, no accents or punctuation, "&" as "and". */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The outcome of {@link matchProviderTeams}. */
export interface TeamMatch {
  /** Our team id by the provider's team id. */
  pairs: Map<string, number>;
  /** Provider teams paired with none of ours. */
  unpairedProvider: ProviderTeam[];
  /** Our teams no provider team was paired with. */
  unpairedOurs: OurTeam[];
}

/**
 * Pairs `provider`'s teams of `league` with `ours` (the teams of the same sport).
 * @example
 * const { pairs, unpairedOurs } = matchProviderTeams('espn', 'football/nfl', espnTeams, nflTeams, exceptions);
 */
export function matchProviderTeams(
  provider: string,
  league: string,
  theirs: readonly ProviderTeam[],
  ours: readonly OurTeam[],
  exceptions: readonly TeamException[],
): TeamMatch {
  const pairs = new Map<string, number>();
  const taken = new Set<number>();
  const bySlug = new Map(ours.map((t) => [t.slug, t]));
  const pair = (externalId: string, team: OurTeam | undefined) => {
    if (!team || taken.has(team.id) || pairs.has(externalId)) return false;
    pairs.set(externalId, team.id);
    taken.add(team.id);
    return true;
  };
  for (const e of exceptions) {
    if (e.provider === provider && e.league === league) pair(e.externalId, bySlug.get(e.team));
  }
  // Each rule in turn over every team, so a stronger rule's pair is never taken by a weaker one first.
  const unique = (key: (t: OurTeam) => string) => {
    const map = new Map<string, OurTeam | null>();
    for (const t of ours) {
      const k = key(t);
      if (k) map.set(k, map.has(k) ? null : t);
    }
    return map;
  };
  const rules: [Map<string, OurTeam | null>, (t: ProviderTeam) => string][] = [
    [unique((t) => t.slug), (t) => t.slug ?? ''],
    [unique((t) => nameKey(t.fullName)), (t) => nameKey(t.displayName)],
    [
      unique((t) => nameKey(`${t.location} ${t.name}`)),
      (t) => (t.location && t.name ? nameKey(`${t.location} ${t.name}`) : ''),
    ],
  ];
  for (const [index, keyOf] of rules) {
    for (const team of theirs) {
      if (pairs.has(team.externalId)) continue;
      const key = keyOf(team);
      if (key) pair(team.externalId, index.get(key) ?? undefined);
    }
  }
  return {
    pairs,
    unpairedProvider: theirs.filter((t) => !pairs.has(t.externalId)),
    unpairedOurs: ours.filter((t) => !taken.has(t.id)),
  };
}
