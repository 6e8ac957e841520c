// The podcast screens and the persistent player (spec 1 §2.5, §2.9, §4.4; spec 2 "Podcast and episode
// pages"; spec 3 "/my/podcasts", "/settings/podcasts"): what a listener sees and what the controls do.
// The client's player runs over the core's fake media, so playback is deterministic.
import type { EpisodeEventBody, Podcast, PodcastEpisode, PodcastListen, User } from '@sportspyder/contract';
import { clientPlayer, createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, createFakeMedia, type FakeMedia, memoryStorage } from '@sportspyder/core/testing';
import { SportSpyderProvider } from '@sportspyder/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEpisode as makeAnyEpisode } from './content-fixtures.js';
import { API, backend, makeUser, packers, server, signedInSession, signedOutSession } from './fixtures.js';
import { siteInMemoryRouter } from './testRouter.js';

const PUBLISHED = new Date(Date.now() - 3 * 86_400_000).toISOString();

function makePodcast(id: number, overrides: Partial<Podcast> = {}): Podcast {
  return {
    id,
    feedUrl: `https://feeds.test/${id}.xml`,
    title: `Pod ${id}`,
    shortTitle: null,
    description: 'A podcast about the team.',
    summary: null,
    author: 'Host',
    website: null,
    ownerName: null,
    ownerEmail: null,
    podcastType: 'episodic',
    copyright: null,
    explicit: false,
    imageUrl: null,
    episodesCount: 30,
    twitter: null,
    youtube: null,
    instagram: null,
    tiktok: null,
    facebook: null,
    twitch: null,
    lastEpisode: null,
    following: false,
    teams: [],
    sports: [],
    suggestions: [],
    ...overrides,
  } as Podcast;
}

function makeEpisode(id: number, podcastId = 7, overrides: Partial<PodcastEpisode> = {}): PodcastEpisode {
  return makeAnyEpisode(`Episode ${id}`, {
    id,
    podcastId,
    enclosureUrl: `https://audio.test/${id}.mp3`,
    description: `About episode ${id}.`,
    duration: 600,
    publishedAt: PUBLISHED,
    postedDate: PUBLISHED,
    mostRecent: false,
    podcast: {
      id: podcastId,
      title: `Pod ${podcastId}`,
      shortTitle: null,
      imageUrl: null,
      teams: [],
      sports: [],
    },
    ...overrides,
  });
}

const paged = <T,>(key: string, items: T[], page = 1, totalPages = 1) => ({
  [key]: items,
  meta: { pagination: { page, perPage: 25, totalPages, totalCount: items.length * totalPages } },
});

function listen(id: number, episodeId: number, podcastId: number): PodcastListen {
  const episode = makeEpisode(episodeId, podcastId);
  return {
    id,
    time: 30,
    completedAt: null,
    podcastEpisode: {
      id: episode.id,
      title: episode.title,
      imageUrl: null,
      enclosureUrl: episode.enclosureUrl,
      duration: 600,
      publishedAt: PUBLISHED,
      podcast: { id: podcastId, title: `Pod ${podcastId}`, shortTitle: null, imageUrl: null },
    },
  };
}

