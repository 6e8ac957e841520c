// Test and benchmark helper: reads the reference data of packages/server/data/reference from disk and
// builds the tagging index from it (the module itself does no I/O).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildTagIndex, type TagIndex } from '../build-index.js';
import {
  type ReferenceSport,
  type ReferenceTeamFile,
  type ReferenceTopic,
  tagInputFromReference,
} from '../reference-input.js';
import type { TagPlayer } from '../types.js';

/** The reference data folder of the server package. */
export const REFERENCE_DIR = fileURLToPath(new URL('../../../../data/reference/', import.meta.url));

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/**
 * Players the table's cases name (the reference data has none: rosters come with the demo or the
 * feeds). Two share their names with athletes of other sports in the table's cases.
 */
export const TEST_PLAYERS = [
  {
    id: 'cyrus-kincaid',
    slug: 'cyrus-kincaid',
    name: 'Cyrus Kincaid',
    teamId: 'miami-dolphins',
    sportSlug: 'nfl',
  },
  {
    id: 'cyrus-ingram',
    slug: 'cyrus-ingram',
    name: 'Cyrus Ingram',
    teamId: 'los-angeles-rams',
    sportSlug: 'nfl',
  },
  {
    id: 'patrick-mahomes',
    slug: 'patrick-mahomes',
    name: 'Patrick Mahomes',
    teamId: 'kansas-city-chiefs',
    sportSlug: 'nfl',
  },
] as const;

/** Builds the tagging index from the reference files and `players` ({@link TEST_PLAYERS} by default; team ids are slugs). */
export function loadReferenceTagIndex(
  dir: string = REFERENCE_DIR,
  players: readonly TagPlayer[] = TEST_PLAYERS,
): TagIndex {
  const teamFiles = readdirSync(`${dir}teams`)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => readJson<ReferenceTeamFile>(`${dir}teams/${f}`));
  return buildTagIndex({
    ...tagInputFromReference({
      sports: readJson<ReferenceSport[]>(`${dir}sports.json`),
      teamFiles,
      topics: readJson<ReferenceTopic[]>(`${dir}topics.json`),
    }),
    players,
  });
}
