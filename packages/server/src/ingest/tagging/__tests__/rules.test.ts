// Unit tests of the tagging rules one at a time: word boundaries, accents, possessives, longest match,
// ambiguity with and without context, weak locations, common words, short abbreviations, college sports,
// source defaults, players, topics and the evidence returned.
import { describe, expect, it } from 'vitest';
import { buildTagIndex } from '../build-index.js';
import { normalizePhrase, tokenize } from '../normalize.js';
import { tagArticle } from '../tag-article.js';
import type { TagArticleInput } from '../types.js';
import { loadReferenceTagIndex } from './reference-index.js';

const index = loadReferenceTagIndex();
const tag = (input: TagArticleInput | string) =>
  tagArticle(index, typeof input === 'string' ? { title: input } : input);
const teams = (input: TagArticleInput | string) => tag(input).teamIds.map(String).sort();
const sportSlugs = (input: TagArticleInput | string) =>
  tag(input)
    .sportIds.map((id) => index.sports.find((s) => s.id === id)!.slug)
    .sort();

describe('tokenize', () => {
  it('splits on hyphens and periods, keeps A&M, drops possessives and accents', () => {
    expect(
      tokenize("T-Wolves beat St. John's, Texas A&M and Montréal’s Packers'").map((t) => t.norm),
    ).toEqual(['t', 'wolves', 'beat', 'st', 'john', 'texas', 'a&m', 'and', 'montreal', 'packers']);
    expect(normalizePhrase("Bills's")).toBe('bills');
    expect(normalizePhrase('D.C. United')).toBe('d c united');
  });

  it('records offsets and capitalisation of the original text', () => {
    const [first, second] = tokenize('Heat wave');
    expect(first).toEqual({ norm: 'heat', start: 0, end: 4, cap: true });
    expect(second).toEqual({ norm: 'wave', start: 5, end: 9, cap: false });
  });
});

