// Unit tests of the salience step (salience.ts, rule 7 of the tagger): a team the article names only in
// passing is not tagged, a team it is about is. Each case failed before the step existed (the tagger filed
// the story under the passing team too); each names the rule it exercises, and the last block switches
// the rules off to show each one is what decides its case.
import { describe, expect, it } from 'vitest';
import { tokenize } from '../normalize.js';
import { mentionRole, reportsGame, type SalienceRule } from '../salience.js';
import { tagArticle } from '../tag-article.js';
import type { TagArticleInput } from '../types.js';
import { loadReferenceTagIndex } from './reference-index.js';

const index = loadReferenceTagIndex();
const teams = (input: TagArticleInput, off: readonly SalienceRule[] = []) =>
  tagArticle(index, input, { salience: { off } }).teamIds.map(String).sort();

/** The role of the first occurrence of `team` (one word) in `text`. */
const roleIn = (text: string, team: string) => {
  const tokens = tokenize(text);
  const at = tokens.findIndex((t) => t.norm === team);
  return mentionRole(text, tokens, at, at, []).role;
};

describe('mention roles', () => {
  it('reads a former club, a comparison, the standings and an owner from the words around the team', () => {
    expect(roleIn('He most recently played two seasons for the Raiders.', 'raiders')).toBe('former');
    expect(roleIn('The Avalanche signed former Sharks captain John Doe.', 'sharks')).toBe('former');
    expect(roleIn('He draws comparisons to Seahawks receivers of old.', 'seahawks')).toBe('comparison');
    expect(roleIn('They trail the Ravens for the top seed.', 'ravens')).toBe('standings');
    expect(roleIn('They are one game ahead of the Broncos.', 'broncos')).toBe('standings');
    expect(roleIn('Bruins owner Jeremy Jacobs spoke.', 'bruins')).toBe('owner');
    expect(roleIn('After the loss to the Bills, he bulked up.', 'bills')).toBe('opponent');
    expect(roleIn('It followed a victory over the Knicks.', 'knicks')).toBe('opponent');
    expect(roleIn('The Bills signed a kicker.', 'bills')).toBe('subject');
  });

  it('tells a headline that reports a game from one that does not', () => {
    const game = (title: string) => reportsGame(title, tokenize(title));
    expect(game('Pacers rally past Knicks')).toBe(true);
    expect(game('Massachusetts 61, No. 7 Connecticut 59')).toBe(true);
    expect(game('Haliburton struggles in Game 5')).toBe(true);
    expect(game('Pacers forward hurts ankle')).toBe(false);
    expect(game('Crowton Steps Down As Coach')).toBe(false);
  });
});

