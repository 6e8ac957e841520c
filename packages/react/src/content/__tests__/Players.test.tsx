import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerCard } from '../PlayerCard.js';
import { TrendingPlayers } from '../TrendingPlayers.js';
import { makeArticle, makePlayer } from './content-fixtures.js';

afterEach(cleanup);

describe('PlayerCard', () => {
  it('shows the team logo, position and team, last 2 articles, latest episode and the news link', () => {
    const player = makePlayer({
      name: 'Dak Prescott',
      slug: 'dak-prescott',
      lastArticles: [
        makeArticle({ title: 'One' }),
        makeArticle({ title: 'Two' }),
        makeArticle({ title: 'Three' }),
      ],
      lastEpisodes: [
        {
          id: 55,
          title: 'Dak talk',
          imageUrl: null,
          enclosureUrl: 'https://pod.example/55.mp3',
          duration: 600,
          publishedAt: '2026-11-20T00:00:00Z',
          podcast: { id: 9, title: 'Cowboys Cast', shortTitle: null, imageUrl: null },
        },
      ],
    });
    render(<PlayerCard player={player} />);
    expect(screen.getByRole('img', { name: 'Cowboys' })).toBeTruthy();
    expect(screen.getByText('QB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cowboys' }).getAttribute('href')).toBe(
      '/nfl/dallas-cowboys/news',
    );
    expect(screen.getByRole('link', { name: 'One' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Two' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Three' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dak talk' }).getAttribute('href')).toBe(
      '/podcasts/9/episodes/55',
    );
    expect(screen.getByRole('link', { name: 'All Dak Prescott news' }).getAttribute('href')).toBe(
      '/players/dak-prescott/news',
    );
    expect(screen.queryByRole('img', { name: 'Injured' })).toBeNull();
  });

  it('shows the injury icon with the injury text as its title', () => {
    render(<PlayerCard player={makePlayer({ injured: true })} injuryText="Questionable: ankle" />);
    expect(screen.getByRole('img', { name: 'Questionable: ankle' }).getAttribute('title')).toBe(
      'Questionable: ankle',
    );
  });
});

describe('TrendingPlayers', () => {
  it('lists at most `max` players', () => {
    const players = Array.from({ length: 10 }, () => makePlayer());
    render(<TrendingPlayers players={players} max={8} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: players[0]?.name ?? '' }).getAttribute('href')).toBe(
      `/players/${players[0]?.slug}`,
    );
  });

  it('says "No trending players." without players', () => {
    render(<TrendingPlayers players={[]} />);
    expect(screen.getByText('No trending players.')).toBeTruthy();
  });
});
