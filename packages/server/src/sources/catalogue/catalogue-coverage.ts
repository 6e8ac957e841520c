/**
 * What the catalogue covers, against the targets (issue 44, "Coverage"): news sources of each team of
 * the four major North American leagues, league-wide news sources of every sport, podcasts, video channels and
 * social accounts. The README and `docs/benchmarks.md` quote it; `scripts/catalogue-coverage.ts` prints it.
 * @module
 */
import type { ReferenceData } from '../../seed/reference-data.js';
import type { CatalogueEntry } from './load-catalogue.js';

/** The leagues whose every team needs news sources of its own. */
export const MAJOR_LEAGUES = ['nfl', 'nba', 'mlb', 'nhl'] as const;
/** News sources of its own each team of {@link MAJOR_LEAGUES} needs. */
export const TEAM_NEWS_TARGET = 3;
/** League-wide news sources each sport needs. */
export const LEAGUE_NEWS_TARGET = 5;
/** Podcasts the catalogue needs. */
export const PODCAST_TARGET = 150;

/** One sport's line of the coverage table. */
export interface SportCoverage {
  /** Sport slug. */
  sport: string;
  /** Teams of the sport. */
  teams: number;
  /** Fewest news sources of one team. */
  minTeamNews: number;
  /** Median news sources per team. */
  medianTeamNews: number;
  /** Teams with fewer than {@link TEAM_NEWS_TARGET}. */
  teamsBelowTarget: string[];
  /** League-wide news sources (no team). */
  leagueNews: number;
  /** Video feeds (league and teams). */
  video: number;
  /** Teams with a video feed of their own. */
  teamsWithVideo: number;
  /** Podcasts filed under the sport. */
  podcasts: number;
  /** Social feeds filed under the sport. */
  social: number;
}

/** The whole coverage: per sport, and totals by kind. */
export interface CatalogueCoverage {
  /** Per sport, in the reference order. */
  sports: SportCoverage[];
  /** Entries by kind. */
  kinds: Record<CatalogueEntry['kind'], number>;
  /** All entries. */
  total: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Counts what the catalogue covers.
 * @example
 * const coverage = catalogueCoverage(loadCatalogue(), readReferenceData(referenceDataDir()));
 */
export function catalogueCoverage(
  entries: readonly CatalogueEntry[],
  reference: Pick<ReferenceData, 'sports' | 'teams'>,
): CatalogueCoverage {
  const kinds = { news: 0, video: 0, podcast: 0, social: 0 };
  for (const e of entries) kinds[e.kind]++;
  const sports = reference.sports.map((sport): SportCoverage => {
    const file = reference.teams.find((t) => t.sport === sport.slug);
    const teamSlugs = (file?.teams ?? []).map((t) => t.slug);
    const mine = entries.filter(
      (e) => e.sport === sport.slug || (e.teams ?? []).some((t) => teamSlugs.includes(t)),
    );
    const newsOf = (slug: string) =>
      mine.filter((e) => e.kind === 'news' && (e.teams ?? []).includes(slug)).length;
    const perTeam = teamSlugs.map((slug) => [slug, newsOf(slug)] as const);
    return {
      sport: sport.slug,
      teams: teamSlugs.length,
      minTeamNews: perTeam.length ? Math.min(...perTeam.map(([, n]) => n)) : 0,
      medianTeamNews: median(perTeam.map(([, n]) => n)),
      teamsBelowTarget: perTeam.filter(([, n]) => n < TEAM_NEWS_TARGET).map(([slug]) => slug),
      leagueNews: mine.filter((e) => e.kind === 'news' && (e.teams ?? []).length === 0).length,
      video: mine.filter((e) => e.kind === 'video').length,
      teamsWithVideo: teamSlugs.filter((slug) =>
        mine.some((e) => e.kind === 'video' && (e.teams ?? []).includes(slug)),
      ).length,
      podcasts: mine.filter((e) => e.kind === 'podcast').length,
      social: mine.filter((e) => e.kind === 'social').length,
    };
  });
  return { sports, kinds, total: entries.length };
}

/**
 * The coverage as a Markdown table, for the README and the benchmarks page.
 * @example
 * console.log(coverageTable(coverage));
 */
export function coverageTable(coverage: CatalogueCoverage): string {
  const lines = [
    '| sport | teams | news per team (min / median) | teams below 3 | league-wide news | video (teams with one) | podcasts | social |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...coverage.sports.map(
      (s) =>
        `| ${s.sport} | ${s.teams} | ${s.minTeamNews} / ${s.medianTeamNews} | ${s.teamsBelowTarget.length} | ${s.leagueNews} | ${s.video} (${s.teamsWithVideo}) | ${s.podcasts} | ${s.social} |`,
    ),
    `| **all** | | | | ${coverage.kinds.news} news | ${coverage.kinds.video} | ${coverage.kinds.podcast} | ${coverage.kinds.social} |`,
  ];
  return `${lines.join('\n')}\n\n${coverage.total} feeds in all.`;
}