describe('salient teams', () => {
  it('leaves out a signing’s former club when the article has its subject (passing)', () => {
    const signing = {
      title: 'Ravens sign veteran linebacker',
      summary: 'The Ravens signed a linebacker who most recently played three seasons for the Raiders.',
    };
    expect(teams(signing)).toEqual(['baltimore-ravens']);
    expect(
      teams({
        title: 'Avalanche add a center',
        summary: 'The Avalanche signed former San Jose Sharks captain John Doe to a one-year deal.',
      }),
    ).toEqual(['colorado-avalanche']);
  });

  it('leaves out the standings, and a team joined to a passing one by "and" (passing)', () => {
    expect(
      teams({
        title: 'Five plays that defined the Kansas City Chiefs',
        summary:
          'The Chiefs trail the Baltimore Ravens for the top seed and are one game ahead of the Denver Broncos.',
      }),
    ).toEqual(['kansas-city-chiefs']);
    expect(
      teams({
        title: 'Detroit Tigers win again',
        summary: 'The win pulled Detroit within a game of Boston and Texas in the wild-card race.',
      }),
    ).toEqual(['detroit-tigers']);
  });

  it('leaves out a comparison and an owner’s other team (passing)', () => {
    expect(
      teams({
        title: 'Patriots rookie receiver draws comparisons',
        summary: 'The undrafted rookie draws comparisons to Seahawks receivers of the past.',
      }),
    ).toEqual(['new-england-patriots']);
    expect(
      teams({
        title: 'Manchester United fans protest takeover',
        summary: 'Manchester United fans protested a takeover by Tampa Bay Buccaneers owner Malcolm Glazer.',
      }),
    ).toEqual(['manchester-united']);
  });

  it('reads the team in front of a player by where the player plays now (passing)', () => {
    // Patrick Mahomes plays for the Chiefs: "Arizona QB" is his old school, read as the Cardinals before.
    expect(
      teams({
        title: 'The highlights that make Patrick Mahomes special',
        summary: 'Highlights from Arizona QB Patrick Mahomes as he heads to the Kansas City Chiefs.',
        sourceSportSlug: 'nfl',
      }),
    ).toEqual(['kansas-city-chiefs']);
  });

  it('leaves out last game’s opponent unless the headline reports the game (opponent)', () => {
    expect(
      teams({
        title: 'Pacers forward hurts ankle',
        summary: "He was hurt in Indiana's victory over the Knicks; his status is uncertain.",
        sourceSportSlug: 'nba',
      }),
    ).toEqual(['indiana-pacers']);
    expect(
      teams({
        title: 'Pacers rally for 115-110 win',
        summary: 'The Pacers came back in the fourth quarter of their victory over the Knicks.',
        sourceSportSlug: 'nba',
      }),
    ).toEqual(['indiana-pacers', 'new-york-knicks']);
  });

  it('leaves out a team of a sport the headline rules out (sport)', () => {
    expect(
      teams({
        title: 'Patrick Mahomes shows off his arm at the Garden',
        summary: 'Patrick Mahomes threw a football into the stands during a Knicks timeout.',
      }),
    ).toEqual([]);
    expect(
      teams({
        title: 'Boxing: Khan wins on his return',
        summary: 'Amir Khan won on points at Liverpool Olympia last night.',
      }),
    ).toEqual([]);
  });

  it('keeps a team of the headline’s player, and every team the headline names', () => {
    // The owner's club is the story when the headline's player plays there.
    expect(
      teams({
        title: 'Chiefs weigh Patrick Mahomes extension',
        summary: 'Kansas City Chiefs chairman Clark Hunt spoke about the contract.',
      }),
    ).toEqual(['kansas-city-chiefs']);
    expect(
      teams({
        title: 'Raiders and Ravens swap picks',
        summary: 'The Ravens sent a pick to the Raiders, where their new linebacker formerly played.',
      }),
    ).toEqual(['baltimore-ravens', 'las-vegas-raiders']);
  });

  it('keeps the subject alone in the story: a passing team is left out only in favour of another', () => {
    expect(
      teams({
        title: 'Change on the money',
        summary: 'Bruins owner Jeremy Jacobs said the league is right.',
      }),
    ).toEqual(['boston-bruins']);
  });

  it('is what decides: with a rule off, its passing team is tagged again', () => {
    expect(
      teams(
        {
          title: 'Ravens sign veteran linebacker',
          summary: 'The Ravens signed a linebacker who most recently played three seasons for the Raiders.',
        },
        ['passing'],
      ),
    ).toEqual(['baltimore-ravens', 'las-vegas-raiders']);
    expect(
      teams(
        {
          title: 'Pacers forward hurts ankle',
          summary: "He was hurt in Indiana's victory over the Knicks; his status is uncertain.",
          sourceSportSlug: 'nba',
        },
        ['opponent'],
      ),
    ).toEqual(['indiana-pacers', 'new-york-knicks']);
    expect(
      teams(
        {
          title: 'Patrick Mahomes shows off his arm at the Garden',
          summary: 'Patrick Mahomes threw a football into the stands during a Knicks timeout.',
        },
        ['sport'],
      ),
    ).toEqual(['new-york-knicks']);
  });
});

describe('names that are not the team (rule 8)', () => {
  it('reads "University of Miami" as the school, "Eastern Washington" and "North Carolina A T" as other schools', () => {
    const nfl = (summary: string) =>
      teams({ title: 'Commanders rookie relishes his chance', summary, sourceSportSlug: 'nfl' });
    expect(nfl('He wore the same number his brother wore at the University of Miami.')).toEqual([
      'washington-commanders',
    ]);
    expect(
      teams({
        title: 'Patriots rookie impresses',
        summary: 'The Eastern Washington product impressed at camp.',
        sourceSportSlug: 'nfl',
      }),
    ).toEqual(['new-england-patriots']);
    expect(
      teams({
        title: 'No. 13 Louisville Beats NC A T, 85-51',
        summary: 'Louisville beat North Carolina A T in basketball.',
      }),
    ).toEqual(['louisville-cardinals-basketball']);
  });

  it('reads a mixed-case dateline with an agency, and a city one moves to, as places', () => {
    expect(
      teams({
        title: 'Canada, Finland set for final',
        summary:
          'Toronto, ON (Sports Network) - The Canadians face Finland in the World Cup of Hockey final.',
      }),
    ).toEqual([]);
    expect(
      teams({
        title: 'Mets rout Montreal',
        summary: 'The Mets beat the Expos in their final game before moving to Washington next season.',
      }),
    ).toEqual(['new-york-mets']);
  });

  it('needs the sport for a full name that is an ordinary word, and knows "Miami of Ohio"', () => {
    expect(teams({ title: 'Athletics: Phillips takes long jump gold' })).toEqual([]);
    expect(teams({ title: 'Athletics beat the Mariners in MLB' })).toEqual(['athletics', 'seattle-mariners']);
    expect(
      teams({
        title: 'Indiana hires coach',
        summary: "Miami of Ohio's coach is hired as Indiana's football coach.",
      }),
    ).toEqual(['indiana-hoosiers-football', 'miami-oh-redhawks-football']);
  });
});
