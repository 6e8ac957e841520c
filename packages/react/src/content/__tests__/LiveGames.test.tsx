// Live scores on an open page (issue 45): a GamesChannel push replaces the game's card in place, a new
// game of the team joins the list, other teams' games stay out, and a reconnect reads the games again.
import type { Game } from '@sportspyder/contract';
import { createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, type FakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SportSpyderProvider } from '../../SportSpyderProvider.js';
import { GameCard } from '../GameCard.js';
import { GamesList } from '../GamesList.js';
import { useLiveGames } from '../useLiveGames.js';
import { finishedGame, makeGame } from './content-fixtures.js';

const utc = { timeZone: 'UTC' };

function TeamGames(props: { games: Game[]; onReconnect: () => void }) {
  const live = useLiveGames('nfl', props.games, {
    teamSlug: 'dallas-cowboys',
    onReconnect: props.onReconnect,
  });
  return <GamesList games={live ?? []} dateFormat={utc} />;
}

describe('useLiveGames', () => {
  let cable: FakeCable;
  let client: SportSpyderClient;
  beforeEach(() => {
    cable = createFakeCable();
    client = createClient({ baseUrl: 'http://localhost', storage: memoryStorage(), realtime: cable });
  });
  afterEach(cleanup);

  it('moves the score of the card in place, adds the team’s new game and reads again after a reconnect', async () => {
    const now = Date.now();
    const live = makeGame({
      startsAt: new Date(now - 3_600_000).toISOString(),
      status: 'in-play',
      progress: 'Q3 4:12',
    });
    live.home.score = 10;
    live.away.score = 7;
    const games = [live];
    const onReconnect = vi.fn();
    render(
      <SportSpyderProvider client={client}>
        <TeamGames games={games} onReconnect={onReconnect} />
      </SportSpyderProvider>,
    );
    await act(async () => {});
    expect(cable.isSubscribed('GamesChannel')).toBe(true);
    const card = screen.getByTestId('game-card');
    expect(card.textContent).toContain('Q3 4:12');

    const scored = structuredClone(live);
    scored.home.score = 17;
    scored.progress = 'Q4 11:02';
    const elsewhere = makeGame({ startsAt: new Date(now + 86_400_000).toISOString() });
    elsewhere.home = { ...elsewhere.home, slug: 'new-york-giants', name: 'Giants' };
    elsewhere.away = { ...elsewhere.away, slug: 'washington-commanders', name: 'Commanders' };
    const next = makeGame({ startsAt: new Date(now + 2 * 86_400_000).toISOString() });
    act(() => {
      cable.push('GamesChannel', { games: [scored, elsewhere, next], seq: 1 }, { sportSlug: 'nfl' });
    });
    // The same card element, its score and progress changed.
    expect(screen.getAllByTestId('game-card')[0]).toBe(card);
    expect(card.textContent).toContain('Q4 11:02');
    expect(card.textContent).toContain('17');
    expect(card.textContent).not.toContain('Q3 4:12');
    // The team's next game joined Upcoming; another pair's game did not.
    expect(screen.getAllByTestId('game-card')).toHaveLength(2);
    expect(screen.queryByText('Giants')).toBeNull();

    expect(onReconnect).not.toHaveBeenCalled();
    act(() => cable.reconnect());
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });
});

describe('GameCard recap', () => {
  afterEach(cleanup);

  it('links a finished game to its recap article, named by its headline', () => {
    const game = finishedGame(24, 17);
    game.recap = { id: 42, title: 'Cowboys hold off Eagles', path: '/articles/42' };
    game.videoUrl = 'https://video.example/recap';
    render(<GameCard game={game} dateFormat={utc} />);
    const recap = screen.getByRole('link', { name: 'Recap: Cowboys hold off Eagles' });
    expect(recap.getAttribute('href')).toBe('/articles/42');
  });
});
