import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GameCard } from '../GameCard.js';
import { GamesList } from '../GamesList.js';
import { finishedGame, makeGame } from './content-fixtures.js';

afterEach(cleanup);
const utc = { timeZone: 'UTC' };

describe('GameCard', () => {
  it('shows a finished game as "date - Final" with scores and win/lose styling', () => {
    render(<GameCard game={finishedGame(24, 17)} dateFormat={utc} />);
    expect(screen.getByText('Nov 21 - Final')).toBeTruthy();
    const sides = screen.getAllByRole('listitem');
    const [away, home] = sides;
    expect(home?.getAttribute('data-result')).toBe('win');
    expect(home?.textContent).toContain('24');
    expect(away?.getAttribute('data-result')).toBe('lose');
    expect(away?.textContent).toContain('17');
    const cowboys = screen.getByRole('link', { name: /Cowboys/ });
    expect(cowboys.getAttribute('href')).toBe('/nfl/dallas-cowboys/news');
    // The abbreviation narrow cards show instead of an ellipsised nickname, titled with the name.
    expect(cowboys.querySelector('abbr')?.getAttribute('title')).toBe('Cowboys');
  });

  it('shows the start time and no score before the game, and the progress in play', () => {
    const { rerender } = render(<GameCard game={makeGame()} dateFormat={utc} />);
    expect(screen.getByText('Nov 23 - 6:00 PM')).toBeTruthy();
    expect(document.querySelector('.ss-game__score')).toBeNull();
    rerender(<GameCard game={makeGame({ status: 'in-play', progress: 'Q3 4:12' })} dateFormat={utc} />);
    expect(screen.getByText('Q3 4:12')).toBeTruthy();
    expect(document.querySelector('[data-result]')).toBeNull();
  });
});

describe('GamesList', () => {
  it('groups games into Scores and Upcoming', () => {
    render(
      <GamesList
        games={[makeGame(), finishedGame(1, 2), makeGame({ status: 'in-play' })]}
        dateFormat={utc}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Scores' })).getAllByTestId('game-card')).toHaveLength(
      2,
    );
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getAllByTestId('game-card')).toHaveLength(
      1,
    );
  });

  it('pages 6 games at a time, 2 in medium size', () => {
    const games = Array.from({ length: 8 }, () => makeGame());
    render(<GamesList games={games} dateFormat={utc} />);
    const upcoming = () => screen.getByRole('region', { name: 'Upcoming' });
    expect(within(upcoming()).getAllByTestId('game-card')).toHaveLength(6);
    expect(within(upcoming()).getByText('1 / 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next upcoming' }));
    expect(within(upcoming()).getAllByTestId('game-card')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Next upcoming' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<GamesList games={games} dateFormat={utc} medium />);
    expect(within(upcoming()).getAllByTestId('game-card')).toHaveLength(2);
    expect(within(upcoming()).getByText('1 / 4')).toBeTruthy();
  });

  it('says "No games scheduled" without games', () => {
    render(<GamesList games={[]} />);
    expect(screen.getByText('No games scheduled')).toBeTruthy();
  });
});
