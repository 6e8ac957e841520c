// Layout rules of spec 2 §9: popular and home slices, sub-list and description previews, the
// pager, team feed inserts with ads, games grouping and pages, and the per-sport rules.
import type { Game, GameSide } from '@sportspyder/contract';
import { describe, expect, it } from 'vitest';
import { gamePages, gameStatusText, gameWinner, groupGames } from '../games.js';
import { descriptionPreview, episodeListPreview, subListPreview } from '../list-previews.js';
import { paginationLinks } from '../pagination-links.js';
import { groupsOfTwoToThree, homeLayout, sliceBySizes, sportPopularLayout } from '../popular-layout.js';
import { hasRecapVideo, hidesVideoPlayer, teamListColumns } from '../sport-rules.js';
import { feedEntries, teamFeedInserts } from '../team-feed-inserts.js';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

describe('sportPopularLayout', () => {
  it('cuts a lead then groups of 2, 2, 2, 3, 2', () => {
    const layout = sportPopularLayout({ articles: range(20) });
    expect(layout.lead).toBe(1);
    expect(layout.groups.map((g) => g.length)).toEqual([2, 2, 2, 3, 2]);
    expect(layout.groups[0]).toEqual([2, 3]);
    expect(layout.groups[3]).toEqual([8, 9, 10]);
  });

  it('uses 3, 2, 2, 3, 2 in the full-width ad layout', () => {
    const layout = sportPopularLayout({ articles: range(20), fullWidthAds: true });
    expect(layout.groups.map((g) => g.length)).toEqual([3, 2, 2, 3, 2]);
  });

  it('stops at the articles it has', () => {
    const layout = sportPopularLayout({ articles: range(6) });
    expect(layout.groups).toEqual([[2, 3], [4, 5], [6]]);
    expect(sportPopularLayout({ articles: [] }).lead).toBeNull();
  });

  it.each([
    [false, 2, 4],
    [true, 3, 3],
  ])('fullWidthAds %s: %i big episodes then %i smaller', (fullWidthAds, big, small) => {
    const layout = sportPopularLayout({ articles: [], episodes: range(10), fullWidthAds });
    expect(layout.bigEpisodes).toHaveLength(big);
    expect(layout.smallEpisodes).toHaveLength(small);
    expect([...layout.bigEpisodes, ...layout.smallEpisodes]).toEqual(range(6));
  });

  it('keeps at most 5 videos and 6 players', () => {
    const layout = sportPopularLayout({ articles: [], videos: range(9), players: range(9) });
    expect(layout.videos).toEqual(range(5));
    expect(layout.players).toEqual(range(6));
  });
});

describe('homeLayout', () => {
  it.each([
    [1, [1]],
    [2, [2]],
    [3, [3]],
    [4, [2, 2]],
    [5, [3, 2]],
    [6, [3, 3]],
    [7, [3, 2, 2]],
    [8, [3, 3, 2]],
    [9, [3, 3, 3]],
  ])('groups %i articles after the lead as %j', (n, sizes) => {
    const layout = homeLayout({ articles: range(n + 1) });
    expect(layout.lead).toBe(1);
    expect(layout.groups.map((g) => g.length)).toEqual(sizes);
    expect(layout.groups.flat()).toEqual(range(n, 2));
  });

  it('features 2 episodes (3 with full-width ads) then the rest up to 6 in all; 5 videos; 6 players', () => {
    const layout = homeLayout({ articles: [1], episodes: range(9), videos: range(7), players: range(8) });
    expect(layout.bigEpisodes).toEqual([1, 2]);
    expect(layout.smallEpisodes).toEqual([3, 4, 5, 6]);
    expect(homeLayout({ articles: [], episodes: range(9), fullWidthAds: true }).bigEpisodes).toEqual([
      1, 2, 3,
    ]);
    expect(layout.videos).toHaveLength(5);
    expect(layout.players).toHaveLength(6);
  });

  it('groupsOfTwoToThree and sliceBySizes handle empty input', () => {
    expect(groupsOfTwoToThree([])).toEqual([]);
    expect(sliceBySizes([], [2, 2])).toEqual([]);
  });
});

