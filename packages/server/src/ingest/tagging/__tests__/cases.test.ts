// Runs the hand-written headline table: every case must tag exactly as labelled, and each known miss must
// still miss exactly as documented (so a fix or a regression both show up here).
import { describe, expect, it } from 'vitest';
import { evaluateTagging, synthesizeArticles, tagCase } from '../evaluate.js';
import { TAGGING_CASES } from './cases.js';
import { loadReferenceTagIndex } from './reference-index.js';

const index = loadReferenceTagIndex();
const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();
/** The kinds the hand-written table labels (its players are the rules' few, checked in rules.test.ts). */
const tagsOf = (c: (typeof TAGGING_CASES)[number]) => {
  const { teams, sports, topics } = tagCase(index, c);
  return { teams, sports, topics };
};

describe('headline table', () => {
  it('has at least 60 cases covering all nine sports, topics and negatives, with at most 5 known misses', () => {
    expect(TAGGING_CASES.length).toBeGreaterThanOrEqual(60);
    const sports = new Set(TAGGING_CASES.flatMap((c) => c.sports));
    expect([...sports].sort()).toEqual([
      'cf',
      'mcb',
      'mlb',
      'mls',
      'nba',
      'nfl',
      'nhl',
      'premier-league',
      'wnba',
    ]);
    expect(TAGGING_CASES.filter((c) => (c.topics ?? []).length > 0).length).toBeGreaterThanOrEqual(5);
    expect(
      TAGGING_CASES.filter((c) => c.teams.length === 0 && (c.topics ?? []).length === 0).length,
    ).toBeGreaterThanOrEqual(5);
    expect(TAGGING_CASES.filter((c) => c.knownMiss).length).toBeLessThanOrEqual(5);
  });

  it('labels only slugs that exist in the reference data', () => {
    for (const c of TAGGING_CASES) {
      for (const slug of [...c.teams, ...(c.sourceTeams ?? []), ...(c.knownMiss?.teams ?? [])]) {
        expect(index.teamBySlug.has(slug), `${c.title}: team ${slug}`).toBe(true);
      }
      for (const slug of [...c.sports, ...(c.knownMiss?.sports ?? [])]) {
        expect(index.sportBySlug.has(slug), `${c.title}: sport ${slug}`).toBe(true);
      }
      for (const slug of c.topics ?? []) {
        expect(
          index.topics.some((t) => t.slug === slug),
          `${c.title}: topic ${slug}`,
        ).toBe(true);
      }
    }
  });

  for (const c of TAGGING_CASES) {
    const miss = c.knownMiss;
    if (miss) {
      it(`known miss: ${c.title}`, () => {
        const actual = tagsOf(c);
        expect(actual).toEqual({
          teams: sorted(miss.teams),
          sports: sorted(miss.sports),
          topics: sorted(miss.topics),
        });
        expect(actual).not.toEqual({
          teams: sorted(c.teams),
          sports: sorted(c.sports),
          topics: sorted(c.topics),
        });
      });
    } else {
      it(c.title, () => {
        expect(tagsOf(c)).toEqual({
          teams: sorted(c.teams),
          sports: sorted(c.sports),
          topics: sorted(c.topics),
        });
      });
    }
  }
});

describe('evaluateTagging', () => {
  it('scores the table: the known misses are its only failures', () => {
    const evaluation = evaluateTagging(index, TAGGING_CASES);
    expect(evaluation.outcomes).toHaveLength(TAGGING_CASES.length);
    expect(evaluation.failures.map((f) => f.case.title).sort()).toEqual(
      TAGGING_CASES.filter((c) => c.knownMiss)
        .map((c) => c.title)
        .sort(),
    );
    expect(evaluation.teams.precision).toBeGreaterThanOrEqual(0.95);
    expect(evaluation.teams.recall).toBeGreaterThanOrEqual(0.95);
    expect(evaluation.sports.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('counts misses and extras per kind', () => {
    const evaluation = evaluateTagging(index, [
      { title: 'Bills beat Dolphins', teams: ['buffalo-bills', 'new-york-jets'], sports: ['nfl'] },
    ]);
    expect(evaluation.teams).toMatchObject({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
      precision: 0.5,
      recall: 0.5,
    });
    expect(evaluation.failures[0]).toMatchObject({
      missing: ['team:new-york-jets'],
      extra: ['team:miami-dolphins'],
    });
    expect(evaluation.sports).toMatchObject({ precision: 1, recall: 1 });
  });
});

describe('synthesizeArticles', () => {
  it('recombines the table deterministically into the requested number of articles', () => {
    const a = synthesizeArticles(TAGGING_CASES, 50);
    expect(a).toHaveLength(50);
    expect(synthesizeArticles(TAGGING_CASES, 50)).toEqual(a);
    expect(a.every((x) => x.title.length > 0)).toBe(true);
  });
});
