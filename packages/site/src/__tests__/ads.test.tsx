// Ads across the site (spec 1 §4.5, §6; spec 2 §2 Home, §9) against the msw server: a visitor sees
// named slots at the table's positions in article, video, podcast and post lists, the home page, the
// sport news sidebar and the popular page's full-width rows, plus the bottom sticky ad; PRO, trial and
// comp members see none; nothing shows while the session loads; variant 4 hides and 5 shows; the
// sticky ad hides on short viewports and chat pages; slots re-announce themselves after more than 30 s
// away, not after 29 s.
import type { Experiment, Post, Session, Video } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeArticle, makeEpisode, makePlayer, page } from './content-fixtures.js';
import {
  API,
  backend,
  makeUser,
  signedInSession as memberSession,
  server,
  signedOutSession as visitorSession,
} from './fixtures.js';
import { renderSite } from './renderSite.js';

// These tests run as on a server with an ad network (ADS=on, named in the session); the default,
// no network and so no slot at all, has its own test below.
const signedOutSession: Session = { ...visitorSession, ads: true };
const signedInSession = (user: Parameters<typeof memberSession>[0]): Session => ({
  ...memberSession(user),
  ads: true,
});

const TEAM = `${API}/api/v1/teams/:teamId`;
const happyDOM = () =>
  (window as unknown as { happyDOM: { setViewport(v: { width?: number; height?: number }): void } }).happyDOM;

const articles = (n: number, prefix = 'Story') =>
  Array.from({ length: n }, (_, i) => makeArticle(`${prefix} ${i}`, { egg: { id: 31 } }));

const makePost = (i: number): Post => ({
  id: 500 + i,
  twitterId: null,
  text: `Post number ${i}`,
  tweetedAt: '2026-11-21T11:00:00Z',
  postedDate: '2026-11-21T11:00:00Z',
  uri: null,
  url: `https://mastodon.example/@packers/${i}`,
  postId: null,
  mastodonId: String(i),
  inReplyToId: null,
  inReplyToAccountId: null,
  tweeter: { name: 'Green Bay Packers', screenName: 'packers', imageUrl: '/avatar.png', type: 'team' },
  quotedTweet: null,
  linkPreview: null,
  video: null,
  photos: [],
  teams: [],
  subtweets: [],
});