describe('subListPreview', () => {
  it.each([
    [0, 0, null],
    [4, 4, null],
    [5, 5, null],
    [6, 4, 'show 2 more'],
    [10, 4, 'show 6 more'],
  ])('%i sub-items → %i visible, %s', (n, visible, label) => {
    const preview = subListPreview(range(n));
    expect(preview.visible).toHaveLength(visible);
    expect(preview.moreLabel).toBe(label);
    expect(preview.hiddenCount).toBe(n - visible);
  });

  it('shows everything once expanded', () => {
    expect(subListPreview(range(10), true)).toEqual({ visible: range(10), hiddenCount: 0, moreLabel: null });
  });
});

describe('descriptionPreview', () => {
  const long = `${'a'.repeat(79)}bcdef`;
  it('keeps short descriptions whole without a toggle', () => {
    expect(descriptionPreview('x'.repeat(80))).toEqual({
      text: 'x'.repeat(80),
      truncatable: false,
      toggleLabel: null,
    });
    expect(descriptionPreview(null).text).toBe('');
  });

  it('cuts long ones at 80 characters with "see more", and "show less" when expanded', () => {
    expect(descriptionPreview(long)).toEqual({
      text: `${'a'.repeat(79)}b`,
      truncatable: true,
      toggleLabel: 'see more',
    });
    expect(descriptionPreview(long, true)).toEqual({
      text: long,
      truncatable: true,
      toggleLabel: 'show less',
    });
  });

  it('never cuts an emoji in half', () => {
    const text = `${'a'.repeat(79)}🏈🏈`;
    expect(descriptionPreview(text).text).toBe(`${'a'.repeat(79)}🏈`);
  });
});

describe('episodeListPreview', () => {
  it('shows 5 until "Show All Episodes"', () => {
    expect(episodeListPreview(range(8))).toEqual({ visible: range(5), showAll: true });
    expect(episodeListPreview(range(8), true).visible).toHaveLength(8);
    expect(episodeListPreview(range(5)).showAll).toBe(false);
  });
});

describe('paginationLinks', () => {
  const render = (page: number, total: number) =>
    paginationLinks(page, total)
      .items.map((i) => (i.type === 'ellipsis' ? '…' : i.current ? `[${i.page}]` : String(i.page)))
      .join(' ');

  it.each([
    [1, 0, ''],
    [1, 1, '[1]'],
    [2, 5, '1 [2] 3 4 5'],
    [1, 10, '[1] 2 3 4 5 …'],
    [3, 10, '1 2 [3] 4 5 …'],
    [5, 10, '… 3 4 [5] 6 7 …'],
    [9, 10, '… 6 7 8 [9] 10'],
    [10, 10, '… 6 7 8 9 [10]'],
    [4, 6, '… 2 3 [4] 5 6'],
    [99, 7, '… 3 4 5 6 [7]'],
  ])('page %i of %i → %s', (page, total, expected) => {
    expect(render(page, total)).toBe(expected);
  });

  it('never shows more than 5 page links', () => {
    for (let page = 1; page <= 30; page++) {
      expect(paginationLinks(page, 30).items.filter((i) => i.type === 'page')).toHaveLength(5);
    }
  });

  it('gives previous and next pages', () => {
    expect(paginationLinks(1, 3)).toMatchObject({ prev: null, next: 2 });
    expect(paginationLinks(3, 3)).toMatchObject({ prev: 2, next: null });
  });
});

describe('teamFeedInserts', () => {
  it.each([
    [false, false, 'mobile', [['newsletter', 6]]],
    [true, false, 'mobile', []],
    [
      false,
      true,
      'mobile',
      [
        ['podcastsNotice', 3],
        ['newsletter', 6],
      ],
    ],
    [true, true, 'mobile', [['podcastsNotice', 3]]],
    [false, false, 'desktop', [['newsletter', 6]]],
    [
      false,
      true,
      'desktop',
      [
        ['trendingPlayers', 2],
        ['podcastsNotice', 3],
        ['recentEpisodes', 5],
        ['newsletter', 6],
      ],
    ],
    [
      true,
      true,
      'desktop',
      [
        ['trendingPlayers', 2],
        ['podcastsNotice', 3],
        ['recentEpisodes', 5],
      ],
    ],
  ] as const)('loggedIn %s, podcasts %s, %s → %j', (loggedIn, podcastsEnabled, platform, expected) => {
    const inserts = teamFeedInserts({ loggedIn, podcastsEnabled, platform });
    expect(inserts.map((i) => [i.kind, i.afterIndex])).toEqual(expected);
  });

  it('adds nothing after the first page', () => {
    expect(teamFeedInserts({ loggedIn: false, podcastsEnabled: true, platform: 'desktop', page: 2 })).toEqual(
      [],
    );
  });

  it('puts the newsletter after item 7 and the ad before inserts of the same index', () => {
    const inserts = teamFeedInserts({ loggedIn: false, podcastsEnabled: true, platform: 'desktop' });
    const entries = feedEntries(range(13), { adSlots: [2, 5, 9], inserts });
    const labels = entries.map((e) =>
      e.kind === 'item' ? String(e.item) : e.kind === 'ad' ? 'AD' : e.insert,
    );
    expect(labels.slice(0, 12)).toEqual([
      '1',
      '2',
      '3',
      'AD',
      'trendingPlayers',
      '4',
      'podcastsNotice',
      '5',
      '6',
      'AD',
      'recentEpisodes',
      '7',
    ]);
    expect(labels[12]).toBe('newsletter');
  });

  it('leaves out inserts past a short feed', () => {
    const entries = feedEntries(range(3), {
      inserts: teamFeedInserts({ loggedIn: false, podcastsEnabled: false, platform: 'mobile' }),
    });
    expect(entries.every((e) => e.kind === 'item')).toBe(true);
  });
});

