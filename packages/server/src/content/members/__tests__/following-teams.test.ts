import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { reorderedTeamIds } from '../following-teams.js';
import { buildMemberApp, signedIn, teamId, visitor } from './member-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await buildMemberApp(testDb.db));
  for (const slug of ['green-bay-packers', 'boston-celtics', 'new-york-yankees', 'buffalo-bills']) {
    ids[slug] = await teamId(testDb.db, slug);
  }
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const URL = '/api/v1/profile/following_teams';
const UNAUTHORIZED = {
  errors: [{ code: 'unauthorized', title: 'You need to sign in or sign up before continuing.' }],
};

describe('reorderedTeamIds', () => {
  it('puts the given teams first and keeps the others in their old order after them', () => {
    expect(reorderedTeamIds([1, 2, 3, 4], [3, 1])).toEqual([3, 1, 2, 4]);
  });
  it('ignores teams the member does not follow', () => {
    expect(reorderedTeamIds([1, 2], [9, 2])).toEqual([2, 1]);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', URL, undefined],
    ['POST', URL, { teamId: 1 }],
    ['PUT', URL, { faveIds: [1] }],
    ['DELETE', `${URL}/1`, undefined],
  ] as const)('%s %s answers 401 with the error list', async (method, url, payload) => {
    const jar = await visitor(app);
    const res = await jar.request(app, { method, url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a signed-in POST without the CSRF header (403)', async () => {
    const jar = await signedIn(app, 'admin');
    const res = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { teamId: ids['buffalo-bills'] },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
    const list = await jar.request(app, { method: 'GET', url: URL });
    expect(list.json().followingTeams).toEqual([]);
  });
});

describe('following teams', () => {
  it("lists the demo member's seeded teams in order", async () => {
    const jar = await signedIn(app, 'demo');
    const res = await jar.request(app, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual([
      ids['green-bay-packers'],
      ids['boston-celtics'],
      ids['new-york-yankees'],
    ]);
    expect(body.meta.pagination.totalCount).toBe(3);
  });

  it('follows a team (201), answers the same record when followed twice, and adds it last', async () => {
    const jar = await signedIn(app, 'pro');
    const first = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { teamId: ids['boston-celtics'] },
    });
    expect(first.statusCode).toBe(201);
    const { followingTeam } = first.json();
    expect(followingTeam).toEqual({ id: expect.any(Number), teamId: ids['boston-celtics'] });

    const again = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { teamId: ids['boston-celtics'] },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().followingTeam).toEqual(followingTeam);

    await jar.request(app, { method: 'POST', url: URL, payload: { teamId: ids['buffalo-bills'] } });
    const list = await jar.request(app, { method: 'GET', url: URL });
    expect(list.json().followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual([
      ids['boston-celtics'],
      ids['buffalo-bills'],
    ]);
  });

  it('answers 404 naming teamId for an unknown team, 422 for a malformed one', async () => {
    const jar = await signedIn(app, 'pro');
    const missing = await jar.request(app, { method: 'POST', url: URL, payload: { teamId: 999_999 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ code: 'not_found', field: 'teamId' });
    const malformed = await jar.request(app, { method: 'POST', url: URL, payload: { teamId: 'bills' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0]).toMatchObject({ field: 'teamId' });
  });

  it('stops following by the following id; a second DELETE or another member answers 404', async () => {
    const jar = await signedIn(app, 'pro');
    const created = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { teamId: ids['new-york-yankees'] },
    });
    const { id } = created.json().followingTeam;

    const other = await signedIn(app, 'demo');
    const foreign = await other.request(app, { method: 'DELETE', url: `${URL}/${id}` });
    expect(foreign.statusCode).toBe(404);

    const res = await jar.request(app, { method: 'DELETE', url: `${URL}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ followingTeam: { id, teamId: ids['new-york-yankees'] } });
    const again = await jar.request(app, { method: 'DELETE', url: `${URL}/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].code).toBe('not_found');
    const list = await jar.request(app, { method: 'GET', url: URL });
    expect(list.json().followingTeams.map((f: { teamId: number }) => f.teamId)).not.toContain(
      ids['new-york-yankees'],
    );
  });

  it('saves a new order that the session user reflects; left-out teams keep their order after', async () => {
    const jar = await signedIn(app, 'demo');
    const res = await jar.request(app, {
      method: 'PUT',
      url: URL,
      payload: { faveIds: [ids['new-york-yankees'], 999_999] },
    });
    expect(res.statusCode).toBe(200);
    const expected = [ids['new-york-yankees'], ids['green-bay-packers'], ids['boston-celtics']];
    expect(res.json().followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual(expected);

    const session = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(session.json().session.user.followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual(
      expected,
    );

    const list = await jar.request(app, { method: 'GET', url: URL });
    expect(list.json().followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual(expected);

    // Moving the last team up keeps the two others, left out, in their saved order behind it.
    const again = await jar.request(app, {
      method: 'PUT',
      url: URL,
      payload: { faveIds: [ids['boston-celtics']] },
    });
    expect(again.json().followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual([
      ids['boston-celtics'],
      ids['new-york-yankees'],
      ids['green-bay-packers'],
    ]);
  });
});
