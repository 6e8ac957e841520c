// Turns the parsed reference JSON of packages/server/data/reference (sports.json, teams/<sport>.json,
// topics.json) into the tagger's input. Pure: the caller reads the files. Team ids are their slugs here
// because the reference files carry none; the ingest pipeline passes database rows with numeric ids instead.
import type { BuildTagIndexInput } from './build-index.js';

/** A sport of sports.json. */
export interface ReferenceSport {
  /** Numeric id. */
  id: number;
  /** Slug. */
  slug: string;
  /** Display name. */
  name: string;
}

/** A team of teams/<sport>.json. */
export interface ReferenceTeam {
  /** Slug. */
  slug: string;
  /** Nickname ("Bills"). */
  name: string;
  /** Full name ("Buffalo Bills"). */
  fullName: string;
  /** Abbreviation. */
  shortName: string;
  /** City, state or school. */
  location: string;
}

/** One teams/<sport>.json file. */
export interface ReferenceTeamFile {
  /** The sport slug. */
  sport: string;
  /** Its teams. */
  teams: readonly ReferenceTeam[];
}

/** A topic of topics.json. */
export interface ReferenceTopic {
  /** Numeric id. */
  id: number;
  /** Slug. */
  slug: string;
  /** Display name. */
  name: string;
}

/**
 * Builds the input of `buildTagIndex` from the reference files' contents (team ids = slugs).
 *
 * @example
 * const index = buildTagIndex(tagInputFromReference({ sports, teamFiles, topics }));
 */
export function tagInputFromReference(data: {
  sports: readonly ReferenceSport[];
  teamFiles: readonly ReferenceTeamFile[];
  topics: readonly ReferenceTopic[];
}): BuildTagIndexInput {
  return {
    sports: data.sports.map((s) => ({ id: s.id, slug: s.slug, name: s.name })),
    teams: data.teamFiles.flatMap((file) =>
      file.teams.map((t) => ({
        id: t.slug,
        slug: t.slug,
        sportSlug: file.sport,
        name: t.name,
        fullName: t.fullName,
        location: t.location,
        shortName: t.shortName,
      })),
    ),
    topics: data.topics.map((t) => ({ id: t.id, slug: t.slug, name: t.name })),
  };
}