const experiment = (variant: number): Experiment => ({
  id: 1,
  type: 'ads',
  platform: 'all',
  variants: [{ id: variant, percentage: 99 }],
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  happyDOM().setViewport({ width: 1280, height: 900 });
  server.use(
    http.get(`${TEAM}/articles`, () => HttpResponse.json(page('articles', articles(13)))),
    http.get(`${TEAM}/games`, () => HttpResponse.json(page('games', []))),
    http.get(`${TEAM}/hot_players`, () => HttpResponse.json(page('players', [makePlayer('Hot Rodgers')]))),
    http.get(`${TEAM}/podcast_episodes`, () =>
      HttpResponse.json(
        page(
          'podcastEpisodes',
          Array.from({ length: 13 }, (_, i) => makeEpisode(`Episode ${i}`)),
        ),
      ),
    ),
    http.get(`${TEAM}/summary_sections`, () => HttpResponse.json(page('summarySections', []))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  happyDOM().setViewport({ width: 1024, height: 768 });
});

/** The names of the slots inside `root` (the whole page by default), in page order. */
function slotNames(root: ParentNode = document): string[] {
  return Array.from(root.querySelectorAll('[data-ad-name]')).map(
    (el) => el.getAttribute('data-ad-name') ?? '',
  );
}
const listSlots = () => slotNames(document.querySelector('main') ?? document);
const sticky = () => document.querySelector('[data-testid="sticky-ad"] [data-ad-name]');

/** Opens the team news page and waits for its 13 articles. */
async function teamNews() {
  const site = await renderSite('/nfl/green-bay-packers/news');
  await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(13));
  return site;
}

describe('a visitor', () => {
  it('sees the team slots after articles 3, 6 and 10 on desktop, sized and labelled, and the sticky ad', async () => {
    await teamNews();
    expect(listSlots()).toEqual([
      'team-articles-desktop-2',
      'team-articles-desktop-5',
      'team-articles-desktop-9',
    ]);
    const first = document.querySelector('[data-ad-name="team-articles-desktop-2"]');
    expect(first?.getAttribute('data-ad-size')).toBe('300x250');
    expect(first?.getAttribute('aria-label')).toBe('Advertisement');
    // Right after the third card (the trending players insert of item 3 follows the slot).
    const item = first?.closest('li');
    expect(item?.previousElementSibling?.textContent).toContain('Story 2');
    // The sticky bar comes in its own chunk.
    await waitFor(() => expect(sticky()?.getAttribute('data-ad-name')).toBe('sticky-desktop'));
    expect(sticky()?.getAttribute('data-ad-size')).toBe('728x90');
    // No third-party script is loaded for any of them.
    expect(document.querySelector('script[src]')).toBeNull();
  });

  it('sees the mobile team slots after articles 2, 5, 9 and 13 and the mobile sticky ad', async () => {
    happyDOM().setViewport({ width: 400, height: 800 });
    await teamNews();
    expect(listSlots()).toEqual([
      'team-articles-mobile-1',
      'team-articles-mobile-4',
      'team-articles-mobile-8',
      'team-articles-mobile-12',
    ]);
    expect(sticky()?.getAttribute('data-ad-size')).toBe('320x50');
  });

  it('sees the promoted team row on a team the session promotes', async () => {
    const { packers } = await import('./fixtures.js');
    backend.session = { ...signedOutSession, promoTeams: [packers.id] };
    await teamNews();
    expect(listSlots()).toEqual(['promo-team-articles-desktop-5', 'promo-team-articles-desktop-9']);
  });

  it('sees the home slots after sections 1, 3 and 5, full width on desktop', async () => {
    server.use(
      http.get(`${API}/api/v1/top_stories`, () =>
        HttpResponse.json({ topStories: { id: 'top', articles: articles(6, 'Top'), episodes: [] } }),
      ),
      http.get(`${API}/api/v1/sports/:sportId/feeds`, ({ params }) =>
        HttpResponse.json({
          feed: {
            id: String(params.sportId),
            articles: [makeArticle(`${params.sportId} story`)],
            videos: [],
            episodes: [],
            players: [],
          },
        }),
      ),
    );
    await renderSite('/');
    await screen.findByText('Top 0');
    await waitFor(() => expect(listSlots()).toEqual(['home-desktop-0', 'home-desktop-2', 'home-desktop-4']));
    const first = document.querySelector('[data-ad-name="home-desktop-0"]');
    expect(first?.getAttribute('data-ad-size')).toBe('728x90');
    expect(first?.previousElementSibling?.textContent).toContain("Today's Top Stories");
  });

  it('sees the sport news sidebar slot after the games and trending players', async () => {
    server.use(
      http.get(`${API}/api/v1/sports/:sportId/articles`, () =>
        HttpResponse.json(page('articles', articles(13))),
      ),
      http.get(`${API}/api/v1/sports/:sportId/games`, () => HttpResponse.json(page('games', []))),
      http.get(`${API}/api/v1/sports/:sportId/hot_players`, () => HttpResponse.json(page('players', []))),
    );
    await renderSite('/sports/nfl/news');
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(13));
    expect(listSlots()).toEqual([
      'articles-desktop-2',
      'articles-desktop-7',
      'articles-desktop-11',
      'sidebar-desktop-0',
    ]);
    const sidebar = screen.getByRole('complementary', { name: 'NFL games and players' });
    expect(slotNames(sidebar)).toEqual(['sidebar-desktop-0']);
    expect(sidebar.lastElementChild?.getAttribute('data-ad-name')).toBe('sidebar-desktop-0');
  });

  it('sees the popular page in the full-width ad layout: groups 3, 2, 2, 3, 2 with rows after groups 1, 3 and 5', async () => {
    server.use(
      http.get(`${API}/api/v1/sports/nfl/feeds`, () =>
        HttpResponse.json({
          feed: { id: 'nfl', articles: articles(14, 'Popular'), videos: [], episodes: [], players: [] },
        }),
      ),
    );
    await renderSite('/sports/nfl');
    await screen.findByText('Popular 0');
    const groups = Array.from(document.querySelectorAll('.ss-popular__group')).map(
      (group) => group.querySelectorAll('[data-testid="article-card"]').length,
    );
    expect(groups).toEqual([3, 2, 2, 3, 2]);
    expect(listSlots()).toEqual(['popular-desktop-0', 'popular-desktop-2', 'popular-desktop-4']);
    const row = document.querySelector('[data-ad-name="popular-desktop-0"]');
    expect(row?.getAttribute('data-ad-size')).toBe('728x90');
    expect(row?.previousElementSibling?.textContent).toContain('Popular 3');
  });

  it('sees the podcast list slots after episodes 4, 9 and 14 on desktop', async () => {
    server.use(
      http.get(`${TEAM}/podcasts`, () => HttpResponse.json(page('podcasts', []))),
      http.get(`${API}/api/v1/podcasts`, () => HttpResponse.json(page('podcasts', []))),
    );
    await renderSite('/nfl/green-bay-packers/podcasts');
    await screen.findByText('Episode 0');
    await waitFor(() => expect(listSlots()).toEqual(['team-podcasts-desktop-3', 'team-podcasts-desktop-8']));
    const slot = document.querySelector('[data-ad-name="team-podcasts-desktop-3"]')?.closest('li');
    expect(slot?.previousElementSibling?.textContent).toContain('Episode 3');
  });

  it('sees the post list slots after posts 4 and 9', async () => {
    server.use(
      http.get(`${TEAM}/tweets`, () =>
        HttpResponse.json(
          page(
            'tweets',
            Array.from({ length: 13 }, (_, i) => makePost(i)),
          ),
        ),
      ),
    );
    await renderSite('/nfl/green-bay-packers/posts');
    await screen.findByText(/Post number 0/);
    expect(listSlots()).toEqual(['team-posts-desktop-3', 'team-posts-desktop-8']);
  });

  it('sees the team video slots after videos 3, 6 and 10', async () => {
    const videos: Video[] = articles(13, 'Clip').map((article) => ({ ...article, duration: 90 }) as Video);
    server.use(http.get(`${TEAM}/videos`, () => HttpResponse.json(page('videos', videos))));
    await renderSite('/nfl/green-bay-packers/videos');
    await screen.findByText('Clip 0');
    expect(listSlots()).toEqual(['team-videos-desktop-2', 'team-videos-desktop-5', 'team-videos-desktop-9']);
  });
});

