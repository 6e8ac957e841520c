// Security figure (issue 13): every `profile/*` call of the contract's registry, tried as another
// member and as a visitor against member A's own resources (fantasy team, roster entry, API key,
// follows and hides, notifications, billing, settings): 0 successes. A success is a visitor's 2xx,
// another member's 2xx on A's resource id, A's private data in an answer, or any change to A's rows.
// Each route with an id needs a fixture below: a new one fails the test until it has one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAccount, signUp, waitForMail } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { insertContent, teamId } from '../../content/members/__tests__/member-fixtures.js';
import { createNotifications } from '../../notifications/notifications.js';
import { CookieJar } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  buildSecurityApp,
  memberDigest,
  type NamedRoute,
  paramNames,
  profileRoutes,
  sampleBody,
  UNSAFE_METHODS,
  urlOf,
} from './security-fixtures.js';

/** Member A's resources, made through the API as A where the call exists. */
interface Fixture {
  userId: number;
  packers: number;
  packersSlug: string;
  sourceId: number;
  podcastId: number;
  playerId: number;
  followingTeamId: number;
  sourceFollowId: number;
  hiddenSourceId: number;
  podcastFollowId: number;
  hiddenPodcastId: number;
  fantasyTeamId: number;
  rosterId: number;
  apiKeyId: number;
  /** A's signed-in session (its number in `profile/sessions/{id}`). */
  sessionId: number;
  /** Strings only A's data holds: none may appear in an answer to anyone else. */
  markers: string[];
}

/**
 * The params (A's ids) and attack body of every `profile/*` route with an id. `owned`: the id names
 * one of A's rows, so another member's 2xx is a success; otherwise (a team slug) the call acts on the
 * caller's own data and only a leak or a change of A's rows counts.
 */
const ID_FIXTURES: Record<
  string,
  (f: Fixture) => { params: Record<string, number | string>; body?: unknown; owned: boolean }
> = {
  deleteFollowingTeam: (f) => ({ params: { id: f.followingTeamId }, owned: true }),
  getCustomFeed: (f) => ({ params: { id: f.packersSlug }, owned: false }),
  deleteSourceFollow: (f) => ({
    params: { id: f.sourceFollowId },
    body: { sourceFollow: { sourceId: f.sourceId } },
    owned: true,
  }),
  deleteHiddenSource: (f) => ({
    params: { id: f.hiddenSourceId },
    body: { hiddenSource: { eggId: f.sourceId, teamId: f.packers } },
    owned: true,
  }),
  deletePodcastFollow: (f) => ({
    params: { id: f.podcastFollowId },
    body: { podcastFollow: { podcastId: f.podcastId } },
    owned: true,
  }),
  deleteHiddenPodcast: (f) => ({
    params: { id: f.hiddenPodcastId },
    body: { hiddenPodcast: { podcastId: f.podcastId, teamId: f.packers } },
    owned: true,
  }),
  getProfileFantasyTeam: (f) => ({ params: { id: f.fantasyTeamId }, owned: true }),
  updateFantasyTeam: (f) => ({ params: { id: f.fantasyTeamId }, body: { name: 'Hijacked' }, owned: true }),
  deleteFantasyTeam: (f) => ({ params: { id: f.fantasyTeamId }, owned: true }),
  createRosterEntry: (f) => ({
    params: { fantasyTeamId: f.fantasyTeamId },
    body: { playerId: f.playerId },
    owned: true,
  }),
  deleteRosterEntry: (f) => ({ params: { fantasyTeamId: f.fantasyTeamId, id: f.rosterId }, owned: true }),
  deleteApiKey: (f) => ({ params: { id: f.apiKeyId }, owned: true }),
  endSession: (f) => ({ params: { id: f.sessionId }, owned: true }),
};

