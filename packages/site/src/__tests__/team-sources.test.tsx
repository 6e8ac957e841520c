// The team's source pages (spec 2 §2 "Team pages"): news/discover and videos/discover with source
// boxes, Subscribe and its toast, the visitor prompt and paging; sources/:id/news and /videos with
// the source box and the filtered list; and the summary pills of the team page (spec 2 §3, §4).
import type { Article, Source, SummarySection } from '@sportspyder/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeArticle } from './content-fixtures.js';
import { API, backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const TEAM = `${API}/api/v1/teams/green-bay-packers`;

const page = <T,>(key: string, items: T[], pagination = { page: 1, totalPages: 1 }) => ({
  [key]: items,
  meta: { pagination: { ...pagination, perPage: 12, totalCount: items.length * pagination.totalPages } },
});

function makeSource(id: number, label: string, following = false): Source {
  return {
    id,
    description: `${label} covers the Packers every day of the week.`,
    dailyVolume: 3,
    articlesCount: 40,
    domain: { id, name: `${id}.example`, favicon: null, description: null, isYoutube: false, label },
    lastArticle: null,
    teams: [],
    following,
    egg: { id },
  };
}

/** An article of the source "Drill" (id and egg 14), the one the source pages show. */
function drillArticle(id: number, title: string): Article {
  return makeArticle(title, {
    id,
    domain: {
      id: 14,
      name: 'drill.example',
      favicon: null,
      description: null,
      isYoutube: false,
      label: 'Drill',
    },
    egg: { id: 14 },
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('team discover pages', () => {
  it('lists the news sources with paging, and asks visitors to sign in to subscribe', async () => {
    const queries: string[] = [];
    server.use(
      http.get(`${TEAM}/sources`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(
          page('sources', [makeSource(1, 'Cheesehead Chronicle'), makeSource(2, 'Gridiron Wire')], {
            page: 2,
            totalPages: 3,
          }),
        );
      }),
    );
    await renderSite('/nfl/green-bay-packers/news/discover?page=2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discover Green Bay Packers News Sources' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Discover Green Bay Packers News Sources | SportSpyder'));
    expect(await screen.findByRole('link', { name: 'Cheesehead Chronicle' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cheesehead Chronicle' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/sources/1/news',
    );
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news/discover?page=3',
    );
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news/discover',
    );
    expect(queries[0]).toContain('video=false');
    expect(queries[0]).toContain('page=2');

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Gridiron Wire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in required' });
    expect(within(dialog).getByText(/subscribe to Gridiron Wire/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
  });

  it('subscribes a member to a video channel with the toast', async () => {
    backend.session = signedInSession();
    let following = false;
    const calls: string[] = [];
    server.use(
      http.get(`${TEAM}/sources`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('video')).toBe('true');
        return HttpResponse.json(page('sources', [makeSource(5, 'Packers Film Room', following)]));
      }),
      http.post(`${API}/api/v1/profile/source_follows`, async ({ request }) => {
        calls.push(JSON.stringify(await request.json()));
        following = true;
        return HttpResponse.json({ sourceFollow: { id: 1, sourceId: 5 } }, { status: 201 });
      }),
    );
    await renderSite('/nfl/green-bay-packers/videos/discover');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discover Green Bay Packers Video Channels' }),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Packers Film Room' })).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/sources/5/videos',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Packers Film Room' }));
    expect(await screen.findByText('Now subscribed to "Packers Film Room"')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unsubscribe Packers Film Room' })).toBeTruthy();
    expect(calls).toEqual([JSON.stringify({ sourceFollow: { sourceId: 5 } })]);
  });

  it('says when the team has no sources', async () => {
    server.use(http.get(`${TEAM}/sources`, () => HttpResponse.json(page('sources', []))));
    await renderSite('/nfl/green-bay-packers/news/discover');
    expect(await screen.findByText('No news sources for the Green Bay Packers yet.')).toBeTruthy();
  });
});

describe('team news and videos of one source', () => {
  it('shows the source box and the team articles of that source with paging', async () => {
    const queries: string[] = [];
    server.use(
      http.get(`${API}/api/v1/sources/14`, () =>
        HttpResponse.json({ source: makeSource(14, 'Two-Minute Drill') }),
      ),
      http.get(`${TEAM}/articles`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(
          page('articles', [drillArticle(900, 'Drill on the Packers defense')], { page: 1, totalPages: 2 }),
        );
      }),
    );
    await renderSite('/nfl/green-bay-packers/sources/14/news');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Green Bay Packers News from Two-Minute Drill',
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Green Bay Packers News from Two-Minute Drill | SportSpyder'),
    );
    expect(await screen.findByRole('link', { name: 'Drill on the Packers defense' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Two-Minute Drill' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/sources/14/news?page=2',
    );
    expect(queries[0]).toContain('sourceId=14');
  });

  it('shows the empty state of a channel without team videos', async () => {
    server.use(
      http.get(`${API}/api/v1/sources/68`, () => HttpResponse.json({ source: makeSource(68, 'Film Room') })),
      http.get(`${TEAM}/videos`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('sourceId')).toBe('68');
        return HttpResponse.json(page('videos', []));
      }),
    );
    await renderSite('/nfl/green-bay-packers/sources/68/videos');
    expect(
      await screen.findByText('There are no recent Green Bay Packers videos from Film Room.'),
    ).toBeTruthy();
  });
});

