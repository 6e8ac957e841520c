import { describe, expect, it } from 'vitest';
import { scorePairs } from '../evaluate-clustering.js';
import {
  headlineTerms,
  isHotStory,
  isSameStory,
  storySignature,
  storySimilarity,
} from '../story-signature.js';
import { headlinePairs } from './fixtures/headline-pairs.js';

// Pairs of real-style headlines from different outlets. Team ids are arbitrary but shared when both
// headlines are tagged with the same team.
const PACKERS = 1;
const BEARS = 2;
const LAKERS = 3;
const CELTICS = 4;
const YANKEES = 5;
const ARSENAL = 6;
const CHIEFS = 7;

const SAME: [string, number[], string, number[]][] = [
  [
    'Packers sign veteran kicker Mason Crosby',
    [PACKERS],
    'Green Bay Packers sign kicker Mason Crosby to one-year deal',
    [PACKERS],
  ],
  [
    'Lakers star LeBron James out with ankle sprain',
    [LAKERS],
    'LeBron James (ankle sprain) ruled out for Lakers',
    [LAKERS],
  ],
  [
    'Yankees trade for All-Star closer',
    [YANKEES],
    'Yankees land All-Star closer in trade with Padres',
    [YANKEES],
  ],
  [
    'Arsenal beat Chelsea 2-1 in London derby',
    [ARSENAL],
    'Arsenal edge Chelsea 2-1 to win London derby',
    [ARSENAL],
  ],
  [
    'Chiefs QB Patrick Mahomes questionable with hamstring injury',
    [CHIEFS],
    'Patrick Mahomes injury: Chiefs QB questionable (hamstring)',
    [CHIEFS],
  ],
  [
    'Celtics fire head coach after playoff exit',
    [CELTICS],
    'Celtics head coach fired following early playoff exit',
    [CELTICS],
  ],
  ['Bears name new offensive coordinator', [BEARS], 'Chicago Bears hire new offensive coordinator', [BEARS]],
  [
    'Packers beat Bears 27-20 at Lambeau',
    [PACKERS, BEARS],
    'Bears fall to Packers 27-20 at Lambeau Field',
    [BEARS, PACKERS],
  ],
];

const DIFFERENT: [string, number[], string, number[]][] = [
  // Same words, different team: never the same story.
  ['Packers sign veteran kicker', [PACKERS], 'Bears sign veteran kicker', [BEARS]],
  // Same team, different stories.
  [
    'Lakers star LeBron James out with ankle sprain',
    [LAKERS],
    'Lakers unveil new City Edition jerseys',
    [LAKERS],
  ],
  ['Yankees trade for All-Star closer', [YANKEES], 'Yankees announce spring training schedule', [YANKEES]],
  [
    'Arsenal beat Chelsea 2-1 in London derby',
    [ARSENAL],
    'Arsenal confirm stadium expansion plans',
    [ARSENAL],
  ],
  [
    'Chiefs QB Patrick Mahomes questionable with hamstring injury',
    [CHIEFS],
    'Chiefs sign rookie free agent linebacker',
    [CHIEFS],
  ],
  // No team tags at all: too risky to group.
  ['Trade deadline winners and losers', [], 'Trade deadline winners and losers', []],
];

describe('story similarity', () => {
  it('extracts salient, normalised terms', () => {
    expect(headlineTerms("The Packers' kicker signs a 2-year deal")).toEqual([
      'packer',
      'kicker',
      'sign',
      'deal',
    ]);
  });

  it.each(SAME)('groups "%s" with "%s"', (a, ta, b, tb) => {
    expect(
      isSameStory(storySignature({ title: a, teamIds: ta }), storySignature({ title: b, teamIds: tb })),
    ).toBe(true);
  });

  it.each(DIFFERENT)('keeps "%s" apart from "%s"', (a, ta, b, tb) => {
    expect(
      isSameStory(storySignature({ title: a, teamIds: ta }), storySignature({ title: b, teamIds: tb })),
    ).toBe(false);
  });

  it('is symmetric and 1 for identical headlines', () => {
    const a = storySignature({ title: 'Yankees trade for All-Star closer' });
    const b = storySignature({ title: 'Yankees land All-Star closer in trade' });
    expect(storySimilarity(a, b)).toBe(storySimilarity(b, a));
    expect(storySimilarity(a, a)).toBe(1);
  });
});

describe('story similarity on the hand-labelled pairs', () => {
  it('holds precision ≥ 95% and recall ≥ 90% over at least 200 pairs', () => {
    const pairs = headlinePairs();
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    const score = scorePairs(pairs);
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
  });

  it("groups the same outlet's three wordings of one injury report, pairwise", () => {
    const corliss = headlinePairs().filter(
      (p) => p.a.title.includes('Corliss') && p.b.title.includes('Corliss') && p.a.source === p.b.source,
    );
    expect(corliss).toHaveLength(3);
    expect(scorePairs(corliss).recall).toBe(1);
  });

  it('keeps apart two injury reports of one team, a signing and a release, a preview and a recap', () => {
    const sig = (title: string, players: number[] = []) =>
      storySignature({ title, teamIds: [1], playerIds: players });
    expect(
      isSameStory(
        sig('Chiefs QB Patrick Mahomes questionable with hamstring injury', [10]),
        sig('Chiefs TE Travis Kelce questionable with ankle injury', [11]),
      ),
    ).toBe(false);
    expect(isSameStory(sig('Packers sign kicker Tom Hollis'), sig('Packers release kicker Tom Hollis'))).toBe(
      false,
    );
    expect(
      isSameStory(
        sig('Broncos at Chiefs: what to watch and predictions'),
        sig('Chiefs beat Broncos 27-20 in Kansas City'),
      ),
    ).toBe(false);
  });

  it('keeps a game score as one term, winner first', () => {
    expect(headlineTerms('Broncos fall to Chiefs 20-27')).toContain('27-20');
  });
});

describe('hot stories', () => {
  const t0 = new Date('2026-11-20T12:00:00Z');
  const hours = (h: number) => new Date(t0.getTime() + h * 3600_000);
  it('is hot with three sources within six hours', () => {
    expect(isHotStory({ sourcesCount: 3, firstSeenAt: t0, latestAt: hours(5) })).toBe(true);
  });
  it('is not hot with two sources, or with the third after six hours', () => {
    expect(isHotStory({ sourcesCount: 2, firstSeenAt: t0, latestAt: hours(1) })).toBe(false);
    expect(isHotStory({ sourcesCount: 3, firstSeenAt: t0, latestAt: hours(7) })).toBe(false);
  });
  it('stays hot', () => {
    expect(isHotStory({ sourcesCount: 4, firstSeenAt: t0, latestAt: hours(30), wasHot: true })).toBe(true);
  });
});
