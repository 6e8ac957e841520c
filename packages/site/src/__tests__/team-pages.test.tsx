// The team pages (spec 2 §2 "Team pages", "Widgets page"): the header's Follow Team with its toasts
// and the visitor prompt; the news feed with paging, inserts and hide/undo; popular, videos, posts,
// roster and widgets with their empty states.
import type { Article, Post, User } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePlayer as makeAnyPlayer, makeArticle as makeFeedArticle, page } from './content-fixtures.js';
import { API, backend, makeUser, packers, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

// The feed's articles come from a source whose egg is 31 (the hide/unhide payloads name it).
const makeArticle = (title: string, overrides: Partial<Article> = {}) =>
  makeFeedArticle(title, { egg: { id: 31 }, ...overrides });

const ABBR: Record<string, string> = { Quarterback: 'QB', 'Running Back': 'RB', Punter: 'P', Kicker: 'K' };
const makePlayer = (name: string, position: string) =>
  makeAnyPlayer(name, {
    position: { id: name.length, name: position, abbr: ABBR[position] ?? position.slice(0, 2), group: null },
  });

const base = `${API}/api/v1/teams/:teamId`;
const TEAM_RSS = `${API}/rss/teams/green-bay-packers.xml`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  server.use(
    http.get(`${base}/games`, () => HttpResponse.json(page('games', []))),
    http.get(`${base}/hot_players`, () =>
      HttpResponse.json(page('players', [makePlayer('Hot Rodgers', 'Quarterback')])),
    ),
    http.get(`${base}/podcast_episodes`, () => HttpResponse.json(page('podcastEpisodes', []))),
    http.get(`${base}/summary_sections`, () => HttpResponse.json(page('summarySections', []))),
    // The team's articles name the team's RSS feed (the Popular and Videos tabs read it from here).
    http.get(`${base}/articles`, () => HttpResponse.json(page('articles', [], { rss: TEAM_RSS }))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const tenArticles = () => Array.from({ length: 10 }, (_, i) => makeArticle(`Packers story ${i + 1}`));

describe('team header', () => {
  it('follows and unfollows the team with the toasts and a session refetch', async () => {
    let user: User = makeUser();
    backend.session = signedInSession(user);
    server.use(
      http.get(`${API}/api/v1/teams/:teamId/feeds`, () =>
        HttpResponse.json({ feed: { id: 'x', articles: [], videos: [], episodes: [], players: [] } }),
      ),
      http.post(`${API}/api/v1/profile/following_teams`, () => {
        user = makeUser({ followingTeams: [{ id: 55, teamId: packers.id, position: 1 } as never] });
        backend.session = signedInSession(user);
        return HttpResponse.json({ followingTeam: { id: 55, teamId: packers.id } }, { status: 201 });
      }),
      http.delete(`${API}/api/v1/profile/following_teams/55`, () => {
        user = makeUser();
        backend.session = signedInSession(user);
        return HttpResponse.json({ followingTeam: { id: 55, teamId: packers.id } });
      }),
    );
    await renderSite('/nfl/green-bay-packers');
    const follow = await screen.findByRole('button', { name: 'Follow Team: Green Bay Packers' });
    fireEvent.click(follow);
    expect(await screen.findByText('Now following the "Green Bay Packers"')).toBeTruthy();
    const following = await screen.findByRole('button', { name: 'Following: Green Bay Packers' });
    fireEvent.click(following);
    expect(await screen.findByText('Stopped following the "Green Bay Packers"')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Follow Team: Green Bay Packers' })).toBeTruthy();
  });

  it('asks visitors to sign in or join instead of following', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/:teamId/feeds`, () =>
        HttpResponse.json({ feed: { id: 'x', articles: [], videos: [], episodes: [], players: [] } }),
      ),
    );
    await renderSite('/nfl/green-bay-packers');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow Team: Green Bay Packers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in required' });
    expect(within(dialog).getByText(/follow the Green Bay Packers/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?out');
    expect(within(dialog).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
  });
});

describe('team news page', () => {
  it('shows the title, articles, paging links, inserts and the sidebar', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/articles`, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json(page('articles', tenArticles(), { page: p, totalPages: 8 }));
      }),
    );
    await renderSite('/nfl/green-bay-packers/news');
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers News' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Green Bay Packers News | SportSpyder'));
    expect(await screen.findByRole('link', { name: 'Packers story 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news?page=2',
    );
    expect(screen.getByRole('heading', { name: 'Get the weekly Green Bay Packers recap' })).toBeTruthy();
    expect(screen.getByText(/Listen to the latest Green Bay Packers podcasts/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Games' })).toBeTruthy();
    // The trending players appear once: in the feed's insert (desktop, podcasts on), not also the sidebar.
    expect(await screen.findByText('Hot Rodgers')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('region', { name: /Trending/ })).toHaveLength(1);
    expect(screen.getAllByText('Hot Rodgers')).toHaveLength(1);
    // Visitors get no hide action.
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
  });

  it('appends the next pages as the reader scrolls, up to 5 pages, then leaves the pager (spec 2 §9)', async () => {
    const asked: number[] = [];
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/articles`, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page') ?? 1);
        asked.push(p);
        const items = Array.from({ length: 3 }, (_, i) => makeArticle(`Page ${p} story ${i + 1}`));
        return HttpResponse.json(page('articles', items, { page: p, totalPages: 8 }));
      }),
    );
    await renderSite('/nfl/green-bay-packers/news');
    expect(await screen.findByRole('link', { name: 'Page 1 story 1' })).toBeTruthy();
    // happy-dom lays nothing out, so every scroll is near the end; past the 50 ms throttle each time.
    for (let i = 0; i < 8; i++) {
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, 70));
      });
    }
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 5 story 3' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Page 6 story 1' })).toBeNull();
    expect([...new Set(asked)].sort()).toEqual([1, 2, 3, 4, 5]);
    // The pager goes on from the last page shown, as real links.
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 6' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news?page=6',
    );
  });

  it('shows no inserts after page 1', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/articles`, () =>
        HttpResponse.json(page('articles', tenArticles(), { page: 3, totalPages: 8 })),
      ),
    );
    await renderSite('/nfl/green-bay-packers/news?page=3');
    expect(await screen.findByRole('link', { name: 'Packers story 1' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get the weekly Green Bay Packers recap' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news?page=2',
    );
  });

  it('signs an e-mail up for the newsletter and shows the messages', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/articles`, () =>
        HttpResponse.json(page('articles', tenArticles())),
      ),
      http.post(`${API}/api/v1/subscribers`, async ({ request }) => {
        const body = (await request.json()) as { email: string; teamId: number };
        if (body.email === 'a@b')
          return HttpResponse.json(
            { errors: [{ code: 'invalid', field: 'email', title: 'is invalid' }] },
            { status: 422 },
          );
        return HttpResponse.json({ subscriber: { id: 1, email: body.email } }, { status: 201 });
      }),
    );
    await renderSite('/nfl/green-bay-packers/news');
    const input = await screen.findByLabelText('Email');
    fireEvent.change(input, { target: { value: 'a@b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('Signed up successfully! Check your email for more details.'),
    ).toBeTruthy();
  });

  it('lets members hide a source, undo it and reach Configure; no newsletter for members', async () => {
    backend.session = signedInSession();
    const calls: string[] = [];
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/articles`, () =>
        HttpResponse.json(page('articles', tenArticles())),
      ),
      http.post(`${API}/api/v1/profile/hidden_sources`, async ({ request }) => {
        calls.push(`hide ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ hiddenSource: { id: 1, eggId: 31, teamId: packers.id } }, { status: 201 });
      }),
      http.delete(`${API}/api/v1/profile/hidden_sources/x`, async ({ request }) => {
        calls.push(`unhide ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ hiddenSource: { id: 1, eggId: 31, teamId: packers.id } });
      }),
    );
    await renderSite('/nfl/green-bay-packers/news');
    expect(await screen.findByRole('link', { name: 'Packers story 1' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get the weekly Green Bay Packers recap' })).toBeNull();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Hide' }))[0] as HTMLElement);
    expect(
      await screen.findByText('news.example is now hidden from your Green Bay Packers feed'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Packers story 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Configure' }).getAttribute('href')).toBe(
      '/settings/configure/sources/green-bay-packers',
    );
    await waitFor(() =>
      expect(calls).toEqual([`hide ${JSON.stringify({ hiddenSource: { eggId: 31, teamId: packers.id } })}`]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('link', { name: 'Packers story 1' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toBe(`unhide ${JSON.stringify({ hiddenSource: { eggId: 31, teamId: packers.id } })}`);
  });
});

describe('team article page', () => {
  it('shows one article of the team news with the way back to the feed and more from the source', async () => {
    const article = makeArticle('Packers extend their kicker');
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () => HttpResponse.json({ article })),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json(page('articles', [article, makeArticle('More from the same blog')])),
      ),
    );
    await renderSite(`/nfl/green-bay-packers/articles/${article.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Packers extend their kicker' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '← More News' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
    expect(await screen.findByText('More from the same blog')).toBeTruthy();
  });
});

describe('team popular, videos, posts, roster and widgets', () => {
  it('shows the popular feed with its articles and links', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/feeds`, () =>
        HttpResponse.json({
          feed: {
            id: 'green-bay-packers',
            articles: [makeArticle('Popular Packers story')],
            videos: [],
            episodes: [],
            players: [makePlayer('Feed Player', 'Quarterback')],
          },
        }),
      ),
    );
    await renderSite('/nfl/green-bay-packers');
    expect(await screen.findByRole('link', { name: 'Popular Packers story' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All Green Bay Packers News' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
    // The body's trending players are the only ones on the page: the sidebar leaves them out here.
    await screen.findByRole('heading', { name: 'Games' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Feed Player')).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: /Trending/ })).toHaveLength(1);
    expect(screen.queryByText('Hot Rodgers')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Green Bay Packers | SportSpyder'));
  });

  it('shows the team RSS link on the News, Popular and Videos tabs (spec 2 §1)', async () => {
    server.use(
      http.get(`${base}/feeds`, () =>
        HttpResponse.json({ feed: { id: 'x', articles: [], videos: [], episodes: [], players: [] } }),
      ),
      http.get(`${base}/videos`, () => HttpResponse.json(page('videos', []))),
    );
    for (const path of [
      '/nfl/green-bay-packers/news',
      '/nfl/green-bay-packers',
      '/nfl/green-bay-packers/videos',
    ]) {
      await renderSite(path);
      const rss = await screen.findByRole('link', { name: 'RSS' });
      expect(rss.getAttribute('href')).toBe(TEAM_RSS);
      expect(rss.getAttribute('title')).toBe('Green Bay Packers News RSS feed');
      cleanup();
    }
  });

  it('shows the empty posts state', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/tweets`, () => HttpResponse.json(page('tweets', []))),
    );
    await renderSite('/nfl/green-bay-packers/posts');
    expect(await screen.findByText('There are no recent posts for Green Bay Packers')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Posts' })).toBeTruthy();
  });

  it('lists posts', async () => {
    const post: Post = {
      id: 1,
      twitterId: null,
      text: 'Go Pack Go from the feed',
      tweetedAt: '2026-11-21T11:00:00Z',
      postedDate: '2026-11-21T11:00:00Z',
      uri: null,
      url: 'https://mastodon.example/@packers/1',
      postId: null,
      mastodonId: '1',
      inReplyToId: null,
      inReplyToAccountId: null,
      tweeter: { name: 'Green Bay Packers', screenName: 'packers', imageUrl: '/avatar.png', type: 'team' },
      quotedTweet: null,
      linkPreview: null,
      video: null,
      photos: [],
      teams: [],
      subtweets: [],
    };
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/tweets`, () =>
        HttpResponse.json(page('tweets', [post])),
      ),
    );
    await renderSite('/nfl/green-bay-packers/posts');
    expect(await screen.findByText(/Go Pack Go from the feed/)).toBeTruthy();
  });

  it('groups the roster by position in depth-chart order, or says the team has no players', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/players`, () =>
        HttpResponse.json(
          page('players', [
            makePlayer('Daniel Whelan', 'Punter'),
            makePlayer('Brandon McManus', 'Kicker'),
            makePlayer('Jordan Love', 'Quarterback'),
            makePlayer('Josh Jacobs', 'Running Back'),
            makePlayer('Malik Willis', 'Quarterback'),
          ]),
        ),
      ),
      http.get(`${API}/api/v1/teams/las-vegas-raiders/players`, () => HttpResponse.json(page('players', []))),
    );
    await renderSite('/nfl/green-bay-packers/players');
    const qbs = await screen.findByRole('region', { name: 'Quarterback' });
    expect(within(qbs).getByText('Jordan Love')).toBeTruthy();
    expect(within(qbs).getByText('Malik Willis')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Running Back' })).getByText('Josh Jacobs'),
    ).toBeTruthy();
    // Quarterbacks first and the specialists last, as a football depth chart reads.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Quarterback', 'Running Back', 'Kicker', 'Punter']);
    await waitFor(() => expect(document.title).toBe('Green Bay Packers Roster | SportSpyder'));
    cleanup();
    await renderSite('/nfl/las-vegas-raiders/players');
    expect(await screen.findByText('No players on this team.')).toBeTruthy();
  });

  it('shows the widget snippet with the limit clamped to 1..12 and Your Favorites for members', async () => {
    await renderSite('/nfl/green-bay-packers/widgets');
    const code = () => screen.getByRole('figure', { name: 'Snippet' }).textContent ?? '';
    await screen.findByRole('figure', { name: 'Snippet' });
    expect(code()).toContain('data-team="nfl/green-bay-packers"');
    expect(code()).toContain('data-limit="6"');
    expect(code()).toContain('/widgets/headline.js');
    const team = screen.getByLabelText('Team') as HTMLSelectElement;
    expect(within(team).queryByRole('option', { name: 'Your Favorites' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Number of headlines'), { target: { value: '40' } });
    expect(code()).toContain('data-limit="12"');
    fireEvent.change(screen.getByLabelText('Number of headlines'), { target: { value: '3' } });
    expect(code()).toContain('data-limit="3"');
    cleanup();
    backend.session = signedInSession();
    await renderSite('/nfl/green-bay-packers/widgets');
    fireEvent.change(await screen.findByLabelText('Team'), { target: { value: 'favorites' } });
    expect(code()).toContain('data-team="favorites"');
  });
});