describe('tagArticle', () => {
  it('matches whole words only', () => {
    expect(teams('Heated debate over the new stadium in the NBA')).toEqual([]);
    expect(teams('Sunny skies for the WNBA opener')).toEqual([]);
    expect(teams('Suns win in the NBA')).toEqual(['phoenix-suns']);
  });

  it('is case- and accent-insensitive', () => {
    expect(teams('MONTREAL CANADIENS WIN')).toEqual(['montreal-canadiens']);
    expect(teams('Montréal Canadiens win')).toEqual(['montreal-canadiens']);
    expect(teams('cf montréal sign a striker')).toEqual(['cf-montreal']);
  });

  it('understands possessives', () => {
    expect(teams("Packers' defense dominates")).toEqual(['green-bay-packers']);
    expect(teams("Bills's kicker misses")).toEqual(['buffalo-bills']);
    expect(teams('Cowboys’s coach speaks')).toEqual(['dallas-cowboys']);
  });

  it('prefers the full name over its parts', () => {
    expect(teams('New York Giants sign a linebacker')).toEqual(['new-york-giants']);
    expect(teams('Los Angeles Kings recall a forward')).toEqual(['los-angeles-kings']);
  });

  it('drops a nickname several teams share unless the sport is in context', () => {
    expect(teams('Kings win again')).toEqual([]);
    expect(teams({ title: 'Kings win again', summary: 'A big night in the NHL.' })).toEqual([
      'los-angeles-kings',
    ]);
    expect(teams({ title: 'Kings win again', sourceSportSlug: 'nba' })).toEqual(['sacramento-kings']);
    expect(teams('Kings win again as Lakers fall')).toEqual(['los-angeles-lakers', 'sacramento-kings']);
    expect(teams('Spurs win at Anfield')).toEqual([]);
    expect(teams({ title: 'Spurs win at Anfield', sourceSportSlug: 'premier-league' })).toEqual([
      'tottenham-hotspur',
    ]);
  });

  it('never tags a bare location without sport context, and only when it names one team of that sport', () => {
    expect(teams('Dallas wins')).toEqual([]);
    expect(teams('Dallas wins NFL opener')).toEqual(['dallas-cowboys']);
    expect(teams('Los Angeles wins NFL opener')).toEqual([]);
    expect(teams('New York beats Boston in NBA showdown')).toEqual(['boston-celtics', 'new-york-knicks']);
  });

  it('needs a capital letter and sport context for common-word nicknames', () => {
    expect(teams('The heat is on the coach in the NBA')).toEqual([]);
    expect(teams('Heat rally late')).toEqual([]);
    expect(teams({ title: 'Heat rally late', sourceSportSlug: 'nba' })).toEqual(['miami-heat']);
    expect(teams({ title: 'Heat rally late', sourceSportSlug: 'nfl' })).toEqual([]);
    expect(teams('Miami Heat rally late')).toEqual(['miami-heat']);
  });

  it('never matches a two-letter abbreviation alone', () => {
    expect(teams({ title: 'GB and LA meet on Sunday', sourceSportSlug: 'nfl' })).toEqual([]);
    expect(teams({ title: 'NY stays unbeaten', sourceSportSlug: 'mlb' })).toEqual([]);
  });

  it('consumes blocked phrases so their words tag nothing', () => {
    expect(teams({ title: 'Magic Johnson praises the Lakers', sourceSportSlug: 'nba' })).toEqual([
      'los-angeles-lakers',
    ]);
    expect(teams('Sun Belt title game set')).toEqual([]);
  });

  it('prefers the only pro team when a nickname is shared with colleges, unless the context is college', () => {
    expect(teams('Broncos cut veteran receiver')).toEqual(['denver-broncos']);
    expect(teams({ title: 'Broncos cut veteran receiver', sourceSportSlug: 'cf' })).toEqual([]);
    expect(teams('Boise State Broncos cut veteran quarterback')).toEqual(['boise-state-broncos-football']);
  });

  it('resolves college schools shared by football and basketball by sport context', () => {
    expect(teams('Alabama wins')).toEqual([]);
    expect(teams('Alabama football wins')).toEqual(['alabama-crimson-tide-football']);
    expect(teams('Alabama basketball wins')).toEqual(['alabama-crimson-tide-basketball']);
    expect(teams({ title: 'Alabama wins', sourceSportSlug: 'mcb' })).toEqual([
      'alabama-crimson-tide-basketball',
    ]);
    expect(teams('Alabama Crimson Tide win')).toEqual([
      'alabama-crimson-tide-basketball',
      'alabama-crimson-tide-football',
    ]);
    expect(teams({ title: 'Alabama Crimson Tide win', summary: 'March Madness is here.' })).toEqual([
      'alabama-crimson-tide-basketball',
    ]);
  });

  it('always adds the default teams of a team source, and ignores unknown ids', () => {
    expect(
      teams({ title: 'Weekend open thread', sourceDefaultTeamIds: ['chicago-cubs', 'no-such-team'] }),
    ).toEqual(['chicago-cubs']);
    expect(sportSlugs({ title: 'Weekend open thread', sourceDefaultTeamIds: ['chicago-cubs'] })).toEqual([
      'mlb',
    ]);
  });

  it('derives sports from teams and keywords, and hint words alone tag no sport', () => {
    expect(sportSlugs('Stanley Cup Final schedule released')).toEqual(['nhl']);
    expect(sportSlugs('Football is back this weekend')).toEqual([]);
    expect(sportSlugs('Bills beat Bruins fans in charity game')).toEqual(['nfl', 'nhl']);
  });

  it('returns the evidence with the original text and field', () => {
    const result = tag({ title: "Packers' win", summary: 'The NFL reacts.' });
    expect(result.matches).toEqual([
      { kind: 'sport', id: 2, text: 'NFL', field: 'summary' },
      { kind: 'team', id: 'green-bay-packers', text: 'Packers', field: 'title' },
    ]);
    expect(tag({ title: 'Open thread', sourceSportSlug: 'nfl' }).matches).toEqual([
      { kind: 'sport', id: 2, text: '', field: 'source' },
    ]);
  });

  it('tags topics by name and alias', () => {
    expect(tag('Tour de France: Pogacar wins stage').topicIds).toEqual([11]);
    expect(tag('Formula 1 returns to Las Vegas').topicIds).toEqual([3]);
  });
});