let events: (EpisodeEventBody & { episodeId: number })[] = [];
let listens: PodcastListen[] = [];
let deleted: string[] = [];
let media: FakeMedia;

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  events = [];
  deleted = [];
  listens = [];
  server.use(
    http.post(`${API}/api/v1/podcast_episodes/:id/events`, async ({ request, params }) => {
      const body = (await request.json()) as EpisodeEventBody;
      events.push({ ...body, episodeId: Number(params.id) });
      const id = Number(params.id);
      return HttpResponse.json(
        {
          events: [{ id: 1, episode: makeEpisode(id), prevEpisode: null, nextEpisode: makeEpisode(id + 1) }],
        },
        { status: 201 },
      );
    }),
    http.get(`${API}/api/v1/podcast_listens`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 3);
      return HttpResponse.json(paged('podcastListens', listens.slice(0, limit)));
    }),
    http.delete(`${API}/api/v1/podcast_listens/:id`, ({ params, request }) => {
      deleted.push(`${params.id}?hash=${new URL(request.url).searchParams.get('hash')}`);
      const gone = listens.find((l) => l.id === Number(params.id));
      listens = listens.filter((l) => l.id !== Number(params.id));
      return HttpResponse.json({ podcastListen: gone });
    }),
    http.get(`${API}/api/v1/podcasts/:id`, ({ params }) =>
      HttpResponse.json({ podcast: makePodcast(Number(params.id), { lastEpisode: null }) }),
    ),
    http.get(`${API}/api/v1/podcasts/:id/episodes`, ({ params, request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const start = (page - 1) * 25 + 1;
      const items = Array.from({ length: 25 }, (_, i) => makeEpisode(start + i, Number(params.id)));
      return HttpResponse.json(paged('podcastEpisodes', items, page, 2));
    }),
    http.get(`${API}/api/v1/podcast_episodes/:id`, ({ params }) =>
      HttpResponse.json({
        podcastEpisode: makeEpisode(Number(params.id), 7, { suggestions: [] }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
});

async function renderPodcasts(path: string): Promise<{ client: SportSpyderClient; path: () => string }> {
  const client = createClient({
    baseUrl: API,
    storage: memoryStorage(),
    realtime: createFakeCable(),
    reload: vi.fn(),
    location: () => `${API}/`,
  });
  media = createFakeMedia({ duration: 600 });
  // The site asks the client for its player; creating it first puts it over the fake media.
  clientPlayer(client, { media, mediaSession: null, engine: { online: () => () => undefined } });
  const { element, router } = siteInMemoryRouter(path);
  render(<SportSpyderProvider client={client}>{element}</SportSpyderProvider>);
  await act(async () => {
    await client.start();
  });
  return {
    client,
    path: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

describe('podcast page', () => {
  it('shows the header, the visitor notice and 5 of 25 episodes until "Show All Episodes"', async () => {
    await renderPodcasts('/podcasts/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pod 7' })).toBeTruthy();
    expect(
      screen.getByText('Sign in to follow podcasts and sync episodes across devices').textContent,
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('episode-item')).toHaveLength(5));
    expect(screen.getByText('No episodes')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show All Episodes' }));
    expect(screen.getAllByTestId('episode-item')).toHaveLength(25);
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('link', { name: /2/ }).getAttribute('href')).toBe('/podcasts/7?page=2');
    expect(screen.getByRole('link', { name: 'Episode 3' }).getAttribute('href')).toBe(
      '/podcasts/7/episodes/3',
    );
  });

  it('plays an episode from the list: the bar appears, the button shows Pause and a play event is sent', async () => {
    await renderPodcasts('/podcasts/7');
    await waitFor(() => expect(screen.getAllByTestId('episode-item')).toHaveLength(5));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play Episode 2' }));
    });
    const bar = await screen.findByRole('region', { name: 'Podcast player' });
    expect(within(bar).getByRole('link', { name: 'Episode 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause Episode 2' })).toBeTruthy();
    await waitFor(() => expect(events.map((e) => [e.episodeId, e.eventType])).toEqual([[2, 'play']]));
    expect(media.src).toBe('https://audio.test/2.mp3');
    // The server named a next episode: the bar's Next button is enabled.
    await waitFor(() =>
      expect((within(bar).getByRole('button', { name: 'Next episode' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(
      (within(bar).getByRole('button', { name: 'Previous episode' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('player bar', () => {
  it('keeps playing across navigation, skips, changes speed, toggles on Space and closes', async () => {
    const site = await renderPodcasts('/podcasts/7');
    await waitFor(() => expect(screen.getAllByTestId('episode-item').length).toBeGreaterThan(0));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play Episode 1' }));
    });
    act(() => media.advance(45_000));
    const bar = screen.getByRole('region', { name: 'Podcast player' });
    expect(within(bar).getByTestId('player-elapsed').textContent).toBe('0:45');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Episode 3' }));
    });
    await waitFor(() => expect(site.path()).toBe('/podcasts/7/episodes/3'));
    act(() => media.advance(5_000));
    expect(media.paused).toBe(false);
    const stillBar = screen.getByRole('region', { name: 'Podcast player' });
    expect(within(stillBar).getByTestId('player-elapsed').textContent).toBe('0:50');
    fireEvent.click(within(stillBar).getByRole('button', { name: 'Forward 30 seconds' }));
    expect(within(stillBar).getByTestId('player-elapsed').textContent).toBe('1:20');
    fireEvent.click(within(stillBar).getByRole('button', { name: 'Back 10 seconds' }));
    expect(within(stillBar).getByTestId('player-elapsed').textContent).toBe('1:10');
    fireEvent.change(within(stillBar).getByRole('combobox', { name: 'Playback speed' }), {
      target: { value: '1.5' },
    });
    expect(media.playbackRate).toBe(1.5);
    expect(within(stillBar).getByText('1.5x', { selector: '.ss-playerbar__badge' })).toBeTruthy();
    // Space on the page toggles; Space on a button is left to the button.
    act(() => {
      fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    });
    expect(media.paused).toBe(true);
    act(() => {
      fireEvent.keyDown(within(stillBar).getByRole('button', { name: 'Close player' }), { key: ' ' });
    });
    expect(media.paused).toBe(true);
    fireEvent.click(within(stillBar).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Podcast player' })).toBeNull();
  });
});

describe('mobile player', () => {
  const happyDOM = () =>
    (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;
  afterEach(() => happyDOM().setViewport({ width: 1280 }));

  it('is compact, expands into every control and collapses on navigation while playing on', async () => {
    happyDOM().setViewport({ width: 375 });
    const site = await renderPodcasts('/podcasts/7');
    await waitFor(() => expect(screen.getAllByTestId('episode-item').length).toBeGreaterThan(0));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play Episode 1' }));
    });
    const bar = screen.getByRole('region', { name: 'Podcast player' });
    expect(within(bar).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(within(bar).queryByRole('slider', { name: 'Seek' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Expand player' }));
    const expanded = screen.getByRole('region', { name: 'Podcast player' });
    expect(within(expanded).getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(within(expanded).getByRole('button', { name: 'Forward 30 seconds' })).toBeTruthy();
    expect(within(expanded).getByRole('button', { name: 'Close player' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Episode 2' }));
    });
    await waitFor(() => expect(site.path()).toBe('/podcasts/7/episodes/2'));
    const collapsed = screen.getByRole('region', { name: 'Podcast player' });
    expect(within(collapsed).getByRole('button', { name: 'Expand player' })).toBeTruthy();
    expect(media.paused).toBe(false);
  });
});

describe('episode page', () => {
  it('shows the breadcrumbs "All Episodes" then the title, and the play button states', async () => {
    await renderPodcasts('/podcasts/7/episodes/12');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'All Episodes' }).getAttribute('href')).toBe(
      '/podcasts/7',
    );
    expect(within(crumbs).getByText('Episode 12').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Episode 12' })).toBeTruthy();
    const play = screen.getByRole('button', { name: 'Play Episode 12' });
    expect(play.textContent).toBe('Play');
    await act(async () => fireEvent.click(play));
    expect(screen.getByRole('button', { name: 'Pause Episode 12' }).textContent).toBe('Pause');
    await act(async () => {
      media.advance(600_000);
    });
    // The episode ended: completed, and the next one (13) continues automatically.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Play again Episode 12' }).textContent).toBe('Completed'),
    );
    await waitFor(() => expect(media.src).toBe('https://audio.test/13.mp3'));
  });

  it('starts at the ?t= time of a deep link', async () => {
    await renderPodcasts('/episodes/12?t=1:30');
    const play = await screen.findByRole('button', { name: 'Play Episode 12' });
    await act(async () => fireEvent.click(play));
    expect(media.currentTime).toBe(90);
  });
});

describe('episodes the spoiler shield marks (issue 49)', () => {
  const RESULT = 'Reacting to the 24-17 loss';
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/v1/podcasts/:id/episodes`, ({ params }) =>
        HttpResponse.json(
          paged('podcastEpisodes', [
            makeEpisode(1, Number(params.id), { title: RESULT, spoiler: true }),
            makeEpisode(2, Number(params.id)),
          ]),
        ),
      ),
      http.get(`${API}/api/v1/podcast_episodes/:id`, ({ params }) =>
        HttpResponse.json({
          podcastEpisode: makeEpisode(Number(params.id), 7, {
            title: RESULT,
            description: 'The Packers lost 24-17 at home.',
            spoiler: true,
            suggestions: [],
          }),
        }),
      ),
    );
  });

  it('lists a marked title blurred, with a play button named after the podcast, until "Reveal"', async () => {
    await renderPodcasts('/podcasts/7');
    await waitFor(() => expect(screen.getAllByTestId('episode-item')).toHaveLength(2));
    expect(screen.queryByRole('link', { name: RESULT })).toBeNull();
    expect(screen.getByText(RESULT).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Play Pod 7 episode (result hidden)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Episode 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByRole('link', { name: RESULT }).getAttribute('href')).toBe('/podcasts/7/episodes/1');
    expect(screen.getByRole('button', { name: `Play ${RESULT}` })).toBeTruthy();
  });

  it('episode page: heading, tab title, breadcrumb and description wait for "Reveal"', async () => {
    await renderPodcasts('/podcasts/7/episodes/1');
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading.textContent).toContain('Result hidden (spoiler shield)'));
    expect(document.title).not.toContain('24-17');
    expect(document.title).toContain('Pod 7 episode (result hidden)');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).queryByText(RESULT)).toBeNull();
    expect(screen.queryByText('The Packers lost 24-17 at home.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Pod 7 episode (result hidden)' })).toBeTruthy();
    fireEvent.click(within(heading).getByRole('button', { name: 'Reveal' }));
    expect(screen.getByRole('heading', { level: 1, name: RESULT })).toBeTruthy();
    expect(screen.getByText('The Packers lost 24-17 at home.')).toBeTruthy();
    expect(within(crumbs).getByText(RESULT)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Play ${RESULT}` })).toBeTruthy();
  });
});

describe('sport and team podcast tabs', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/v1/teams/:id/podcasts`, () =>
        HttpResponse.json(paged('podcasts', [makePodcast(7, { title: 'Packers Talk' }), makePodcast(8)])),
      ),
      http.get(`${API}/api/v1/teams/:id/podcast_episodes`, () =>
        HttpResponse.json(paged('podcastEpisodes', [makeEpisode(40), makeEpisode(41)], 1, 3)),
      ),
      http.get(`${API}/api/v1/sports/:id/podcasts`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json(
          paged('podcasts', [makePodcast(9, { lastEpisode: makeEpisode(90) as never })], page, 4),
        );
      }),
      http.get(`${API}/api/v1/sports/:id/podcast_episodes`, () =>
        HttpResponse.json(paged('podcastEpisodes', [])),
      ),
    );
  });

  it('team tab: dropdown with "Top Podcasts" first, Customize, Discover and the latest episodes', async () => {
    const site = await renderPodcasts(`/nfl/${packers.slug}/podcasts`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Bay Packers Podcasts' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Podcast' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.textContent)).toEqual(['Top Podcasts', 'Packers Talk', 'Pod 8']);
    expect(screen.getByRole('link', { name: 'Customize' }).getAttribute('href')).toBe(
      '/settings/configure/podcasts/green-bay-packers',
    );
    expect(screen.getByRole('link', { name: 'Discover' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/podcasts/discover',
    );
    await waitFor(() => expect(screen.getAllByTestId('episode-item')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Episode 40' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/episodes/40',
    );
    // A team page play carries the team context.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play Episode 40' })));
    await waitFor(() =>
      expect(events[0]).toMatchObject({ eventType: 'play', ctype: 'Team', cid: packers.id }),
    );
    await act(async () => {
      fireEvent.change(select, { target: { value: '7' } });
    });
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/podcasts/7'));
  });

  it('sport tab: "No podcasts for this sport." when there are none', async () => {
    await renderPodcasts('/sports/nfl/podcasts');
    expect(await screen.findByText('No podcasts for this sport.')).toBeTruthy();
  });

  it('discover: title, podcast cards with the play disc and last-episode label, pagination', async () => {
    await renderPodcasts('/sports/nfl/podcasts/discover?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover NFL Podcasts' })).toBeTruthy();
    const card = await screen.findByTestId('podcast-box');
    expect(within(card).getByText('Last episode 3 days ago')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Pod 9' }).getAttribute('href')).toBe(
      '/sports/nfl/podcasts/9',
    );
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('link', { name: /3/ }).getAttribute('href')).toBe(
      '/sports/nfl/podcasts/discover?page=3',
    );
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Play Pod 9' })));
    expect(media.src).toBe('https://audio.test/90.mp3');
    expect(within(card).getByRole('button', { name: 'Pause Pod 9' })).toBeTruthy();
  });
});

describe('my podcasts', () => {
  it('visitors: the device-only notice with Sign in and up to 8 recent podcasts', async () => {
    listens = Array.from({ length: 10 }, (_, i) => listen(i + 1, 100 + i, 20 + (i % 9)));
    await renderPodcasts('/my/podcasts');
    const notice = (await screen.findByText('Only podcasts played on this device are listed here.')).closest(
      'p',
    );
    expect(
      within(notice as HTMLElement)
        .getByRole('link', { name: 'Sign in' })
        .getAttribute('href'),
    ).toBe('/login');
    const recent = await screen.findByRole('list', { name: 'Recently played podcasts' });
    expect(within(recent).getAllByRole('link')).toHaveLength(8);
    expect(within(recent).getAllByRole('link')[0]?.getAttribute('href')).toBe('/podcasts/20');
  });

  it('members: settings tabs with the latest episodes by default, empty states and listens with delete', async () => {
    backend.session = signedInSession();
    listens = [listen(1, 100, 20), listen(2, 101, 21)];
    server.use(
      http.get(`${API}/api/v1/profile/podcast_episodes`, () =>
        HttpResponse.json(paged('podcastEpisodes', [])),
      ),
      http.get(`${API}/api/v1/profile/podcasts`, () => HttpResponse.json(paged('podcasts', []))),
    );
    const site = await renderPodcasts('/my/podcasts');
    await waitFor(() => expect(site.path()).toBe('/settings/podcasts'));
    const tabs = await screen.findByRole('navigation', { name: 'My Podcasts sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Latest', 'Following', 'Subscribed', 'Listens']);
    expect(await screen.findByText("You haven't followed any podcasts on the product yet.")).toBeTruthy();
    await act(async () => fireEvent.click(within(tabs).getByRole('link', { name: 'Listens' })));
    const list = await screen.findByRole('list', { name: 'Recent listens' });
    expect(within(list).getAllByTestId('episode-item')).toHaveLength(2);
    await act(async () =>
      fireEvent.click(within(list).getByRole('button', { name: 'Remove Episode 100 from your listens' })),
    );
    await waitFor(() => expect(screen.getAllByTestId('episode-item')).toHaveLength(1));
    expect(deleted[0]).toMatch(/^1\?hash=[0-9a-f]+/);
  });

  it('the user bar lists the 3 most recent listens in My Podcasts', async () => {
    backend.session = signedInSession(makeUser() as User);
    listens = [1, 2, 3, 4].map((i) => listen(i, 200 + i, 30 + i));
    server.use(
      http.get(`${API}/api/v1/profile/podcast_episodes`, () =>
        HttpResponse.json(paged('podcastEpisodes', [])),
      ),
    );
    await renderPodcasts('/settings/podcasts/latest');
    const toggle = await screen.findByRole('button', { name: 'My Podcasts' });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getAllByRole('menuitem', { name: /^Episode 20\d/ })).toHaveLength(3));
    expect(screen.getByRole('menuitem', { name: /^Episode 201/ }).getAttribute('href')).toBe('/episodes/201');
    expect(screen.getByRole('menuitem', { name: 'Recent listens' }).getAttribute('href')).toBe(
      '/settings/podcasts/listens',
    );
  });

  it('members: the profile shows the followed teams, fantasy teams and 8 recent listens with delete', async () => {
    backend.session = signedInSession(
      makeUser({
        displayName: 'Dana Fan',
        pro: true,
        followingTeams: [{ id: 1, teamId: packers.id }],
        fantasyTeams: [{ id: 4, name: 'Sunday Sharks', sportId: 1, sportSlug: 'nfl' }],
      }) as User,
    );
    listens = Array.from({ length: 9 }, (_, i) => listen(i + 1, 300 + i, 40 + i));
    await renderPodcasts('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: /Dana Fan/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Dana Fan's Profile/));
    expect(screen.getByRole('link', { name: 'PRO member: your membership' }).getAttribute('href')).toBe(
      '/settings/pro',
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/settings/account');
    expect((await screen.findByRole('link', { name: 'Green Bay Packers' })).getAttribute('href')).toBe(
      '/nfl/green-bay-packers',
    );
    expect(screen.getByRole('link', { name: 'Sunday Sharks' }).getAttribute('href')).toBe(
      '/fantasy_teams/4/news',
    );
    const list = await screen.findByRole('list', { name: 'Recent listens' });
    expect(within(list).getAllByTestId('episode-item')).toHaveLength(8);
    await act(async () =>
      fireEvent.click(within(list).getByRole('button', { name: 'Remove Episode 300 from your listens' })),
    );
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]).toMatch(/^1\?hash=/);
  });
});