describe('without an ad network (ADS off, the default)', () => {
  it.each([
    ['a visitor', visitorSession],
    ['a member without PRO', memberSession(makeUser())],
  ])('%s sees no slot, no empty box and no sticky bar on the team news', async (_label, session) => {
    backend.session = session;
    await teamNews();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotNames()).toEqual([]);
    expect(document.querySelector('.ss-ad')).toBeNull();
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Advertisement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
  });
});

describe('ad-free members', () => {
  it.each([
    ['a PRO member', makeUser({ pro: true, proState: 'paid' })],
    ['a trial member', makeUser({ pro: false, proState: 'trial' })],
    ['a comp member', makeUser({ pro: false, proState: 'comp' })],
  ])('%s sees no slot and no sticky ad', async (_label, user) => {
    backend.session = signedInSession(user);
    await teamNews();
    expect(slotNames()).toEqual([]);
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Advertisement' })).toBeNull();
  });

  it('a member without PRO sees the slots', async () => {
    backend.session = signedInSession(makeUser());
    await teamNews();
    expect(listSlots()).toHaveLength(3);
  });
});

describe('while the session loads', () => {
  it('shows no slot and no articles, then the articles with their slots at once', async () => {
    let release: () => void = () => undefined;
    backend.sessionDelay = new Promise<void>((resolve) => {
      release = resolve;
    });
    const site = await renderSite('/nfl/green-bay-packers/news', { start: false });
    void site.client.start();
    // The team and its articles arrive; the session does not.
    await waitFor(() => expect(document.querySelector('.ss-team-page__feed .ss-loading-text')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotNames()).toEqual([]);
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
    await act(async () => {
      release();
    });
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(13));
    expect(listSlots()).toHaveLength(3);
  });

  it('never shows a slot to a PRO member, not even while the session loads', async () => {
    backend.session = signedInSession(makeUser({ pro: true, proState: 'paid' }));
    let release: () => void = () => undefined;
    backend.sessionDelay = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const name of slotNames()) seen.add(name);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const site = await renderSite('/nfl/green-bay-packers/news', { start: false });
    void site.client.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await act(async () => {
      release();
    });
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(13));
    observer.disconnect();
    expect([...seen]).toEqual([]);
  });
});

