/**
 * The nicknames and abbreviations the name searches understand (issue "Search": "KC", "NYY", "LA",
 * "Bama", "Niners", "Habs"...), taken from the tagger's curated alias table so that one list serves
 * both: a headline that says "Niners" is filed under the 49ers, and a fan who types it finds them.
 * Team abbreviations (NYY, KC) come from the reference data's short names, matched in SQL.
 * @module
 */
import { type AliasTable, DEFAULT_ALIASES } from '../ingest/tagging/aliases.js';
import { normalizePhrase } from '../ingest/tagging/normalize.js';

/** The shortest query matched against the beginning of an alias ("nine" finds the Niners). */
export const ALIAS_PREFIX_MIN_LENGTH = 3;

/** What a query means through the aliases. */
export interface AliasMatches {
  /** Slugs of teams one of whose aliases is the query. */
  exactTeams: string[];
  /** Slugs of teams one of whose aliases starts with the query. */
  prefixTeams: string[];
  /** Slugs of topics one of whose aliases is the query or starts with it. */
  topics: string[];
  /** The query with a leading place abbreviation spelled out ("la lakers" -> "los angeles lakers"). */
  variants: string[];
}

interface AliasIndex {
  teams: Map<string, string[]>;
  topics: Map<string, string[]>;
  locations: Map<string, string>;
}

function indexOf(table: Record<string, readonly string[]>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [slug, phrases] of Object.entries(table)) {
    for (const phrase of phrases) {
      const key = normalizePhrase(phrase);
      if (key === '') continue;
      const slugs = index.get(key) ?? [];
      if (!slugs.includes(slug)) slugs.push(slug);
      index.set(key, slugs);
    }
  }
  return index;
}

function buildIndex(aliases: AliasTable): AliasIndex {
  const locations = new Map<string, string>();
  for (const [place, spellings] of Object.entries(aliases.locations)) {
    for (const spelling of spellings) locations.set(normalizePhrase(spelling), normalizePhrase(place));
  }
  return { teams: indexOf(aliases.teams), topics: indexOf(aliases.topics), locations };
}

let defaultIndex: AliasIndex | undefined;

function collect(index: Map<string, string[]>, key: string, prefix: boolean): string[] {
  const out = new Set<string>();
  for (const [alias, slugs] of index) {
    if (alias === key || (prefix && key.length >= ALIAS_PREFIX_MIN_LENGTH && alias.startsWith(key))) {
      for (const slug of slugs) out.add(slug);
    }
  }
  return [...out];
}

/**
 * What `key` (a query in the form of `ss_search_key`) names through the aliases.
 *
 * @example
 * ```ts
 * aliasMatches('niners').exactTeams; // ['san-francisco-49ers']
 * aliasMatches('la kings').variants; // ['la kings', 'los angeles kings']
 * ```
 */
export function aliasMatches(key: string, aliases: AliasTable = DEFAULT_ALIASES): AliasMatches {
  defaultIndex ??= buildIndex(DEFAULT_ALIASES);
  const index = aliases === DEFAULT_ALIASES ? defaultIndex : buildIndex(aliases);
  const exactTeams = collect(index.teams, key, false);
  const prefixTeams = collect(index.teams, key, true).filter((slug) => !exactTeams.includes(slug));
  const variants = [key];
  for (const [short, place] of index.locations) {
    if (key === short || key.startsWith(`${short} `)) variants.push(place + key.slice(short.length));
  }
  return { exactTeams, prefixTeams, topics: collect(index.topics, key, true), variants };
}
