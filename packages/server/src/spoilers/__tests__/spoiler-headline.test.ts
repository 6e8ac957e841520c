// The spoiler classifier (issue 49): every rule with lines it must blur and lines it must leave readable,
// the learned component, then the four hand-labelled sets with the measured figures held as floors: the 488
// real headlines of the tagging set and the first and second held-out sets (development data: the rules were
// widened from the first two, the learned component trained on all three), and the third held-out set,
// labelled before the learned component was written and never used to train or tune it.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { givesResultAway, readsAsForecast, type SpoilerRule } from '../spoiler-headline.js';
import {
  evaluateSpoilers,
  HELD_OUT_2_SET_FILE,
  HELD_OUT_3_SET_FILE,
  loadHeldOutSpoilerSet,
  loadSecondHeldOutSpoilerSet,
  loadSpoilerSet,
  loadThirdHeldOutSpoilerSet,
  SPOILER_TARGETS,
} from './spoiler-set.js';

const RULES: Record<Exclude<SpoilerRule, 'model'>, { spoilers: string[]; safe: string[] }> = {
  score: {
    spoilers: [
      'Chiefs hold on 24-17 in Denver',
      'Arsenal beaten 3–1 at home',
      'W 24-17: what we learned',
      'Davenport beats Zvonareva 6-3, 6-2',
      'Sun snap 5-game skid with an 85-83 win over the Fever',
      // A score at the end of a sentence (a full stop after it is not a decimal point).
      'On the strength of Carlos Beltran and a tireless bullpen, the Astros came back from a three-run deficit on Sunday to defeat the Cardinals, 6-5.',
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
      // A state during the game, not its end.
      'Redskins Trail, 14-10',
      // BBC Sport snapshots of months outside the second held-out set (development text; github:lorenzomarx/
      // lorenzomarx.github.io, newsly/api/bbcSport/bbcsport.json): a lead over a named side during a match.
      'Masters snooker final 2025: Shaun Murphy leads Kyren Wilson 6-2 in Masters final',
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
      // Wider forms (issue 49, second pass): intransitive ends, passives, shortfalls, exits, British verbs.
      'Careening Indians Fall',
      'Mauresmo breezes through',
      'Lady Tigers run past Gophers',
      'Ramsey, Redskins Come Up A Little Short in First Start',
      'Leander Paes bows out of Australian Open',
      'Hamilton Keeps Gold but One Test Confirms Doping',
      "Neil Lennon says Celtic 'threw away' Champions League chance",
      'Wonderkid brilliance saves world champs from shock upset',
      'Italian Wins Marathon... US Finishes Second',
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
      'Jacobson Lifts Ryder Cup Hopes with Sparkling 65',
      'KERR CRUISES INTO LEAD',
      "Showalter edges Twins' Gardenhire in AL",
      'Ebden just one win away from Aussie No.1 status',
      'McLeish upset by Novo punishment',
      // The same BBC Sport development text: qualifying, an injury, an accident.
      'US Grand Prix: Lando Norris beats Max Verstappen to pole in Austin',
      "Burns ruled out of Wales' Euro play-offs",
      'Czech skier Tereza Nova awoken from induced coma four weeks after fall',
    ],
  },
  'result-noun': {
    spoilers: [
      "A'ja Wilson throws down 35 points in Aces' win",
      'Thibodeau on where the Knicks fell short in Game 6 defeat',
      'Colson exits Fever loss to Sun',
      'Tennessee Loses McNair Again in Loss',
      "Roger Federer joked that he'll be more careful what language he swears in after he was warned for an audible obscenity during his thrilling Australian Open quarter-final win on Tuesday.",
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
      'Ferrero advances; Moya stunned in rainy Beijing',
      'Fitful Mauresmo Through to Linz Semifinals',
      'Djokovic sets up Federer showdown with Raonic rout',
      'Federer saves seven match points to reach Australian Open semis',
      'Tied at two games apiece, the Atlanta Braves and Houston Astros square off in a do-or-die, winner-take-all contest on Monday.',
    ],
    safe: [
      'Indiana looks to clinch conference finals in game 6',
      'Celtics face elimination game at home',
      'PSG lead race for second Group H berth',
      'Reggae Boyz Head to World Cup Qualifier (AP)',
    ],
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
    spoilers: [
      'Napheesa Collier drops 24 as Lynx improve to 7-0',
      'Lynx unsatisfied with 7-0 start',
      'Goal-happy Ajax and Feyenoord maintain perfect starts',
    ],
    safe: ['Mystics (3-4) at Fever (2-4)', 'The Trojans are 2-2'],
  },
  draw: {
    spoilers: [
      'Newcastle held to draw by Charlton',
      'Man U. and Everton play to scoreless draw',
      'Arsenal only manage draw',
      "AUSTRALIA has clung on for a valiant draw in the first Test against Pakistan, grinding out a record-breaking day-five fightback in Dubai as Usman Khawaja and Tim Paine restored pride to the national team's battered reputation.",
      // A goal at "secure", a result at "unlikely draw": every match of a rule is tried.
      "Tim Paine couldn't have been prouder of his team's monumental effort in Dubai to secure an unlikely draw in the first Test",
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
  medal: {
    spoilers: [
      'Giddy Phelps Touches Gold for First Time',
      'British sailors bag bronze',
      'Esow Alben bags gold at Six Day Berlin cycling tournament',
      'Athletics: Dominant Phillips takes long jump gold',
    ],
    safe: [
      "Justin Jefferson: Chance to play for an Olympic medal a 'dream'",
      'Paralympians stripped of medals for failing tests',
    ],
  },
  margin: {
    spoilers: [
      "India bowled England all out for 181 to win the third one-day international of the NatWest Challenge at Lord's by 23 runs.",
      'Retief Goosen closed with a 6-under 64 to win by four shots and become only the third player to overtake Tiger Woods in the final round.',
    ],
    safe: [
      "England's Neil Cheetham leads by one shot going into the final round of the Dunhill Classic at Leopard Creek after a solid 69 on Saturday.",
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
    ).toEqual({ spoiler: true, rule: 'result-noun', match: "York's gritty Game 5 win", field: 'summary' });
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

describe('the learned component (spoiler-model.ts)', () => {
  it('blurs a result no rule names and says which of its words weighed most', () => {
    // A line of the in-sample set (development data) that no hand-written rule reads as a result.
    const line = 'Utah Caps Unbeaten Season With Rout of BYU (AP)';
    const verdict = givesResultAway(line);
    expect(verdict).toMatchObject({ spoiler: true, rule: 'model', field: 'headline' });
    const words = verdict.match?.split(', ') ?? [];
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) expect(line).toContain(word);
  });

  it('leaves a forecast to the rules, whatever its words weigh', () => {
    const line = 'Bills favored to beat every AFC East rival';
    expect(readsAsForecast(line)).toBe(true);
    expect(givesResultAway(line, 'The Bills beat every AFC East rival last season.').spoiler).toBe(false);
  });

  it('is a small data file with thresholds chosen by cross-validation', () => {
    const file = fileURLToPath(new URL('../spoiler-model.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(200 * 1024);
    const model = JSON.parse(readFileSync(file, 'utf8')) as {
      thresholds: { headline: number; withSummary: number };
      crossValidation: { folds: number };
    };
    expect(model.crossValidation.folds).toBeGreaterThanOrEqual(5);
    expect(model.thresholds.headline).toBeGreaterThan(0);
    expect(model.thresholds.withSummary).toBeLessThan(1);
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

  // Floors: the figures measured by `npm run bench:tagging` after the rules were widened (2026-12-04,
  // docs/benchmarks.md, "Spoiler headlines (issue 49)"), at or above the targets. In-sample figures:
  // the rules were written on these lines. A change that lowers them fails here.
  it('meets the targets on headlines alone (recall 97.1%, precision 97.8% measured)', () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.recall, 0.971));
    expect(s.precision).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.precision, 0.978));
  });

  // With summaries the learned component, trained on these lines, adds what the rules missed (recall 97.5% with
  // the rules alone): a fitted figure, raised here so a change that lowers it fails.
  it('meets the targets on headlines with their summaries (recall 99.4%, precision 99.4% measured)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.recall, 0.993));
    expect(s.precision).toBeGreaterThanOrEqual(Math.max(SPOILER_TARGETS.precision, 0.993));
  });
});

describe('the first held-out set (development data since the rules were widened from its misses)', () => {
  const inSample = loadSpoilerSet();
  const cases = loadHeldOutSpoilerSet(undefined, inSample);

  it('holds at least 200 other real headlines with both kinds of line, a third of them spoilers', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.filter((c) => c.withSummary).length / cases.length).toBeGreaterThanOrEqual(0.3);
    expect(cases.filter((c) => !c.withSummary).length).toBeGreaterThan(100);
    for (const c of cases) if (c.headline) expect(c.withSummary, c.title).toBe(true);
  });

  // Floors, not targets: its first run (2026-12-03: headline alone recall 38.9%, precision 75.0%; with
  // summaries 51.2%, 87.8%) was on unseen lines; the rules were then widened from its misses, so the figures
  // below (2026-12-04) are development figures, like the in-sample ones. A change that lowers them fails.
  it("keeps the widened rules' figures (headline alone: recall 74.1%, precision 97.6%)", () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(0.74);
    expect(s.precision).toBeGreaterThanOrEqual(0.975);
  });

  // With summaries: 78.6% / 95.7% with the rules alone; 97.6% / 96.5% since the learned component was trained
  // on these lines too (2026-12-04), a fitted figure.
  it('keeps the development figures (with summaries: recall 97.6%, precision 96.5%)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(0.976);
    expect(s.precision).toBeGreaterThanOrEqual(0.964);
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

describe('the second held-out set (labelled before the rules were widened; development data since)', () => {
  const inSample = loadSpoilerSet();
  const firstHeldOut = loadHeldOutSpoilerSet(undefined, inSample);
  const cases = loadSecondHeldOutSpoilerSet();

  it('holds at least 220 other real headlines, both kinds, each citing a repository, a path and a commit', () => {
    expect(cases.length).toBeGreaterThanOrEqual(220);
    expect(cases.filter((c) => c.withSummary).length).toBeGreaterThan(100);
    expect(cases.filter((c) => !c.withSummary).length).toBeGreaterThan(100);
    for (const c of cases) if (c.headline) expect(c.withSummary, c.title).toBe(true);
    const { sources } = JSON.parse(readFileSync(HELD_OUT_2_SET_FILE, 'utf8')) as {
      sources: { id: string; repo: string; path: string; commit: string }[];
    };
    for (const source of sources) {
      expect(source.repo, source.id).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.path, source.id).not.toBe('');
      expect(source.commit, source.id).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('shares no headline with the in-sample set or the first held-out set', () => {
    const earlier = new Set([...inSample, ...firstHeldOut].map((c) => c.title));
    for (const c of cases) expect(earlier.has(c.title), c.title).toBe(false);
  });

  // Floors, not targets. Its one run with the rules alone (2026-12-04: headline alone recall 66.3%, precision
  // 92.6%; with summaries 76.7%, 88.4%) was on unseen lines; the learned component was then trained on it with
  // the other two sets, so the figures below are fitted ones. The unseen figure is the third set's.
  it('keeps the development figures (headline alone: recall 72.6%, precision 93.2%)', () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(0.726);
    expect(s.precision).toBeGreaterThanOrEqual(0.932);
  });

  it('keeps the development figures (with summaries: recall 96.1%, precision 89.2%)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(0.961);
    expect(s.precision).toBeGreaterThanOrEqual(0.892);
  });
});

describe('the third held-out set (labelled and committed before the learned component was written)', () => {
  const cases = loadThirdHeldOutSpoilerSet();

  it('holds at least 300 other real headlines, both kinds, each citing a repository, a path and a commit', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(cases.filter((c) => c.withSummary).length).toBeGreaterThan(100);
    expect(cases.filter((c) => !c.withSummary).length).toBeGreaterThan(100);
    for (const c of cases) if (c.headline) expect(c.withSummary, c.title).toBe(true);
    const { sources } = JSON.parse(readFileSync(HELD_OUT_3_SET_FILE, 'utf8')) as {
      sources: { id: string; repo: string; path: string; commit: string }[];
    };
    for (const source of sources) {
      expect(source.repo, source.id).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.path, source.id).not.toBe('');
      expect(source.commit, source.id).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('shares no headline with any earlier set', () => {
    const inSample = loadSpoilerSet();
    const earlier = new Set(
      [...inSample, ...loadHeldOutSpoilerSet(undefined, inSample), ...loadSecondHeldOutSpoilerSet()].map(
        (c) => c.title,
      ),
    );
    for (const c of cases) expect(earlier.has(c.title), c.title).toBe(false);
  });

  // Floors, not targets: the figures of the one run on this set (2026-12-04, docs/benchmarks.md), the rules and
  // the learned component as committed before it. They miss the targets; no rule, weight, threshold or
  // label was changed after seeing them. Training on these lines would make this set development data too.
  it('keeps the figures of its one run (headline alone: recall 57.4%, precision 96.4%)', () => {
    const s = evaluateSpoilers(cases, 'headline');
    expect(s.recall).toBeGreaterThanOrEqual(0.574);
    expect(s.precision).toBeGreaterThanOrEqual(0.964);
  });

  it('keeps the figures of its one run (with summaries: recall 85.5%, precision 84.1%)', () => {
    const s = evaluateSpoilers(cases, 'withSummary');
    expect(s.recall).toBeGreaterThanOrEqual(0.854);
    expect(s.precision).toBeGreaterThanOrEqual(0.841);
  });
});