function side(overrides: Partial<GameSide> = {}): GameSide {
  return {
    location: 'Dallas',
    name: 'Cowboys',
    abbr: 'DAL',
    slug: 'dallas-cowboys',
    logo: null,
    sportSlug: 'nfl',
    pending: false,
    standing: null,
    score: null,
    win: null,
    ...overrides,
  };
}

function game(id: number, status: Game['status'], overrides: Partial<Game> = {}): Game {
  return {
    id,
    startsAt: '2026-11-21T18:30:00Z',
    status,
    progress: null,
    videoUrl: null,
    recap: null,
    home: side(),
    away: side({ name: 'Giants', abbr: 'NYG' }),
    ...overrides,
  };
}

describe('games', () => {
  it('groups finished and in-play games as Scores, games in play first, and the rest as Upcoming', () => {
    const games = [
      game(1, 'finished'),
      game(2, 'not-started'),
      game(3, 'in-play'),
      game(4, 'not-started'),
      game(5, 'finished'),
    ];
    const { scores, upcoming } = groupGames(games);
    expect(scores.map((g) => g.id)).toEqual([3, 1, 5]);
    expect(upcoming.map((g) => g.id)).toEqual([2, 4]);
  });

  it('pages games 6 at a time, 2 in medium size', () => {
    expect(gamePages(range(14)).map((p) => p.length)).toEqual([6, 6, 2]);
    expect(gamePages(range(5), true).map((p) => p.length)).toEqual([2, 2, 1]);
    expect(gamePages([])).toEqual([]);
  });

  it.each([
    [game(1, 'finished'), 'Nov 21 - Final'],
    [game(2, 'in-play', { progress: 'Q3 4:12' }), 'Q3 4:12'],
    [game(3, 'in-play'), 'In Progress'],
    [game(4, 'not-started'), 'Nov 21 - 6:30 PM'],
  ])('status text of game %#', (g, text) => {
    expect(gameStatusText(g, { timeZone: 'UTC' })).toBe(text);
  });

  it('finds the winner of finished games only', () => {
    expect(
      gameWinner(game(1, 'finished', { home: side({ score: 3, win: null }), away: side({ score: 10 }) })),
    ).toBe('away');
    expect(gameWinner(game(2, 'finished', { home: side({ win: true }) }))).toBe('home');
    expect(gameWinner(game(3, 'in-play', { home: side({ score: 9 }), away: side({ score: 1 }) }))).toBeNull();
  });
});

describe('sport rules', () => {
  it.each([
    ['mcb', 3],
    ['cf', 3],
    ['premier-league', 3],
    ['nfl', 2],
    ['nba', 2],
  ])('%s teams page has %i columns', (slug, columns) => {
    expect(teamListColumns(slug)).toBe(columns);
  });

  it('labels recap videos for mlb, nfl and nhl only', () => {
    expect(['mlb', 'nfl', 'nhl', 'nba'].map(hasRecapVideo)).toEqual([true, true, true, false]);
  });

  it('hides the video player on errors 100, 101 and 150', () => {
    expect([100, 101, 150, 2, 5].map(hidesVideoPlayer)).toEqual([true, true, true, false, false]);
  });
});
