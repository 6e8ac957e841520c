// The search pages of spec 2 "Search" rendered through the real route table against msw: every
// section with its count, one section with sort, filter and page in the URL, the no-results texts,
// ignored words, and no fetch for a blank query.
import type { SearchCounts, SearchResults } from '@sportspyder/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeArticle } from './content-fixtures.js';
import { API, backend, packers, server, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const ZERO: SearchCounts = {
  teams: 0,
  topics: 0,
  players: 0,
  articles: 0,
  tweets: 0,
  sites: 0,
  sources: 0,
  podcasts: 0,
  episodes: 0,
};

function meta(
  counts: Partial<SearchCounts>,
  extra: { stopWords?: string[]; page?: number; perPage?: number } = {},
) {
  const all = { ...ZERO, ...counts };
  const total = Object.values(all).reduce((a, b) => a + b, 0);
  const perPage = extra.perPage ?? 25;
  return {
    counts: all,
    totalResults: total,
    stopWords: extra.stopWords ?? [],
    rss: null,
    pagination: { page: extra.page ?? 1, perPage, totalPages: Math.ceil(total / perPage), totalCount: total },
  };
}

const requests: URL[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  requests.length = 0;
  server.use(
    http.get(`${API}/api/v1/search/results`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const q = url.searchParams.get('q');
      if (q === 'the') {
        return HttpResponse.json({ ...emptyResults(), meta: meta({}, { stopWords: ['the'] }) });
      }
      const results: SearchResults = {
        ...emptyResults(),
        teams: [packers],
        articles: [makeArticle('Packers beat the Bears')],
        meta: meta({ teams: 1, articles: 40 }),
      };
      return HttpResponse.json(results);
    }),
    http.get(`${API}/api/v1/search/articles`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const n = Number(url.searchParams.get('page') ?? '1');
      return HttpResponse.json({
        articles: [makeArticle(`Packers story page ${n} ${url.searchParams.get('filter') ?? 'anytime'}`)],
        meta: meta({ articles: 60 }, { page: n }),
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

function emptyResults(): SearchResults {
  return {
    teams: [],
    topics: [],
    players: [],
    articles: [],
    tweets: [],
    sites: [],
    sources: [],
    podcasts: [],
    episodes: [],
    meta: meta({}),
  };
}

describe('/search', () => {
  it('shows each section that found something, with its count and a link to all of it', async () => {
    await renderSite('/search?q=packers');
    const teams = await screen.findByRole('region', { name: 'Teams (1)' });
    const link = within(teams).getByRole('link', { name: /Green Bay Packers/ });
    expect(link.getAttribute('href')).toBe('/nfl/green-bay-packers');
    expect(link.querySelector('mark')?.textContent).toBe('Packers');
    const articles = screen.getByRole('region', { name: 'Articles (40)' });
    expect(within(articles).getByText('Packers beat the Bears')).toBeTruthy();
    expect(within(articles).getByRole('link', { name: 'See all articles' }).getAttribute('href')).toBe(
      '/search/articles?q=packers',
    );
    expect(screen.queryByRole('region', { name: /Players/ })).toBeNull();
    expect(screen.getByText('41 results').getAttribute('role')).toBe('status');
    expect((screen.getByRole('searchbox', { name: 'Search SportSpyder' }) as HTMLInputElement).value).toBe(
      'packers',
    );
    await waitFor(() => expect(document.title).toBe('Search: packers | SportSpyder'));
  });

  it('says "No results found" with the invitation to tell us, and names the ignored words', async () => {
    await renderSite('/search?q=the');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: "Hey we're not perfect! Tell us who we should be following." })
        .getAttribute('href'),
    ).toBe('/contact/1');
    expect(screen.getByText('Common words were left out of your search: "the".')).toBeTruthy();
  });

  it('fetches nothing for a blank query and drops q when a blank query is submitted', async () => {
    const site = await renderSite('/search?q=%20%20');
    expect(await screen.findByText(/Search for teams, players/)).toBeTruthy();
    expect(requests).toHaveLength(0);
    const box = screen.getByRole('searchbox', { name: 'Search SportSpyder' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(site.path()).toBe('/search'));
  });
});

describe('/search/articles', () => {
  it('keeps sort, time filter and page in the URL', async () => {
    const site = await renderSite('/search/articles?q=packers');
    expect(await screen.findByText('Packers story page 1 anytime')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: 'week' } });
    expect(await screen.findByText('Packers story page 1 week')).toBeTruthy();
    expect(site.path()).toBe('/search/articles?q=packers&filter=week');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'relevance' } });
    await waitFor(() => expect(site.path()).toBe('/search/articles?q=packers&sort=relevance&filter=week'));
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/search/articles?q=packers&sort=relevance&filter=week&page=2',
    );
    const last = requests.at(-1);
    expect(last?.searchParams.get('sort')).toBe('relevance');
    expect(last?.searchParams.get('filter')).toBe('week');
  });

  it('submits a new query from the first page, keeping sort and filter', async () => {
    const site = await renderSite('/search/articles?q=packers&filter=month&page=2');
    expect(await screen.findByText('Packers story page 2 month')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search SportSpyder' });
    fireEvent.change(box, { target: { value: 'bears' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(site.path()).toBe('/search/articles?q=bears&filter=month'));
  });
});