describe('buildTagIndex', () => {
  const sports = [{ id: 1, slug: 'nba', name: 'NBA' }];
  const team = {
    id: 10,
    slug: 'miami-heat',
    sportSlug: 'nba',
    name: 'Heat',
    fullName: 'Miami Heat',
    location: 'Miami',
  };

  it('tags players by full name, with their sport, and takes extra nicknames', () => {
    const small = buildTagIndex({
      sports,
      teams: [{ ...team, nicknames: ['Heatles'] }],
      topics: [],
      players: [{ id: 7, slug: 'bam-adebayo', name: 'Bam Adebayo', teamId: 10, sportSlug: 'nba' }],
    });
    expect(tagArticle(small, { title: 'Bam Adebayo extends with Heatles' })).toMatchObject({
      playerIds: [7],
      teamIds: [10],
      sportIds: [1],
    });
    expect(tagArticle(small, { title: 'Adebayo scores 30' }).playerIds).toEqual([]);
  });

  it("tags a player by last name alone once the article is filed under the player's team (rule 9)", () => {
    const teams2 = [
      team,
      {
        id: 11,
        slug: 'boston-celtics',
        sportSlug: 'nba',
        name: 'Celtics',
        fullName: 'Boston Celtics',
        location: 'Boston',
      },
    ];
    const small = buildTagIndex({
      sports,
      teams: teams2,
      topics: [],
      players: [
        { id: 7, slug: 'bam-adebayo', name: 'Bam Adebayo', teamId: 10, sportSlug: 'nba' },
        { id: 8, slug: 'jimmy-butler', name: 'Jimmy Butler III', teamId: 10, sportSlug: 'nba' },
        { id: 9, slug: 'tyler-butler', name: 'Tyler Butler', teamId: 11, sportSlug: 'nba' },
      ],
    });
    const players = (title: string) => tagArticle(small, { title }).playerIds;
    expect(players("Miami Heat's Adebayo scores 30")).toEqual([7]);
    // The suffix is not the name headlines use.
    expect(players('Butler leads the Miami Heat')).toEqual([8]);
    // Two players of the article's teams share the name: neither is tagged.
    expect(players('Butler duel as Miami Heat host Celtics')).toEqual([]);
    // No team of the player in the article, or the word in lower case: not the player.
    expect(players('Adebayo scores 30')).toEqual([]);
    expect(players('Miami Heat: a butler of the court')).toEqual([]);
  });

  it('reads a dateline as where the story was filed, yet lets it place a shared nickname (rule 8)', () => {
    expect(
      teams({
        title: 'Labor talks broken off',
        summary: 'TORONTO -- National Hockey League talks came to a halt.',
      }),
    ).toEqual([]);
    expect(
      teams({
        title: 'Giants win 6th straight',
        summary: 'SAN FRANCISCO -- The Giants swept the doubleheader.',
      }),
    ).toEqual(['san-francisco-giants']);
    expect(
      teams({ title: 'Knicks roll', summary: 'NEW YORK (Reuters) - The Knicks beat the Pacers.' }),
    ).toEqual(['indiana-pacers', 'new-york-knicks']);
  });

  it('reads a nickname in lower case as the word, and a leading digit as a capital', () => {
    expect(teams({ title: 'Mikal Bridges hawks down Mathurin', sourceSportSlug: 'nba' })).toEqual([]);
    expect(teams('Sources: Brock Purdy, 49ers agree to 5-year deal')).toEqual(['san-francisco-49ers']);
  });

  it('does not read a location hyphenated to another school as that location', () => {
    expect(teams({ title: 'Kansas State 76, Arkansas-Pine Bluff 42', sourceSportSlug: 'mcb' })).toEqual([
      'kansas-state-wildcats-basketball',
    ]);
  });

  it('reads a city after "in" as the place, unless a game word comes first (rule 8)', () => {
    expect(teams({ title: 'Canada beat Russia last night in Toronto', sourceSportSlug: 'nhl' })).toEqual([]);
    expect(teams({ title: 'Maple Leafs fall in Toronto', sourceSportSlug: 'nhl' })).toEqual([
      'toronto-maple-leafs',
    ]);
    expect(teams({ title: 'Bruins lose again, a loss in Toronto', sourceSportSlug: 'nhl' })).toEqual([
      'boston-bruins',
      'toronto-maple-leafs',
    ]);
  });

  it('rejects a team of an unknown sport', () => {
    expect(() => buildTagIndex({ sports, teams: [{ ...team, sportSlug: 'curling' }], topics: [] })).toThrow(
      /unknown sport "curling"/,
    );
  });
});
