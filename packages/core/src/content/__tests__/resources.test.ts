// Content resources over the network (msw): paths and queries of the reads, the cache they go
// through, the follow/subscribe/hide mutations with their bodies and cache refreshes, the
// newsletter form's outcomes and the new-items count call.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { resourceKey } from '../../cache.js';
import { setSourceSubscription, signUpForNewsletter, toggleTeamFollow } from '../follow-actions.js';
import {
  createFollowingTeam,
  createHiddenSource,
  deleteSourceFollow,
  listFollowingTeams,
} from '../follow-resources.js';
import { newItemsCounter } from '../new-items-poller.js';
import { searchPagePath, searchPlayers } from '../search-resources.js';
import { getSport } from '../sport-resources.js';
import { listTeamArticles, listTeamSources, teamsBySlug } from '../team-resources.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pagination = { page: 1, perPage: 13, totalPages: 1, totalCount: 0 };
const emptyList = (name: string) => ({ [name]: [], meta: { pagination } });

describe('reads', () => {
  it('reads a team feed page through the cache with its query', async () => {
    const urls: string[] = [];
    server.use(
      http.get(api('teams/dallas-cowboys/articles'), ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json(emptyList('articles'));
      }),
    );
    const { client } = makeClient();
    const answer = await listTeamArticles(client, { teamId: 'dallas-cowboys', page: 2 });
    expect(answer.articles).toEqual([]);
    expect(new URL(urls[0] ?? '').searchParams.get('page')).toBe('2');
    const snapshot = client.cache.getSnapshot(
      resourceKey('api/v1/teams/dallas-cowboys/articles', { page: 2 }),
    );
    expect(snapshot.status).toBe('success');
  });

  it('shares one request between concurrent reads of the same page', async () => {
    let calls = 0;
    server.use(
      http.get(api('teams/dallas-cowboys/sources'), () => {
        calls++;
        return HttpResponse.json(emptyList('sources'));
      }),
    );
    const { client } = makeClient();
    await Promise.all([
      listTeamSources(client, { teamId: 'dallas-cowboys', full: true }),
      listTeamSources(client, { teamId: 'dallas-cowboys', full: true }),
    ]);
    expect(calls).toBe(1);
  });

  it('asks for a sport with its teams by default', async () => {
    let includes: string | null = null;
    server.use(
      http.get(api('sports/nfl'), ({ request }) => {
        includes = new URL(request.url).searchParams.get('includes');
        return HttpResponse.json({ sport: { id: 1, slug: 'nfl', name: 'NFL' } });
      }),
    );
    const { client } = makeClient();
    const { sport } = await getSport(client, { sportId: 'nfl' });
    expect(sport.slug).toBe('nfl');
    expect(includes).toBe('teams');
  });

  it('refuses a blank search and builds search URLs without a blank q', async () => {
    const { client } = makeClient();
    expect(() => searchPlayers(client, { q: '   ' })).toThrow(TypeError);
    expect(searchPagePath({ q: '  ' })).toBe('/search');
    expect(searchPagePath({ section: 'players', q: ' mahomes ', sort: 'newest', page: 2 })).toBe(
      '/search/players?q=mahomes&sort=newest&page=2',
    );
  });

  it('keys teams by slug', () => {
    expect(
      teamsBySlug([
        { slug: 'a', id: 1 },
        { slug: 'b', id: 2 },
      ]),
    ).toEqual({
      a: { slug: 'a', id: 1 },
      b: { slug: 'b', id: 2 },
    });
  });
});

describe('team follows', () => {
  it('posts the team id, refetches the session user and the watched follow list', async () => {
    let body: unknown;
    let sessionReads = 0;
    let listReads = 0;
    server.use(
      http.post(api('profile/following_teams'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ followingTeam: { id: 55, teamId: 12 } }, { status: 201 });
      }),
      http.get(api('session'), () => {
        sessionReads++;
        return HttpResponse.json(signedIn(makeUser({ followingTeams: [{ id: 55, teamId: 12 }] })));
      }),
      http.get(api('profile/following_teams'), () => {
        listReads++;
        return HttpResponse.json(emptyList('followingTeams'));
      }),
    );
    const { client } = makeClient();
    const key = 'api/v1/profile/following_teams';
    const off = client.cache.subscribe(key, () => {});
    await listFollowingTeams(client);
    expect(listReads).toBe(1);

    await createFollowingTeam(client, { teamId: 12 });
    expect(body).toEqual({ teamId: 12 });
    expect(sessionReads).toBe(1);
    expect(listReads).toBe(2);
    expect(client.session.getSnapshot().user?.followingTeams).toEqual([{ id: 55, teamId: 12 }]);
    off();
  });

  it('toggles: follows an unfollowed team, unfollows a followed one by its following id, with toasts', async () => {
    let following = false;
    const deleted: string[] = [];
    server.use(
      http.get(api('session'), () =>
        HttpResponse.json(signedIn(makeUser({ followingTeams: following ? [{ id: 55, teamId: 12 }] : [] }))),
      ),
      http.post(api('profile/following_teams'), () => {
        following = true;
        return HttpResponse.json({ followingTeam: { id: 55, teamId: 12 } }, { status: 201 });
      }),
      http.delete(api('profile/following_teams/:id'), ({ params }) => {
        deleted.push(String(params.id));
        following = false;
        return HttpResponse.json({ followingTeam: { id: 55, teamId: 12 } });
      }),
    );
    const { client } = makeClient();
    await client.session.load();
    const team = { id: 12, name: 'Dallas Cowboys' };

    expect(await toggleTeamFollow(client, { team })).toBe(true);
    expect(client.toasts.getSnapshot().at(-1)?.text).toBe('Now following the "Dallas Cowboys"');
    expect(await toggleTeamFollow(client, { team })).toBe(false);
    expect(deleted).toEqual(['55']);
    expect(client.toasts.getSnapshot().at(-1)?.text).toBe('Stopped following the "Dallas Cowboys"');
    expect(client.session.getSnapshot().user?.followingTeams).toEqual([]);
  });
});

