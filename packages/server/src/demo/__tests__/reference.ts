// The full reference data (sports, teams, topics) as generator input, read from the package's data files.
import { referenceDataDir } from '../../paths.js';
import { readReferenceData } from '../../seed/reference-data.js';
import type { DemoSportInput, DemoTeamInput, DemoTopicInput } from '../types.js';

/** The generator input built from data/reference. */
export function referenceInput(): {
  sports: DemoSportInput[];
  teams: DemoTeamInput[];
  topics: DemoTopicInput[];
} {
  const data = readReferenceData(referenceDataDir());
  return {
    sports: data.sports.map((s) => ({ slug: s.slug, name: s.name, isCollege: Boolean(s.isCollege) })),
    teams: data.teams.flatMap((file) =>
      file.teams.map((t) => ({
        slug: t.slug,
        sportSlug: file.sport,
        name: t.name,
        fullName: t.fullName,
        shortName: t.shortName,
        location: t.location ?? '',
      })),
    ),
    topics: data.topics.map((t) => ({ slug: t.slug, name: t.name })),
  };
}

/** The fixed "now" of the demo tests (a Sunday night in late November, UTC). */
export const NOW = new Date('2026-11-22T02:40:00Z');