/** Attack bodies of routes without an id, where the schema's default would not be a real try. */
const BODIES: Record<string, (f: Fixture) => unknown> = {
  createFollowingTeam: (f) => ({ teamId: f.packers }),
  reorderFollowingTeams: (f) => ({ faveIds: [f.packers] }),
  createSourceFollow: (f) => ({ sourceFollow: { sourceId: f.sourceId } }),
  createHiddenSource: (f) => ({ hiddenSource: { eggId: f.sourceId, teamId: f.packers } }),
  createPodcastFollow: (f) => ({ podcastFollow: { podcastId: f.podcastId } }),
  createHiddenPodcast: (f) => ({ hiddenPodcast: { podcastId: f.podcastId, teamId: f.packers } }),
  updateAccount: () => ({ notificationsRead: true, name: 'Changed by someone else' }),
  createFantasyTeam: () => ({ name: 'Not A', sportId: 2 }),
  createBilling: () => ({ planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Not A' }),
  updateBilling: () => ({ planName: 'pro-monthly' }),
  createApiKey: () => ({ apiKey: { description: 'not A' } }),
};

let testDb: TestDatabase;
let app: SportSpyderApp;
let fixture: Fixture;
const viaApi: string[] = [];
const viaSql: string[] = [];

/** Makes a resource with A's call if the app has it, else with SQL (a handler still being built). */
async function make(
  jar: CookieJar,
  route: NamedRoute | undefined,
  body: unknown,
  pick: (json: Record<string, Record<string, unknown>>) => unknown,
  sql: () => Promise<number>,
  params: Record<string, number> = {},
): Promise<number> {
  if (route && app.hasRoute({ method: route.method, url: route.url })) {
    const res = await jar.request(app, {
      method: route.method,
      url: urlOf(route.url, params),
      payload: body as object,
    });
    if (res.statusCode >= 300) throw new Error(`${route.name} as A: ${res.statusCode} ${res.body}`);
    viaApi.push(route.name);
    return Number(pick(res.json()));
  }
  viaSql.push(route?.name ?? 'unknown');
  return sql();
}

/** Sets the `api` flag (as the CLI would), so the key calls are open to the member, if it exists yet. */
async function grantApi(userId: number): Promise<void> {
  const { rows } = await testDb.db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'api'`,
  );
  if (rows.length > 0) await testDb.db.query('UPDATE users SET api = true WHERE id = $1', [userId]);
}

async function setUp(): Promise<{ a: CookieJar; fixture: Fixture }> {
  const db = testDb.db;
  const byName = new Map(profileRoutes().map((r) => [r.name, r]));
  const account = { ...freshAccount('owner'), name: 'Alice Private' };
  const a = new CookieJar();
  expect((await signUp(app, a, account)).statusCode).toBe(201);
  await waitForMail(db, account.email, 'verify_email');
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account.email]);
  const userId = Number(rows[0]?.id);
  await grantApi(userId);
  const content = await insertContent(db);
  const packers = await teamId(db, 'green-bay-packers');
  const one = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ id: number }>(sql, params)).rows[0]?.id);
  const playerId =
    (await one(`SELECT id FROM players WHERE sport_id = 2 ORDER BY id LIMIT 1`, [])) ||
    (await one(
      `INSERT INTO players (slug, name, sport_id) VALUES ('security-player', 'Security Player', 2) RETURNING id`,
      [],
    ));

  const teamName = `A secret team ${userId}`;
  const keyName = `A secret key ${userId}`;
  const id = (key: string) => (json: Record<string, Record<string, unknown>>) => json[key]?.id;
  const followingTeamId = await make(
    a,
    byName.get('createFollowingTeam'),
    { teamId: packers },
    id('followingTeam'),
    () =>
      one('INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2) RETURNING id', [userId, packers]),
  );
  const sourceFollowId = await make(
    a,
    byName.get('createSourceFollow'),
    { sourceFollow: { sourceId: content.blogSourceId } },
    id('sourceFollow'),
    () => Promise.reject(new Error('source follows need their call')),
  );
  const hiddenSourceId = await make(
    a,
    byName.get('createHiddenSource'),
    { hiddenSource: { eggId: content.videoSourceId, teamId: packers } },
    id('hiddenSource'),
    () => Promise.reject(new Error('hidden sources need their call')),
  );
  const podcastFollowId = await make(
    a,
    byName.get('createPodcastFollow'),
    { podcastFollow: { podcastId: content.podcastId } },
    id('podcastFollow'),
    () => Promise.reject(new Error('podcast follows need their call')),
  );
  const hiddenPodcastId = await make(
    a,
    byName.get('createHiddenPodcast'),
    { hiddenPodcast: { podcastId: content.podcastId, teamId: packers } },
    id('hiddenPodcast'),
    () => Promise.reject(new Error('hidden podcasts need their call')),
  );
  // Its answer is a list of one, as the spec's.
  const fantasyTeamId = await make(
    a,
    byName.get('createFantasyTeam'),
    { name: teamName, sportId: 2 },
    (json) => (json.fantasyTeams as unknown as { id: number }[] | undefined)?.[0]?.id,
    () =>
      one('INSERT INTO fantasy_teams (user_id, name, sport_id) VALUES ($1, $2, 2) RETURNING id', [
        userId,
        teamName,
      ]),
  );
  const rosterId = await make(
    a,
    byName.get('createRosterEntry'),
    { playerId },
    id('roster'),
    () =>
      one('INSERT INTO fantasy_rosters (fantasy_team_id, player_id) VALUES ($1, $2) RETURNING id', [
        fantasyTeamId,
        playerId,
      ]),
    { fantasyTeamId },
  );
  const apiKeyId = await make(
    a,
    byName.get('createApiKey'),
    { apiKey: { description: keyName } },
    id('apiKey'),
    () =>
      one(
        `INSERT INTO api_keys (user_id, token_digest, token_prefix, description) VALUES ($1, md5($2), 'sk', $2) RETURNING id`,
        [userId, keyName],
      ),
  );
  // A's own browser session, as the sessions list names it.
  const sessions = await a.request(app, { method: 'GET', url: '/api/v1/profile/sessions' });
  expect(sessions.statusCode).toBe(200);
  const sessionId = Number((sessions.json() as { sessions: { id: number }[] }).sessions[0]?.id);
  await make(
    a,
    byName.get('createBilling'),
    { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Alice Private' },
    () => 0,
    () => Promise.resolve(0),
  );
  // No call creates notifications: the server does, when events happen.
  const event = `A private notification ${userId}`;
  await createNotifications(db, {
    type: 'message_replies',
    userIds: [userId],
    event,
    message: { id: 1, content: event, parentId: null, channelId: null, username: 'someone' },
  });
  const markers = [account.email, account.username, 'Alice Private', teamName, keyName, event];
  return {
    a,
    fixture: {
      userId,
      packers,
      packersSlug: 'green-bay-packers',
      sourceId: content.blogSourceId,
      podcastId: content.podcastId,
      playerId,
      followingTeamId,
      sourceFollowId,
      hiddenSourceId,
      podcastFollowId,
      hiddenPodcastId,
      fantasyTeamId,
      rosterId,
      apiKeyId,
      sessionId,
      markers,
    },
  };
}

let owner: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildSecurityApp(testDb.db);
  ({ a: owner, fixture } = await setUp());
}, 60_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** The request of `route` aimed at A's resources. */
function attackOf(route: NamedRoute): { url: string; payload?: object; owned: boolean } {
  const byId = ID_FIXTURES[route.name]?.(fixture);
  const url = urlOf(route.url, byId?.params ?? {});
  const body =
    byId?.body ??
    BODIES[route.name]?.(fixture) ??
    (UNSAFE_METHODS.has(route.method) ? sampleBody(route) : undefined);
  return { url, ...(body === undefined ? {} : { payload: body as object }), owned: byId?.owned ?? false };
}

describe('profile isolation figures', () => {
  it('every profile/* route with an id has a fixture of A’s', () => {
    const missing = profileRoutes()
      .filter((route) => paramNames(route.url).length > 0 && !ID_FIXTURES[route.name])
      .map((route) => `${route.name} (${route.method} ${route.url})`);
    expect(missing).toEqual([]);
  });

  it('A reaches A’s own resources (the attempts below could tell a success)', async () => {
    const reads = profileRoutes().filter(
      (r) => r.method === 'GET' && app.hasRoute({ method: r.method, url: r.url }),
    );
    const failed: string[] = [];
    for (const route of reads) {
      const res = await owner.request(app, { method: 'GET', url: attackOf(route).url });
      if (res.statusCode !== 200) failed.push(`${route.name} ${res.statusCode}`);
    }
    const fantasy = await owner.request(app, {
      method: 'GET',
      url: `/api/v1/profile/fantasy_teams/${fixture.fantasyTeamId}`,
    });
    if (app.hasRoute({ method: 'GET', url: '/api/v1/profile/fantasy_teams/:id' }))
      expect(fantasy.body).toContain(`A secret team ${fixture.userId}`);
    expect(failed).toEqual([]);
  });

  it('every profile/* route, as another member and as a visitor: 0 successes', async () => {
    const routes = profileRoutes();
    const b = new CookieJar();
    const intruder = freshAccount('intruder');
    expect((await signUp(app, b, intruder)).statusCode).toBe(201);
    await waitForMail(testDb.db, intruder.email, 'verify_email');
    // The intruder may use keys too: a refusal must come from ownership, not from the flag.
    const { rows } = await testDb.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      intruder.email,
    ]);
    await grantApi(Number(rows[0]?.id));
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    // Reads first, then writes, deletes last: a delete that wrongly worked cannot hide a later leak.
    const order = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 } as Record<string, number>;
    routes.sort((x, y) => (order[x.method] ?? 9) - (order[y.method] ?? 9));

    const successes: string[] = [];
    const statuses = { visitor: new Map<number, number>(), member: new Map<number, number>() };
    let digest = await memberDigest(testDb.db, fixture.userId);
    for (const [who, jar] of [
      ['visitor', visitor],
      ['member', b],
    ] as const) {
      for (const route of routes) {
        const attack = attackOf(route);
        const res = await jar.request(app, {
          method: route.method,
          url: attack.url,
          ...(attack.payload ? { payload: attack.payload } : {}),
        });
        statuses[who].set(res.statusCode, (statuses[who].get(res.statusCode) ?? 0) + 1);
        const ok = res.statusCode < 300;
        const leaked = fixture.markers.filter((m) => res.body.includes(m));
        const now = await memberDigest(testDb.db, fixture.userId);
        const why = [
          who === 'visitor' && ok ? `visitor ${res.statusCode}` : '',
          who === 'member' && ok && attack.owned ? `2xx on A's id (${res.statusCode})` : '',
          leaked.length > 0 ? `leaked ${leaked.join(', ')}` : '',
          now !== digest ? "changed A's rows" : '',
        ].filter(Boolean);
        if (why.length > 0) successes.push(`${who} ${route.name}: ${why.join('; ')}`);
        digest = now;
      }
    }
    const show = (m: Map<number, number>) => [...m].map(([s, n]) => `${n}×${s}`).join(', ');
    console.log(
      `[security] profile/* isolation: ${routes.length} routes of the registry ` +
        `(${routes.filter((r) => paramNames(r.url).length > 0).length} with A's ids; fixtures via API ${viaApi.length}, via SQL ${viaSql.length}${viaSql.length ? ` [${viaSql.join(', ')}]` : ''}); ` +
        `visitor ${show(statuses.visitor)}; other member ${show(statuses.member)}; ${successes.length} successes`,
    );
    expect(successes).toEqual([]);
    // A still has everything.
    const team = await testDb.db.query('SELECT name FROM fantasy_teams WHERE id = $1', [
      fixture.fantasyTeamId,
    ]);
    expect(team.rows).toEqual([{ name: `A secret team ${fixture.userId}` }]);
  }, 120_000);
});
