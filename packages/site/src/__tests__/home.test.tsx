// The home page (spec 2 §2 "Home"): the hero with the team picker and "How it works", Today's Top
// Stories from api/v1/top_stories and a block per sport from the sport feeds.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeArticle } from './content-fixtures.js';
import { API, backend, server, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const feedRequests: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  feedRequests.length = 0;
  server.use(
    http.get(`${API}/api/v1/top_stories`, () =>
      HttpResponse.json({
        topStories: {
          id: 'top',
          articles: ['Lead headline', 'Side one', 'Side two', 'Side three', 'Thumb one', 'Thumb two'].map(
            (title) => makeArticle(title),
          ),
          episodes: [],
        },
      }),
    ),
    http.get(`${API}/api/v1/sports/:sportId/feeds`, ({ params }) => {
      const slug = String(params.sportId);
      feedRequests.push(slug);
      return HttpResponse.json({
        feed: {
          id: slug,
          articles: [makeArticle(`${slug} top article`)],
          videos: [],
          episodes: [],
          players: [],
        },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('home page', () => {
  it('shows the hero, How it works and the top stories', async () => {
    await renderSite('/');
    expect(
      screen.getByRole('heading', { level: 1, name: "What's Happening in Sports Right Now" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/about/features');
    const stories = screen.getByRole('region', { name: "Today's Top Stories" });
    expect(await within(stories).findByText('Lead headline')).toBeTruthy();
    expect(within(stories).getByText('Side three')).toBeTruthy();
    expect(within(stories).getByText('Thumb two')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sports News, Podcasts and Chat | SportSpyder'));
  });

  it('shows a block per sport (the first 4 sports) with its top articles', async () => {
    await renderSite('/');
    const nfl = await screen.findByRole('region', { name: 'NFL' });
    expect(await within(nfl).findByText('nfl top article')).toBeTruthy();
    expect(within(nfl).getByRole('link', { name: 'More NFL News' }).getAttribute('href')).toBe(
      '/sports/nfl/news',
    );
    expect(await screen.findByText('mcb top article')).toBeTruthy();
    expect(new Set(feedRequests)).toEqual(new Set(['nfl', 'nba', 'mls', 'mcb']));
  });

  it('ends up rendering every sport block with its articles (the blocks render in deferred updates)', async () => {
    await renderSite('/');
    for (const [slug, name] of [
      ['nfl', 'NFL'],
      ['nba', 'NBA'],
      ['mls', 'MLS'],
      ['mcb', 'College Basketball'],
    ] as const) {
      const block = await screen.findByRole('region', { name });
      expect(await within(block).findByText(`${slug} top article`)).toBeTruthy();
      expect(within(block).getAllByTestId('article-card')).toHaveLength(1);
      expect(within(block).queryByText(`No ${name} stories yet.`)).toBeNull();
    }
    const stories = screen.getByRole('region', { name: "Today's Top Stories" });
    expect(within(stories).getAllByTestId('article-card')).toHaveLength(6);
  });

  it('goes to the news of the team picked in the hero', async () => {
    const site = await renderSite('/');
    const picker = screen.getByRole('form', { name: 'Find your team' });
    const [sportSelect, teamSelect] = within(picker).getAllByRole('combobox') as HTMLSelectElement[];
    expect(teamSelect?.disabled).toBe(true);
    fireEvent.change(sportSelect as HTMLSelectElement, { target: { value: 'nfl' } });
    expect(
      within(teamSelect as HTMLSelectElement).getByRole('option', { name: 'Green Bay Packers' }),
    ).toBeTruthy();
    fireEvent.change(teamSelect as HTMLSelectElement, { target: { value: 'green-bay-packers' } });
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/news'));
  });
});
