// The news pages of spec 2 §2 (player, source, topic, user, fantasy team news and the single article
// page) rendered through the real route table against msw: titles, items, empty states, paging links,
// the fantasyTeamId kept in tab links and the source subscribe toast / sign-in prompt.
import type { Player, Source } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeArticle, page } from './content-fixtures.js';
import { API, backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const team = {
  id: 5,
  slug: 'green-bay-packers',
  sportSlug: 'nfl',
  name: 'Packers',
  fullName: 'Green Bay Packers',
  shortName: 'GB',
  logo: '/logos/teams/green-bay-packers.svg',
};

const player: Player = {
  id: 77,
  name: 'Jordan Love',
  slug: 'jordan-love',
  number: '10',
  position: { id: 1, name: 'Quarterback', abbr: 'QB', group: 'Offense' },
  team,
  sport: { id: 1, slug: 'nfl', name: 'NFL', logo: '/logos/sports/nfl.svg' },
  injured: true,
  hot: true,
  trends: 4,
  lastArticles: [],
  lastEpisodes: [],
};

const source: Source = {
  id: 42,
  description: 'Packers news, analysis and opinion from the fans.',
  dailyVolume: 3,
  articlesCount: 120,
  domain: {
    id: 3,
    name: 'acmepackingcompany.com',
    favicon: null,
    description: null,
    isYoutube: false,
    label: 'Acme Packing Company',
  },
  lastArticle: { id: 5, title: 'Last', createdAt: '2026-11-20T15:00:00Z' },
  teams: [team],
  following: false,
  egg: { id: 3 },
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('player pages', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/v1/players/:id`, ({ params }) =>
        params.id === 'jordan-love'
          ? HttpResponse.json({ player })
          : HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 }),
      ),
      http.get(`${API}/api/v1/players/:id/feeds`, () =>
        HttpResponse.json({
          feed: {
            id: 'jordan-love',
            articles: [makeArticle('Love leads comeback')],
            videos: [],
            episodes: [],
            players: [],
          },
        }),
      ),
      http.get(`${API}/api/v1/players/:id/articles`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return HttpResponse.json(
          page('articles', [makeArticle(`Love news page ${n}`)], {
            page: n,
            totalPages: 4,
            rss: '/rss/players/jordan-love',
          }),
        );
      }),
    );
  });

  it('shows the popular tab with the header, tabs keeping fantasyTeamId and the feed', async () => {
    await renderSite('/players/jordan-love?fantasyTeamId=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jordan Love' })).toBeTruthy();
    expect(await screen.findByText('Love leads comeback')).toBeTruthy();
    expect(screen.getByText(/Quarterback - Packers/)).toBeTruthy();
    expect(screen.getByText('Injured')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Jordan Love sections' });
    expect(within(tabs).getByRole('link', { name: 'News' }).getAttribute('href')).toBe(
      '/players/jordan-love/news?fantasyTeamId=9',
    );
    expect(within(tabs).getByRole('link', { name: 'Podcasts' }).getAttribute('href')).toBe(
      '/players/jordan-love/podcasts?fantasyTeamId=9',
    );
    await waitFor(() => expect(document.title).toBe('Jordan Love | SportSpyder'));
  });

  it('pages the news tab with the RSS link and page links', async () => {
    await renderSite('/players/jordan-love/news?page=2');
    expect(await screen.findByText('Love news page 2')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Jordan Love News' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe('/rss/players/jordan-love');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/players/jordan-love/news?page=3',
    );
  });

  it('shows the empty state when the player has no articles', async () => {
    server.use(http.get(`${API}/api/v1/players/:id/articles`, () => HttpResponse.json(page('articles', []))));
    await renderSite('/players/jordan-love/news');
    expect(await screen.findByText('No Articles')).toBeTruthy();
    expect(screen.getByText('There are no recent articles for Jordan Love')).toBeTruthy();
  });
});

describe('source news page', () => {
  let follows: number[] = [];
  beforeEach(() => {
    follows = [];
    server.use(
      http.get(`${API}/api/v1/sources/:id`, () =>
        HttpResponse.json({ source: { ...source, following: follows.includes(source.id) } }),
      ),
      http.get(`${API}/api/v1/sources/:id/articles`, () =>
        HttpResponse.json(page('articles', [makeArticle('Packers clinch')])),
      ),
      http.post(`${API}/api/v1/profile/source_follows`, async ({ request }) => {
        const body = (await request.json()) as { sourceFollow: { sourceId: number } };
        follows.push(body.sourceFollow.sourceId);
        return HttpResponse.json(
          { sourceFollow: { id: 1, sourceId: body.sourceFollow.sourceId } },
          { status: 201 },
        );
      }),
      http.get(`${API}/api/v1/profile/source_follows`, () => HttpResponse.json(page('sourceFollows', []))),
    );
  });

  it('shows the source box and its articles', async () => {
    await renderSite('/sources/42/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Packing Company News' })).toBeTruthy();
    expect(await screen.findByText('Packers clinch')).toBeTruthy();
    expect(screen.getByText('3 articles/day')).toBeTruthy();
  });

  it('asks a visitor to sign in before subscribing', async () => {
    await renderSite('/sources/42/news');
    fireEvent.click(await screen.findByRole('button', { name: /Subscribe/ }));
    expect(await screen.findByRole('dialog', { name: 'Sign in required' })).toBeTruthy();
  });

  it('subscribes a member with the toast', async () => {
    backend.session = signedInSession();
    const site = await renderSite('/sources/42/news');
    const button = await screen.findByRole('button', { name: /Subscribe/ });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() =>
      expect(site.client.toasts.getSnapshot().map((t) => t.text)).toContain(
        'Now subscribed to "Acme Packing Company"',
      ),
    );
    expect(follows).toEqual([42]);
  });
});

describe('topic, user and fantasy team news', () => {
  it('lists the topic news with paging, and the other sports in columns', async () => {
    server.use(
      http.get(`${API}/api/v1/topics/:id/articles`, ({ request }) => {
        const url = new URL(request.url);
        const domain = url.searchParams.get('domainId');
        return HttpResponse.json(
          page('articles', [makeArticle(domain ? `From domain ${domain}` : 'Golf story')], { totalPages: 2 }),
        );
      }),
    );
    await renderSite('/s/golf');
    expect(await screen.findByText('Golf story')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Golf News' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/s/golf?page=2');
    cleanup();
    await renderSite('/s/golf/sources/1/news');
    expect(await screen.findByText('From domain 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Golf News from Example News' })).toBeTruthy();
    cleanup();
    await renderSite('/topics');
    expect(await screen.findByRole('link', { name: 'Tennis' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Golf' }).getAttribute('href')).toBe('/s/golf');
  });

  it("shows a member's combined team news and an empty fantasy team", async () => {
    server.use(
      http.get(`${API}/api/v1/users/:id/articles`, () =>
        HttpResponse.json(page('articles', [makeArticle('Followed team story')])),
      ),
      http.get(`${API}/api/v1/fantasy_teams/:id`, () =>
        HttpResponse.json({
          fantasyTeam: {
            id: 3,
            name: 'Gridiron Kings',
            fullName: 'Gridiron Kings',
            logo: null,
            meta: null,
            count: 0,
            sportId: 1,
            sportSlug: 'nfl',
            sport: 'NFL',
            user: { id: 1, username: 'demo' },
            rosters: [],
          },
        }),
      ),
      http.get(`${API}/api/v1/fantasy_teams/:id/articles`, () => HttpResponse.json(page('articles', []))),
    );
    await renderSite('/news/demo');
    expect(await screen.findByText('Followed team story')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: "demo's Teams News" })).toBeTruthy();
    cleanup();
    await renderSite('/fantasy_teams/3/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gridiron Kings News' })).toBeTruthy();
    expect(await screen.findByText('No Articles')).toBeTruthy();
  });
});

describe('single article pages', () => {
  it('shows the article, the "More News" back link and more from the source', async () => {
    const article = makeArticle('The big trade', { id: 900 });
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () => HttpResponse.json({ article })),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json(page('articles', [article, makeArticle('Another from them')])),
      ),
    );
    await renderSite('/players/jordan-love/articles/900');
    expect(await screen.findByRole('heading', { level: 1, name: 'The big trade' })).toBeTruthy();
    // The story's title is shown once: the card's own title is the page's heading.
    await waitFor(() => expect(screen.getAllByText('The big trade')).toHaveLength(1));
    expect(screen.getAllByRole('heading', { name: 'The big trade' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '← More News' }).getAttribute('href')).toBe(
      '/players/jordan-love/news',
    );
    expect(await screen.findByRole('heading', { name: 'More from Example News' })).toBeTruthy();
    expect(screen.getByText('Another from them')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('The big trade | SportSpyder'));
  });
});
