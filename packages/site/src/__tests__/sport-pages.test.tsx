// The sport pages (spec 2 §2 "Sport pages"): news with RSS, paging and sidebar; popular; teams in
// columns with stars; trending players; the single article with its back link.
import type { Game } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeArticle, makeEpisode, makePlayer, page } from './content-fixtures.js';
import { API, backend, makeUser, packers, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const games: Game[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  server.use(
    http.get(`${API}/api/v1/sports/:sportId/games`, () =>
      HttpResponse.json(page('games', games, { page: 1, totalPages: 1 })),
    ),
    http.get(`${API}/api/v1/sports/:sportId/hot_players`, ({ request }) => {
      const perPage = Number(new URL(request.url).searchParams.get('perPage') ?? 25);
      const players = Array.from({ length: 12 }, (_, i) => makePlayer(`Star Player ${i + 1}`)).slice(
        0,
        perPage,
      );
      return HttpResponse.json(page('players', players, { page: 1, totalPages: 1 }));
    }),
    http.get(`${API}/api/v1/sports/:sportId/articles/new_count`, () =>
      HttpResponse.json({ newItems: { count: 0 } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('sport news page', () => {
  it('shows the title, RSS link, articles, paging links, games and trending players', async () => {
    const requested: string[] = [];
    server.use(
      http.get(`${API}/api/v1/sports/nfl/articles`, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page') ?? 1);
        requested.push(String(p));
        return HttpResponse.json(
          page('articles', [makeArticle(`NFL story of page ${p}`)], {
            page: p,
            totalPages: 9,
            rss: `${API}/rss/sports/nfl.xml`,
          }),
        );
      }),
    );
    await renderSite('/sports/nfl/news?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Latest NFL News' })).toBeTruthy();
    expect(await screen.findByText('NFL story of page 2')).toBeTruthy();
    expect(requested).toContain('2');
    expect(screen.getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe(`${API}/rss/sports/nfl.xml`);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
        '/sports/nfl/news?page=3',
      ),
    );
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/sports/nfl/news');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/sports/nfl/news?page=3');
    expect(screen.getByText('No games scheduled')).toBeTruthy();
    const trending = screen.getByRole('region', { name: 'Trending Players' });
    await waitFor(() => expect(within(trending).getAllByRole('listitem')).toHaveLength(8));
    await waitFor(() => expect(document.title).toBe('The Latest NFL News | SportSpyder'));
  });
});

describe('sport news new-items banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls for new articles after 90 s and reloads the feed on Refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let round = 0;
    const sinces: string[] = [];
    server.use(
      http.get(`${API}/api/v1/sports/nfl/articles`, () => {
        round += 1;
        return HttpResponse.json(
          page('articles', [makeArticle(`Feed load ${round}`, { id: 100 + round })], {
            page: 1,
            totalPages: 1,
          }),
        );
      }),
      http.get(`${API}/api/v1/sports/nfl/articles/new_count`, ({ request }) => {
        sinces.push(new URL(request.url).searchParams.get('since') ?? '');
        return HttpResponse.json({ newItems: { count: 3 } });
      }),
    );
    await renderSite('/sports/nfl/news');
    expect(await screen.findByText('Feed load 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '3 new articles' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90_000);
    });
    const banner = await screen.findByRole('button', { name: '3 new articles' });
    expect(sinces).toEqual(['101']);
    fireEvent.click(banner);
    expect(await screen.findByText('Feed load 2')).toBeTruthy();
  });
});

describe('sport popular page', () => {
  it('shows the lead, groups, at most 6 players, episodes and the all-articles links', async () => {
    const articles = Array.from({ length: 14 }, (_, i) => makeArticle(`Popular story ${i + 1}`));
    server.use(
      http.get(`${API}/api/v1/sports/nfl/feeds`, () =>
        HttpResponse.json({
          feed: {
            id: 'nfl',
            articles,
            videos: [],
            episodes: [
              makeEpisode('Big episode'),
              makeEpisode('Second episode'),
              makeEpisode('Small episode'),
            ],
            players: Array.from({ length: 9 }, (_, i) => makePlayer(`Hot Player ${i + 1}`)),
          },
        }),
      ),
    );
    await renderSite('/sports/nfl');
    expect(await screen.findByText('Popular story 1')).toBeTruthy();
    const lead = screen.getByRole('region', { name: 'Lead story' });
    expect(within(lead).getByText('Popular story 1')).toBeTruthy();
    // Lead + the full-width ad layout's groups 3, 2, 2, 3, 2 (fullWidthAds is on) = 13 articles.
    expect(screen.getByText('Popular story 13')).toBeTruthy();
    expect(screen.queryByText('Popular story 14')).toBeNull();
    const trending = screen.getByRole('region', { name: 'Trending Players' });
    expect(within(trending).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Big episode' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Small episode' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All NFL articles' }).getAttribute('href')).toBe(
      '/sports/nfl/news',
    );
    expect(screen.getByRole('link', { name: 'All NFL podcasts' }).getAttribute('href')).toBe(
      '/sports/nfl/podcasts',
    );
  });
});

describe('sport teams page', () => {
  it('lists divisions in 2 columns with team links and a star on followed teams', async () => {
    backend.session = signedInSession(makeUser({ followingTeams: [{ id: 1, teamId: packers.id }] }));
    await renderSite('/sports/nfl/teams');
    const link = await screen.findByRole('link', { name: 'Green Bay Packers' });
    expect(link.getAttribute('href')).toBe('/nfl/green-bay-packers/news');
    expect(screen.getByRole('heading', { name: 'NFC North' })).toBeTruthy();
    expect(document.querySelector('[data-columns]')?.getAttribute('data-columns')).toBe('2');
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Following' })).toHaveLength(1));
    const raidersItem = screen.getByRole('link', { name: 'Las Vegas Raiders' }).closest('li');
    expect(raidersItem && within(raidersItem).queryByRole('img', { name: 'Following' })).toBeNull();
  });

  it('uses 3 columns for college basketball and drops "Basketball" from names', async () => {
    await renderSite('/sports/mcb/teams');
    expect(await screen.findByRole('link', { name: 'Duke Blue Devils' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Duke Blue Devils Basketball' })).toBeNull();
    expect(document.querySelector('[data-columns]')?.getAttribute('data-columns')).toBe('3');
  });
});

describe('sport players page', () => {
  it('shows 10 trending player cards', async () => {
    await renderSite('/sports/nfl/players');
    expect(await screen.findByText('Star Player 1')).toBeTruthy();
    expect(screen.getByText('Star Player 10')).toBeTruthy();
    expect(screen.queryByText('Star Player 11')).toBeNull();
  });

  it('says "No trending players." when there are none', async () => {
    server.use(
      http.get(`${API}/api/v1/sports/:sportId/hot_players`, () =>
        HttpResponse.json(page('players', [], { page: 1, totalPages: 0 })),
      ),
    );
    await renderSite('/sports/nba/players');
    expect(await screen.findByText('No trending players.')).toBeTruthy();
  });
});

describe('single article page', () => {
  it('shows the article, the fallback back link and more from the source', async () => {
    const article = makeArticle('The one article');
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () => HttpResponse.json({ article })),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json(
          page('articles', [makeArticle('Another from Example')], { page: 1, totalPages: 1 }),
        ),
      ),
    );
    await renderSite(`/sports/nfl/articles/${article.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The one article' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /More NFL News/ }).getAttribute('href')).toBe('/sports/nfl/news');
    expect(await screen.findByRole('heading', { name: 'More from Example News' })).toBeTruthy();
    expect(screen.getByText('Another from Example')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('The one article | SportSpyder'));
  });
});
