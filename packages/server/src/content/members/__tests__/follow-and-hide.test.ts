import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildMemberApp,
  type ContentFixture,
  insertContent,
  signedIn,
  teamId,
  visitor,
} from './member-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let content: ContentFixture;
let packers: number;
let celtics: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await buildMemberApp(testDb.db));
  content = await insertContent(testDb.db);
  packers = await teamId(testDb.db, 'green-bay-packers');
  celtics = await teamId(testDb.db, 'boston-celtics');
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const P = '/api/v1/profile';

describe('signed out', () => {
  it.each([
    ['GET', `${P}/source_follows`],
    ['POST', `${P}/source_follows`],
    ['DELETE', `${P}/source_follows/x`],
    ['GET', `${P}/hidden_sources`],
    ['POST', `${P}/hidden_sources`],
    ['DELETE', `${P}/hidden_sources/x`],
    ['GET', `${P}/podcast_follows`],
    ['POST', `${P}/podcast_follows`],
    ['DELETE', `${P}/podcast_follows/x`],
    ['GET', `${P}/hidden_podcasts`],
    ['POST', `${P}/hidden_podcasts`],
    ['DELETE', `${P}/hidden_podcasts/x`],
    ['GET', `${P}/custom_feeds`],
    ['GET', `${P}/custom_feeds/green-bay-packers`],
  ] as const)('%s %s answers 401', async (method, url) => {
    const payloads: Record<string, unknown> = {
      source_follows: { sourceFollow: { sourceId: content.blogSourceId } },
      hidden_sources: { hiddenSource: { eggId: content.blogSourceId, teamId: packers } },
      podcast_follows: { podcastFollow: { podcastId: content.podcastId } },
      hidden_podcasts: { hiddenPodcast: { podcastId: content.podcastId, teamId: packers } },
    };
    const resource = url.split('/')[4] ?? '';
    const jar = await visitor(app);
    const res = await jar.request(app, {
      method,
      url,
      ...(method === 'GET' ? {} : { payload: payloads[resource] }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual([{ code: 'unauthorized', title: expect.any(String) }]);
  });
});

describe('source follows', () => {
  const URL = `${P}/source_follows`;

  it('creates (201), repeats idempotently, lists and deletes via .../x with the same body', async () => {
    const jar = await signedIn(app, 'pro');
    const body = { sourceFollow: { sourceId: content.blogSourceId } };
    const created = await jar.request(app, { method: 'POST', url: URL, payload: body });
    expect(created.statusCode).toBe(201);
    const { sourceFollow } = created.json();
    expect(sourceFollow).toEqual({
      id: expect.any(Number),
      sourceId: content.blogSourceId,
      eggId: content.blogSourceId,
    });
    const again = await jar.request(app, { method: 'POST', url: URL, payload: body });
    expect(again.statusCode).toBe(201);
    expect(again.json().sourceFollow).toEqual(sourceFollow);

    const list = await jar.request(app, { method: 'GET', url: URL });
    expect(list.json()).toEqual({
      sourceFollows: [sourceFollow],
      meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: 1 } },
    });

    const removed = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ sourceFollow });
    const gone = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0].code).toBe('not_found');
    expect((await jar.request(app, { method: 'GET', url: URL })).json().sourceFollows).toEqual([]);
  });

  it('deletes by the follow id too, and never another member’s follow', async () => {
    const jar = await signedIn(app, 'pro');
    const body = { sourceFollow: { sourceId: content.videoSourceId } };
    const { sourceFollow } = (await jar.request(app, { method: 'POST', url: URL, payload: body })).json();
    const other = await signedIn(app, 'admin');
    const foreign = await other.request(app, {
      method: 'DELETE',
      url: `${URL}/${sourceFollow.id}`,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    const res = await jar.request(app, { method: 'DELETE', url: `${URL}/${sourceFollow.id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().sourceFollow.id).toBe(sourceFollow.id);
  });

  it('answers 404 naming the field for an unknown source and 422 for a malformed body', async () => {
    const jar = await signedIn(app, 'pro');
    const missing = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { sourceFollow: { sourceId: 999_999 } },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual([
      { code: 'not_found', field: 'sourceFollow.sourceId', title: 'Source not found' },
    ]);
    const malformed = await jar.request(app, { method: 'POST', url: URL, payload: { sourceId: 1 } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0]).toMatchObject({ code: 'blank', field: 'sourceFollow' });
    // `.../x` names nothing by itself: the body is required.
    const noBody = await jar.request(app, { method: 'DELETE', url: `${URL}/x` });
    expect(noBody.statusCode).toBe(422);
    const badId = await jar.request(app, { method: 'DELETE', url: `${URL}/abc`, payload: {} });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.map((e: { field: string }) => e.field)).toContain('id');
  });

  it('refuses a DELETE without the CSRF header (403) and keeps the follow', async () => {
    const jar = await signedIn(app, 'admin');
    const body = { sourceFollow: { sourceId: content.blogSourceId } };
    await jar.request(app, { method: 'POST', url: URL, payload: body });
    const res = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
    expect((await jar.request(app, { method: 'GET', url: URL })).json().sourceFollows).toHaveLength(1);
  });
});

describe('hidden sources', () => {
  const URL = `${P}/hidden_sources`;

  it('hides per team, idempotently, and shows again via .../x only for that team', async () => {
    const jar = await signedIn(app, 'demo');
    const forPackers = { hiddenSource: { eggId: content.blogSourceId, teamId: packers } };
    const forCeltics = { hiddenSource: { eggId: content.blogSourceId, teamId: celtics } };
    const a = await jar.request(app, { method: 'POST', url: URL, payload: forPackers });
    expect(a.statusCode).toBe(201);
    expect(a.json().hiddenSource).toEqual({
      id: expect.any(Number),
      eggId: content.blogSourceId,
      teamId: packers,
    });
    const again = await jar.request(app, { method: 'POST', url: URL, payload: forPackers });
    expect(again.json().hiddenSource.id).toBe(a.json().hiddenSource.id);
    const b = await jar.request(app, { method: 'POST', url: URL, payload: forCeltics });
    expect(b.statusCode).toBe(201);

    const list = (await jar.request(app, { method: 'GET', url: URL })).json();
    expect(list.hiddenSources.map((h: { teamId: number }) => h.teamId)).toEqual([packers, celtics]);

    const removed = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: forCeltics });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().hiddenSource).toEqual(b.json().hiddenSource);
    const after = (await jar.request(app, { method: 'GET', url: URL })).json();
    expect(after.hiddenSources).toEqual([a.json().hiddenSource]);
    const gone = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: forCeltics });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 naming the unknown team or source', async () => {
    const jar = await signedIn(app, 'demo');
    const noTeam = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { hiddenSource: { eggId: content.blogSourceId, teamId: 999_999 } },
    });
    expect(noTeam.statusCode).toBe(404);
    expect(noTeam.json().errors[0]).toMatchObject({ field: 'hiddenSource.teamId', title: 'Team not found' });
    const noSource = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { hiddenSource: { eggId: 999_999, teamId: packers } },
    });
    expect(noSource.statusCode).toBe(404);
    expect(noSource.json().errors[0]).toMatchObject({
      field: 'hiddenSource.eggId',
      title: 'Source not found',
    });
  });
});

describe('podcast follows and hidden podcasts', () => {
  it('follows, repeats, lists and unfollows a podcast', async () => {
    const URL = `${P}/podcast_follows`;
    const jar = await signedIn(app, 'pro');
    const body = { podcastFollow: { podcastId: content.podcastId } };
    const created = await jar.request(app, { method: 'POST', url: URL, payload: body });
    expect(created.statusCode).toBe(201);
    const { podcastFollow } = created.json();
    expect(podcastFollow).toEqual({ id: expect.any(Number), podcastId: content.podcastId });
    expect(
      (await jar.request(app, { method: 'POST', url: URL, payload: body })).json().podcastFollow,
    ).toEqual(podcastFollow);
    expect((await jar.request(app, { method: 'GET', url: URL })).json().podcastFollows).toEqual([
      podcastFollow,
    ]);
    const removed = await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body });
    expect(removed.json()).toEqual({ podcastFollow });
    expect((await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body })).statusCode).toBe(
      404,
    );
    const unknown = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { podcastFollow: { podcastId: 999_999 } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'podcastFollow.podcastId' });
  });

  it('hides a podcast from a team, lists it and shows it again', async () => {
    const URL = `${P}/hidden_podcasts`;
    const jar = await signedIn(app, 'pro');
    const body = { hiddenPodcast: { podcastId: content.podcastId, teamId: celtics } };
    const created = await jar.request(app, { method: 'POST', url: URL, payload: body });
    expect(created.statusCode).toBe(201);
    const { hiddenPodcast } = created.json();
    expect(hiddenPodcast).toEqual({ id: expect.any(Number), podcastId: content.podcastId, teamId: celtics });
    expect(
      (await jar.request(app, { method: 'POST', url: URL, payload: body })).json().hiddenPodcast,
    ).toEqual(hiddenPodcast);
    expect((await jar.request(app, { method: 'GET', url: URL })).json().hiddenPodcasts).toEqual([
      hiddenPodcast,
    ]);
    expect((await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body })).statusCode).toBe(
      200,
    );
    expect((await jar.request(app, { method: 'GET', url: URL })).json().hiddenPodcasts).toEqual([]);
    expect((await jar.request(app, { method: 'DELETE', url: `${URL}/x`, payload: body })).statusCode).toBe(
      404,
    );
  });
});

describe('custom feeds', () => {
  it('lists one feed per followed team with that team selected and its hides (volume, domain, podcast)', async () => {
    const jar = await signedIn(app, 'admin');
    await jar.request(app, { method: 'POST', url: `${P}/following_teams`, payload: { teamId: packers } });
    await jar.request(app, { method: 'POST', url: `${P}/following_teams`, payload: { teamId: celtics } });
    await jar.request(app, {
      method: 'POST',
      url: `${P}/hidden_sources`,
      payload: { hiddenSource: { eggId: content.blogSourceId, teamId: packers } },
    });
    await jar.request(app, {
      method: 'POST',
      url: `${P}/hidden_podcasts`,
      payload: { hiddenPodcast: { podcastId: content.podcastId, teamId: packers } },
    });

    const res = await jar.request(app, { method: 'GET', url: `${P}/custom_feeds` });
    expect(res.statusCode).toBe(200);
    const { customFeeds, meta } = res.json();
    expect(meta.pagination.totalCount).toBe(2);
    const [packersFeed, celticsFeed] = customFeeds;
    expect(packersFeed.id).toBe('green-bay-packers');
    expect(packersFeed.teams.map((t: { slug: string; selected: boolean }) => [t.slug, t.selected])).toEqual([
      ['green-bay-packers', true],
      ['boston-celtics', false],
    ]);
    expect(packersFeed.teams[0]).toMatchObject({
      id: packers,
      sportSlug: 'nfl',
      logo: '/logos/teams/green-bay-packers.svg',
    });
    expect(packersFeed.hiddenSources).toEqual([
      {
        teamId: packers,
        eggId: content.blogSourceId,
        volume: 2.5,
        domain: {
          id: expect.any(Number),
          name: 'Cheesehead Daily',
          favicon: '/favicons/cheeseheads.png',
          description: 'A Packers blog',
          isYoutube: false,
          label: 'Blog',
        },
        egg: { id: content.blogSourceId },
      },
    ]);
    expect(packersFeed.hiddenTweeters).toEqual([]);
    // Three of the four episodes are from the last 30 days.
    expect(packersFeed.hiddenPodcasts).toEqual([
      {
        teamId: packers,
        podcastId: content.podcastId,
        volume: 3,
        podcast: { id: content.podcastId, title: 'Pack Talk', imageUrl: 'https://pod.example/pack.jpg' },
      },
    ]);
    expect(celticsFeed.id).toBe('boston-celtics');
    expect(celticsFeed.hiddenSources).toEqual([]);
    expect(celticsFeed.hiddenPodcasts).toEqual([]);
  });

  it('reads one team feed by slug, filters by type, covers a sport and answers 404 for an unknown slug', async () => {
    const jar = await signedIn(app, 'admin');
    const sources = await jar.request(app, {
      method: 'GET',
      url: `${P}/custom_feeds/green-bay-packers?type=sources`,
    });
    expect(sources.statusCode).toBe(200);
    const { customFeed } = sources.json();
    expect(customFeed.hiddenSources).toHaveLength(1);
    expect(customFeed.hiddenPodcasts).toEqual([]);
    const podcasts = await jar.request(app, {
      method: 'GET',
      url: `${P}/custom_feeds/green-bay-packers?type=podcasts`,
    });
    expect(podcasts.json().customFeed.hiddenSources).toEqual([]);
    expect(podcasts.json().customFeed.hiddenPodcasts).toHaveLength(1);

    const sport = await jar.request(app, { method: 'GET', url: `${P}/custom_feeds/nfl` });
    expect(sport.statusCode).toBe(200);
    expect(sport.json().customFeed.id).toBe('nfl');
    expect(sport.json().customFeed.teams.map((t: { slug: string }) => t.slug)).toEqual(['green-bay-packers']);
    expect(sport.json().customFeed.hiddenSources).toHaveLength(1);

    const unfollowed = await jar.request(app, { method: 'GET', url: `${P}/custom_feeds/buffalo-bills` });
    expect(unfollowed.json().customFeed.teams[0]).toMatchObject({ slug: 'buffalo-bills', selected: true });

    const unknown = await jar.request(app, { method: 'GET', url: `${P}/custom_feeds/no-such-team` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('not_found');
  });
});