describe('team summary pills', () => {
  const section = (id: number, label: string): SummarySection =>
    ({
      id,
      label,
      summaries: [{ id: id * 10, text: `${label} summary text.`, highlights: [], articles: [] }],
    }) as SummarySection;

  it('opens, moves between and closes the summaries, remembering the open pill', async () => {
    server.use(
      http.get(`${TEAM}/feeds`, () =>
        HttpResponse.json({ feed: { id: 'x', articles: [], videos: [], episodes: [], players: [] } }),
      ),
      http.get(`${TEAM}/games`, () => HttpResponse.json(page('games', []))),
      http.get(`${TEAM}/hot_players`, () => HttpResponse.json(page('players', []))),
      http.get(`${TEAM}/podcast_episodes`, () => HttpResponse.json(page('podcastEpisodes', []))),
      http.get(`${TEAM}/summary_sections`, () =>
        HttpResponse.json(page('summarySections', [section(1, 'Trade rumours'), section(2, 'Injury news')])),
      ),
    );
    const site = await renderSite('/nfl/green-bay-packers');
    const pill = await screen.findByRole('button', { name: 'Trade rumours' });
    expect(screen.queryByText('Trade rumours summary text.')).toBeNull();
    fireEvent.click(pill);
    expect(screen.getByText('Trade rumours summary text.')).toBeTruthy();
    expect(site.client.storage.getItem('sportspyder.summaryPill.green-bay-packers')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Injury news summary text.')).toBeTruthy();
    expect(site.client.storage.getItem('sportspyder.summaryPill.green-bay-packers')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Trade rumours summary text.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trade rumours' }));
    expect(screen.queryByText('Trade rumours summary text.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Injury news' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Injury news summary text.')).toBeNull();
    expect(site.client.storage.getItem('sportspyder.summaryPill.green-bay-packers')).toBe('null');
  });
});

describe('customize a team feed', () => {
  const newsHandlers = () =>
    server.use(
      http.get(`${TEAM}/articles`, () =>
        HttpResponse.json(page('articles', [drillArticle(901, 'Packers item')])),
      ),
      http.get(`${TEAM}/games`, () => HttpResponse.json(page('games', []))),
      http.get(`${TEAM}/hot_players`, () => HttpResponse.json(page('players', []))),
      http.get(`${TEAM}/podcast_episodes`, () => HttpResponse.json(page('podcastEpisodes', []))),
    );

  it('asks visitors to sign in or join', async () => {
    newsHandlers();
    await renderSite('/nfl/green-bay-packers/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Customize feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in required' });
    expect(within(dialog).getByText(/customize your Green Bay Packers feed/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?out');
  });

  it('links members to the Configure screen', async () => {
    backend.session = signedInSession();
    newsHandlers();
    await renderSite('/nfl/green-bay-packers/news');
    expect((await screen.findByRole('link', { name: 'Customize feed' })).getAttribute('href')).toBe(
      '/settings/configure/sources/green-bay-packers',
    );
    expect(
      screen.getByRole('link', { name: 'Discover Green Bay Packers news sources' }).getAttribute('href'),
    ).toBe('/nfl/green-bay-packers/news/discover');
  });
});

describe('hide a video channel in the team videos', () => {
  it('replaces the video with the notice, and Undo brings it back', async () => {
    backend.session = signedInSession();
    const calls: string[] = [];
    const video = { ...drillArticle(950, 'Packers film breakdown'), duration: 300 };
    server.use(
      http.get(`${TEAM}/videos`, () => HttpResponse.json(page('videos', [video]))),
      http.post(`${API}/api/v1/profile/hidden_sources`, async ({ request }) => {
        calls.push(`hide ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ hiddenSource: { id: 1, eggId: 14, teamId: 1 } }, { status: 201 });
      }),
      http.delete(`${API}/api/v1/profile/hidden_sources/x`, async ({ request }) => {
        calls.push(`unhide ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ hiddenSource: { id: 1, eggId: 14, teamId: 1 } });
      }),
    );
    await renderSite('/nfl/green-bay-packers/videos');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide Drill' }));
    expect(
      await screen.findByText('drill.example is now hidden from your Green Bay Packers feed'),
    ).toBeTruthy();
    expect(screen.queryByText('Packers film breakdown')).toBeNull();
    expect(screen.getByRole('link', { name: 'Configure' }).getAttribute('href')).toBe(
      '/settings/configure/sources/green-bay-packers',
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toContain('"eggId":14');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Packers film breakdown')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toContain('unhide');
  });

  it('offers no Hide to visitors', async () => {
    const video = { ...drillArticle(951, 'Packers practice clip'), duration: 60 };
    server.use(http.get(`${TEAM}/videos`, () => HttpResponse.json(page('videos', [video]))));
    await renderSite('/nfl/green-bay-packers/videos');
    expect(await screen.findByText('Packers practice clip')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hide Drill' })).toBeNull();
  });
});
