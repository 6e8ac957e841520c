// The spoiler shield's client rules (issue 49): live chat messages the server has not judged, and game
// pushes (the same for every reader) on a shielded member's page.
import type { Game, GameSide } from '@sportspyder/contract';
import { describe, expect, it } from 'vitest';
import { chatMessageHidden, shieldPushedGame } from '../spoiler-shields.js';

const side = (slug: string, score: number | null): GameSide => ({
  location: slug,
  name: slug,
  abbr: slug.slice(0, 3).toUpperCase(),
  slug,
  logo: null,
  sportSlug: 'nfl',
  pending: false,
  standing: null,
  score,
  win: null,
});
const game = (overrides: Partial<Game> = {}): Game => ({
  id: 7,
  startsAt: '2026-11-21T18:00:00.000Z',
  status: 'in-play',
  progress: 'Q1 3:00',
  videoUrl: null,
  recap: null,
  home: side('dallas-cowboys', 7),
  away: side('philadelphia-eagles', 3),
  ...overrides,
});

describe('chatMessageHidden', () => {
  it('blurs a live message naming a score while a shield is on', () => {
    expect(chatMessageHidden({ content: 'Pack win 24-17!!' }, true)).toBe(true);
    expect(chatMessageHidden({ content: 'up 3 – 2 at the half' }, true)).toBe(true);
    expect(chatMessageHidden({ content: 'Pack win 24-17!!' }, false)).toBe(false);
  });

  it('leaves times, dates and plain talk readable', () => {
    expect(chatMessageHidden({ content: 'Kickoff at 7:30 tonight' }, true)).toBe(false);
    expect(chatMessageHidden({ content: 'See you on 2026-12-03' }, true)).toBe(false);
    expect(chatMessageHidden({ content: 'What a catch by Reed' }, true)).toBe(false);
  });

  it("follows the server's judgement when the message carries one", () => {
    expect(chatMessageHidden({ content: 'Great win over the Bears', spoiler: true }, true)).toBe(true);
    expect(chatMessageHidden({ content: 'Last year it ended 24-17', spoiler: false }, true)).toBe(false);
  });
});

describe('shieldPushedGame', () => {
  it('keeps a game hidden that the server sent hidden', () => {
    const shown = shieldPushedGame(game({ status: 'finished' }), {
      known: { status: 'in-play', resultHidden: true },
    });
    expect(shown).toMatchObject({ resultHidden: true, recap: null });
    expect([shown.home.score, shown.away.score, shown.home.win]).toEqual([null, null, null]);
  });

  it("hides a shielded team's game that starts while the page is open, not another team's", () => {
    const shieldedSlugs = new Set(['dallas-cowboys']);
    const known = { status: 'not-started' as const };
    expect(shieldPushedGame(game(), { known, shieldedSlugs }).resultHidden).toBe(true);
    const other = game({ home: side('detroit-lions', 7) });
    expect(shieldPushedGame(other, { known, shieldedSlugs })).toBe(other);
    // A game the server already showed (revealed, or the period over) stays shown.
    const shown = game();
    expect(shieldPushedGame(shown, { known: { status: 'in-play' }, shieldedSlugs })).toBe(shown);
  });
});