describe('source follows and hides', () => {
  it('unsubscribes with DELETE .../x and the body, refreshes follow lists and the team sources, toasts', async () => {
    let deleteBody: unknown;
    let followReads = 0;
    let teamSourceReads = 0;
    server.use(
      http.delete(api('profile/source_follows/x'), async ({ request }) => {
        deleteBody = await request.json();
        return HttpResponse.json({ sourceFollow: { id: 3, sourceId: 9 } });
      }),
      http.get(api('profile/source_follows'), () => {
        followReads++;
        return HttpResponse.json(emptyList('sourceFollows'));
      }),
      http.get(api('teams/dallas-cowboys/sources'), () => {
        teamSourceReads++;
        return HttpResponse.json(emptyList('sources'));
      }),
    );
    const { client } = makeClient();
    const offA = client.cache.subscribe('api/v1/profile/source_follows', () => {});
    const offB = client.cache.subscribe(
      resourceKey('api/v1/teams/dallas-cowboys/sources', { full: true }),
      () => {},
    );
    await client.fetchResource('api/v1/profile/source_follows');
    await listTeamSources(client, { teamId: 'dallas-cowboys', full: true });

    await setSourceSubscription(client, {
      source: { id: 9, name: 'ESPN' },
      subscribed: false,
      teamSlug: 'dallas-cowboys',
    });
    expect(deleteBody).toEqual({ sourceFollow: { sourceId: 9 } });
    expect(followReads).toBe(2);
    expect(teamSourceReads).toBe(2);
    expect(client.toasts.getSnapshot().at(-1)?.text).toBe('Unsubscribed from "ESPN"');
    offA();
    offB();
  });

  it('drops unwatched cached pages of the team when a source is hidden from its feed', async () => {
    let hideBody: unknown;
    server.use(
      http.post(api('profile/hidden_sources'), async ({ request }) => {
        hideBody = await request.json();
        return HttpResponse.json({ hiddenSource: { id: 1, eggId: 9, teamId: 12 } }, { status: 201 });
      }),
      http.get(api('teams/dallas-cowboys/articles'), () => HttpResponse.json(emptyList('articles'))),
    );
    const { client } = makeClient();
    await listTeamArticles(client, { teamId: 'dallas-cowboys' });
    const key = 'api/v1/teams/dallas-cowboys/articles';
    expect(client.cache.getSnapshot(key).status).toBe('success');

    await createHiddenSource(client, { eggId: 9, teamId: 12, teamSlug: 'dallas-cowboys' });
    expect(hideBody).toEqual({ hiddenSource: { eggId: 9, teamId: 12 } });
    expect(client.cache.getSnapshot(key).status).toBe('idle');
  });

  it('rejects a delete the server refuses without touching the cache', async () => {
    server.use(
      http.delete(api('profile/source_follows/x'), () =>
        HttpResponse.json({ errors: [{ title: 'Unauthorized', code: 'unauthorized' }] }, { status: 401 }),
      ),
    );
    const { client } = makeClient();
    const invalidate = vi.spyOn(client.cache, 'invalidate');
    await expect(deleteSourceFollow(client, { sourceId: 9 })).rejects.toMatchObject({ status: 401 });
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('newsletter signup', () => {
  it('shows the success text', async () => {
    let body: unknown;
    server.use(
      http.post(api('subscribers'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { subscriber: { id: 1, email: 'fan@x.test', frequency: 'weekly' } },
          { status: 201 },
        );
      }),
    );
    const { client } = makeClient();
    const result = await signUpForNewsletter(client, { email: ' fan@x.test ', teamId: 12 });
    expect(body).toEqual({ email: 'fan@x.test', teamId: 12 });
    expect(result).toEqual({
      ok: true,
      message: 'Signed up successfully! Check your email for more details.',
    });
  });

  it('shows the message of the error code', async () => {
    server.use(
      http.post(api('subscribers'), () =>
        HttpResponse.json(
          { errors: [{ title: 'is invalid', code: 'invalid', field: 'email' }] },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const result = await signUpForNewsletter(client, { email: 'a@b', teamId: 12 });
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid',
      message: 'Please enter a valid email address',
    });
  });
});

describe('newItemsCounter', () => {
  it('asks for items newer than the latest id and does not navigate on 404', async () => {
    const onNotFound = vi.fn();
    let since: string | null = null;
    server.use(
      http.get(api('sports/nfl/articles/new_count'), ({ request }) => {
        since = new URL(request.url).searchParams.get('since');
        return HttpResponse.json({ newItems: { count: 4, latestId: 120 } });
      }),
      http.get(api('teams/gone/articles/new_count'), () =>
        HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 }),
      ),
    );
    const { client } = makeClient({ onNotFound });
    expect(await newItemsCounter(client, { type: 'sport', id: 'nfl' })(100)).toBe(4);
    expect(since).toBe('100');
    await expect(newItemsCounter(client, { type: 'team', id: 'gone' })(1)).rejects.toMatchObject({
      status: 404,
    });
    expect(onNotFound).not.toHaveBeenCalled();
  });
});
