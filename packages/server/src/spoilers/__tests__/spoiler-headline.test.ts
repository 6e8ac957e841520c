// The spoiler classifier (issue 49): every rule with lines it must blur and lines it must leave readable,
// then the hand-labelled set of 488 real headlines with the measured figures held as floors, and the held-out
// set of other real headlines the rules were not written against.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { givesResultAway, type SpoilerRule } from '../spoiler-headline.js';
import { evaluateSpoilers, loadHeldOutSpoilerSet, loadSpoilerSet, SPOILER_TARGETS } from './spoiler-set.js';

const RULES: Record<SpoilerRule, { spoilers: string[]; safe: string[] }> = {
  score: {
    spoilers: [
      'Chiefs hold on 24-17 in Denver',
      'Arsenal beaten 3–1 at home',
      'W 24-17: what we learned',
      'Davenport beats Zvonareva 6-3, 6-2',
      'Sun snap 5-game skid with an 85-83 win over the Fever',
    ],
    safe: [
      'The 8-5 Chiefs trail the Ravens for the No. 1 seed',
      'Patriots after back-to-back 4-13 seasons',
      'Aliyah Boston shoots a perfect 7-for-7 through 3 quarters',
      "Timothee Chalamet is amped after Knicks' 7-0 run",
      'Knicks (51-31, third in the Eastern Conference) vs. Pacers (50-32, fourth)',
      'Broncos switch to a 3-4 defense',
      'Purdy, 49ers agree to 5-year, $265M deal',
      'Lakers sign 6-5 guard',
    ],
  },
  'box-score': {
    spoilers: [
      'Braves 6, Padres 5',
      'No. 5 North Carolina 63, No. 24 Villanova 56',
      'MLB: Houston 8, Pittsburgh 6',
    ],
    safe: ['Cardinals visit Sept. 24, 2004', 'Chiefs, Royals plans'],
  },
  'result-verb': {
    spoilers: [
      'Liberty beat Mystics',
      'Lakers beats Celtics',
      'Thunder tops Nuggets in Denver',
      'No. 9 Ohio State Edges Marshall on Last-Second FG',
      'Dodgers rout Padres',
      'Jets fall to Bills',
      'Bruins lose to Leafs in overtime',
      'Falcons rally past Packers',
      'Fresno State stuns No. 13 Kansas State',
      'Mets win over Braves',
      'Yankees won again',
      'Reds Tame Cubs',
      'Cabrera Leads Red Sox Past Orioles',
      'Kansas, Oklahoma State cruise to easy victories',
      'Walk-off homer lifts Cubs',
      'Cole throws a shutout in Seattle',
    ],
    safe: [
      'Can the Jets beat the Bills?',
      'How the Saints could beat the Eagles',
      'Bills favored to beat every AFC East rival',
      'Why OKC will have to be their best to beat the Pacers',
      "Brock Purdy's new contract comes with expectation to win",
      'Josh Hart tops reactions to Knicks firing Tom Thibodeau',
      'The best Tyrese Haliburton dishes of the playoffs',
      "Bill Belichick explains why he bribed staffers to bat down Brady's passes",
      'Crowton Steps Down As BYU Football Coach',
      'Who won Bryce Huff trade?',
      "Why Stephen A. is upset by Brian Schottenheimer's Cowboys Super Bowl comments",
      'Ferguson claims that Chelsea are now the team to beat',
    ],
  },
  'result-noun': {
    spoilers: [
      "A'ja Wilson throws down 35 points in Aces' win",
      'Thibodeau on where the Knicks fell short in Game 6 defeat',
      'Colson exits Fever loss to Sun',
    ],
    safe: ['Vikings GM signs extension', 'Ravens add kicker to battle for job'],
  },
  series: {
    spoilers: [
      'Knicks force Game 6 vs. Pacers',
      'Rangers take Game 3',
      'Brunson keeps Knicks alive in ECF',
      "Why Stephen A. hated Anthony Edwards' comments after Wolves' elimination",
      'Pacers pummel Knicks to advance to NBA Finals',
      'Red Sox clinch playoff spot',
      'Dodgers sweep Padres',
      'Oilers lead series 3-1',
    ],
    safe: ['Indiana looks to clinch conference finals in game 6', 'Celtics face elimination game at home'],
  },
  streak: {
    spoilers: [
      'Johnson Helps D-Backs End Nine-Game Slide',
      'Giants win 6th straight',
      '9 in a row! Red Sox sweep Angels',
      'Fever take on the Mystics on 3-game slide',
    ],
    safe: [
      'What are the longest winning streaks in NBA history?',
      'Chiefs aim for 10th consecutive season atop the AFC West',
    ],
  },
  'record-change': {
    spoilers: ['Napheesa Collier drops 24 as Lynx improve to 7-0', 'Lynx unsatisfied with 7-0 start'],
    safe: ['Mystics (3-4) at Fever (2-4)', 'The Trojans are 2-2'],
  },
  draw: {
    spoilers: [
      'Newcastle held to draw by Charlton',
      'Man U. and Everton play to scoreless draw',
      'Arsenal only manage draw',
    ],
    safe: ['Patriots undrafted rookie draws Kupp comparison', 'Premier League fixtures draw released'],
  },
  title: {
    spoilers: [
      'Canada, Finland set for WCH final',
      'Dominant Phillips takes long jump gold',
      'Canada reclaims World Cup',
    ],
    safe: [
      'Snake at PGA Championship reminiscent of other moments of wildlife',
      'Eagles face a tough schedule',
    ],
  },
  'final-round': {
    spoilers: [
      'NBA Finals betting: Thunder heavily favored over Pacers',
      'Oilers-Panthers Stanley Cup showdown joins list of rematches',
    ],
    safe: [
      'Updated odds to win the NBA championship and Finals MVP',
      'Pacers try to wrap up Eastern Conference finals at home',
      "Stephen A. reacts to Schottenheimer's Super Bowl comments",
    ],
  },
};