describe('the experiment', () => {
  it('variant 4 hides every ad', async () => {
    backend.session = { ...signedOutSession, exp: experiment(4) } satisfies Session;
    await teamNews();
    expect(slotNames()).toEqual([]);
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
  });

  it('variant 5 shows them', async () => {
    backend.session = { ...signedOutSession, exp: experiment(5) } satisfies Session;
    await teamNews();
    expect(listSlots()).toHaveLength(3);
    expect(sticky()).toBeTruthy();
  });
});

describe('the sticky ad', () => {
  it.each([
    [1280, 779, false],
    [1280, 780, true],
    [400, 559, false],
    [400, 560, true],
  ])('at %i×%i px shows: %s (the list slots stay)', async (width, height, shown) => {
    happyDOM().setViewport({ width, height });
    await teamNews();
    expect(Boolean(sticky())).toBe(shown);
    expect(listSlots().length).toBeGreaterThan(0);
  });

  it('hides when the window gets too short and comes back when it grows', async () => {
    await teamNews();
    expect(sticky()).toBeTruthy();
    act(() => happyDOM().setViewport({ width: 1280, height: 700 }));
    expect(sticky()).toBeNull();
    act(() => happyDOM().setViewport({ width: 1280, height: 900 }));
    expect(sticky()).toBeTruthy();
  });

  it.each(['/nfl/green-bay-packers/chat', '/sports/nfl/chat'])('is not on the chat page %s', async (path) => {
    await renderSite(path);
    await screen.findByRole('heading', { level: 1, name: /Chat/ });
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
  });

  it('closes with its close button and stays closed on the next page', async () => {
    const site = await teamNews();
    fireEvent.click(screen.getByRole('button', { name: 'Close advertisement' }));
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
    await act(async () => {
      await site.router.navigate('/nfl/green-bay-packers/posts');
    });
    expect(screen.queryByTestId('sticky-ad')).toBeNull();
  });
});

describe('ad refresh', () => {
  let visibility: 'visible' | 'hidden' = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });
  const away = (ms: number) => {
    act(() => {
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    });
    vi.setSystemTime(Date.now() + ms);
    act(() => {
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };
  const refreshCounts = () =>
    Array.from(document.querySelectorAll('[data-ad-name]')).map((el) => el.getAttribute('data-ad-refresh'));

  it('re-announces every slot after more than 30 s hidden, not after 29 s', async () => {
    await teamNews();
    vi.useFakeTimers({ toFake: ['Date'] });
    const refreshed: string[] = [];
    const onRefresh = (event: Event) => refreshed.push((event as CustomEvent<{ name: string }>).detail.name);
    document.addEventListener('sportspyder:ad-refresh', onRefresh);
    away(29_000);
    expect(refreshCounts()).toEqual(['0', '0', '0', '0']);
    expect(refreshed).toEqual([]);
    away(31_000);
    expect(refreshCounts()).toEqual(['1', '1', '1', '1']);
    expect(refreshed.sort()).toEqual(
      [
        'sticky-desktop',
        'team-articles-desktop-2',
        'team-articles-desktop-5',
        'team-articles-desktop-9',
      ].sort(),
    );
    document.removeEventListener('sportspyder:ad-refresh', onRefresh);
  });
});