describe('givesResultAway: each rule', () => {
  for (const [rule, { spoilers, safe }] of Object.entries(RULES)) {
    it(`${rule}: blurs a line that gives the result away`, () => {
      for (const line of spoilers) expect(givesResultAway(line), line).toMatchObject({ spoiler: true });
      // The rule named is the one the case stands for (the first that fires; several can apply).
      expect(givesResultAway(spoilers[0] as string).rule).toBe(rule);
    });
    it(`${rule}: leaves a preview, a question or a non-result readable`, () => {
      for (const line of safe)
        expect(givesResultAway(line), line).toMatchObject({ spoiler: false, rule: null });
    });
  }

  it('names the summary when only the summary gives the result away', () => {
    expect(
      givesResultAway(
        'Michael Wilbon: Knicks showed real fight last night',
        "Michael Wilbon discusses New York's gritty Game 5 win and the resilience the Knicks will need.",
      ),
    ).toEqual({ spoiler: true, rule: 'result-noun', match: 'Game 5 win', field: 'summary' });
    expect(givesResultAway('Michael Wilbon: Knicks showed real fight last night')).toEqual({
      spoiler: false,
      rule: null,
      match: null,
      field: null,
    });
  });

  it('treats an earlier season told as background as no spoiler', () => {
    expect(
      givesResultAway('LSU, Oklahoma play openers', 'LSU beat Oklahoma in the title game last January.')
        .spoiler,
    ).toBe(false);
  });
});

describe('the hand-labelled set of real headlines', () => {
  const cases = loadSpoilerSet();

  it('holds at least 300 real headlines, each citing its source, with both kinds of line', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(new Set(cases.map((c) => c.title)).size).toBe(cases.length);
    expect(cases.filter((c) => c.withSummary).length).toBeGreaterThan(100);
    expect(cases.filter((c) => !c.withSummary).length).toBeGreaterThan(100);
    // A headline that gives the result away still does with its summary.
    for (const c of cases) if (c.headline) expect(c.withSummary, c.title).toBe(true);
  });

  // Floors: the figures measured by `npm run bench:tagging` when the rules were written (docs/benchmarks.md,
  // "Spoiler headlines (issue 49)"), at or above the targets. A change that lowers them fails here.
  it('meets the targets on headlines alone (recall 95.7%, precision 97.8% measured)', () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.recall, 0.956));
    expect(s.precision).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.precision, 0.977));
  });

  it('meets the targets on headlines with their summaries (recall 96.3%, precision 99.4% measured)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.recall, 0.962));
    expect(s.precision).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.precision, 0.993));
  });
});

describe('the held-out set (headlines the rules were not written against)', () => {
  const inSample = loadSpoilerSet();
  const cases = loadHeldOutSpoilerSet(undefined, inSample);

  it('holds at least 200 other real headlines with both kinds of line, a third of them spoilers', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.filter((c) => c.withSummary).length / cases.length).toBeGreaterThanOrEqual(0.3);
    expect(cases.filter((c) => !c.withSummary).length).toBeGreaterThan(100);
    for (const c of cases) if (c.headline) expect(c.withSummary, c.title).toBe(true);
  });

  // Floors, not targets: the figures of the first run on this set (2026-12-03, docs/benchmarks.md), which
  // miss the targets. The rules were not changed after it, so a change that lowers them fails here;
  // a rule written from these misses would raise them but make this set in-sample (see README.md).
  it('keeps the held-out figures of the first run (headline alone: recall 38.9%, precision 75.0%)', () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(0.388);
    expect(s.precision).toBeGreaterThanOrEqual(0.75);
  });

  it('keeps the held-out figures of the first run (with summaries: recall 51.2%, precision 87.8%)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(0.511);
    expect(s.precision).toBeGreaterThanOrEqual(0.877);
  });

  it('refuses a headline of the in-sample set or a source it does not cite', () => {
    const dir = mkdtempSync(join(tmpdir(), 'held-out-'));
    const write = (headline: object) => {
      const file = join(dir, 'set.json');
      writeFileSync(file, JSON.stringify({ sources: [{ id: 'feed' }], headlines: [headline] }));
      return file;
    };
    const label = { source: 'feed', headline: false, withSummary: false };
    expect(() => loadHeldOutSpoilerSet(write({ ...label, title: inSample[0]!.title }), inSample)).toThrow(
      /in-sample/,
    );
    expect(() =>
      loadHeldOutSpoilerSet(write({ ...label, source: 'other', title: 'A new line' }), inSample),
    ).toThrow(/unknown source/);
    expect(loadHeldOutSpoilerSet(write({ ...label, title: 'A new line' }), inSample)).toHaveLength(1);
  });
});
