import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { sessionIdFor } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { buildTestApp, CookieJar, TEST_VERSION } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Many sign-ins in one file: the per-minute sign-in limit has its own test.
  app = await buildTestApp(testDb.db, { signInRateLimitMax: 1000 });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('GET api/v1/session', () => {
  it('answers a signed-out session with the version and sets the CSRF cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session: {
        id: 'current',
        version: TEST_VERSION,
        loggedIn: false,
        user: null,
        promoTeams: [],
        exp: null,
      },
    });
    const csrf = res.cookies.find((c) => c.name === 'sportspyder_csrf');
    // A signed token: nonce.HMAC, both base64url.
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.sameSite).toBe('Lax');
  });
});

describe('the ADS setting (docs/ad-slots.md)', () => {
  it('is off by default and on with ADS=on, which the session names so the site shows ad slots', async () => {
    expect(loadConfig({}).ads).toBe(false);
    expect(loadConfig({ ADS: 'off' }).ads).toBe(false);
    expect(loadConfig({ ADS: 'on' }).ads).toBe(true);
    expect(loadConfig({ ADS: 'true' }).ads).toBe(true);
    const withAds = await buildTestApp(testDb.db, { ads: true });
    try {
      const res = await withAds.inject({ method: 'GET', url: '/api/v1/session' });
      expect(res.json().session.ads).toBe(true);
    } finally {
      await withAds.close();
    }
    // Off (the default above): the session leaves the field out.
    const off = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(off.json().session.ads).toBeUndefined();
  });
});

describe('sign in and out', () => {
  it('signs the demo member in with an httpOnly SameSite=Lax cookie and answers the user', async () => {
    const jar = new CookieJar();
    const res = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sportspyder_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const { session } = res.json();
    expect(session.loggedIn).toBe(true);
    expect(session.user).toMatchObject({
      username: 'demo',
      email: 'demo@sportspyder.test',
      admin: false,
      pro: false,
      proState: '',
      proDaysLeft: null,
      chatColor: 'Default',
      notificationsCount: 0,
      podcastListens: { recents: [], completed: [], times: {}, episode: null },
    });
    expect(session.user).not.toHaveProperty('passwordHash');
    expect(session.user).not.toHaveProperty('password_hash');

    // The followed teams come back in the seeded order.
    const teams = (await app.inject({ method: 'GET', url: '/api/v1/teams' })).json().teams as {
      id: number;
      slug: string;
    }[];
    const slugOf = new Map(teams.map((t) => [t.id, t.slug]));
    expect(session.user.followingTeams.map((f: { teamId: number }) => slugOf.get(f.teamId))).toEqual([
      'green-bay-packers',
      'boston-celtics',
      'new-york-yankees',
    ]);

    const again = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(again.json().session.user.username).toBe('demo');
  });

  it('accepts the e-mail in any case', async () => {
    const res = await new CookieJar().signIn(app, 'DEMO@SportSpyder.test', 'sportspyder-demo');
    expect(res.statusCode).toBe(200);
  });

  it('stores only the hash of the session token', async () => {
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const token = jar.cookies.get('sportspyder_session')!;
    const plain = await testDb.db.query('SELECT 1 FROM sessions WHERE id = $1', [token]);
    const hashed = await testDb.db.query('SELECT 1 FROM sessions WHERE id = $1', [sessionIdFor(token)]);
    expect(plain.rows).toHaveLength(0);
    expect(hashed.rows).toHaveLength(1);
  });

  it('rotates the session at sign-in: the old token stops working', async () => {
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const first = jar.cookies.get('sportspyder_session')!;
    expect((await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn).toBe(
      true,
    );
    await jar.signIn(app, 'pro@sportspyder.test', 'sportspyder-pro');
    const second = jar.cookies.get('sportspyder_session')!;
    expect(second).not.toBe(first);

    const old = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      cookies: { sportspyder_session: first },
    });
    expect(old.json().session.loggedIn).toBe(false);
    const current = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(current.json().session.user).toMatchObject({ username: 'profan', pro: true, proState: 'paid' });
    expect(current.json().session.user.proSince).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('treats an expired session as signed out', async () => {
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const token = jar.cookies.get('sportspyder_session')!;
    await testDb.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      sessionIdFor(token),
    ]);
    const res = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(res.json().session).toMatchObject({ loggedIn: false, user: null });
  });

  it('signs the admin in with the admin flag', async () => {
    const res = await new CookieJar().signIn(app, 'admin@sportspyder.test', 'sportspyder-admin');
    expect(res.json().session.user).toMatchObject({ username: 'admin', admin: true });
  });

  it('signs out: ends the server session and clears the cookie', async () => {
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const token = jar.cookies.get('sportspyder_session')!;
    // Found live first: the server remembers it (auth/session-memo.ts), and sign-out must forget it.
    expect((await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn).toBe(
      true,
    );
    const res = await jar.request(app, { method: 'DELETE', url: '/api/v1/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ loggedIn: false, user: null });
    expect(jar.cookies.has('sportspyder_session')).toBe(false);
    // Replaying the old cookie does not bring the session back.
    const replay = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      cookies: { sportspyder_session: token },
    });
    expect(replay.json().session.loggedIn).toBe(false);
  });

  it('answers 422 invalid_credentials naming the password field for a wrong password or unknown e-mail', async () => {
    for (const [username, password] of [
      ['demo@sportspyder.test', 'wrong-password'],
      ['nobody@sportspyder.test', 'sportspyder-demo'],
    ] as const) {
      const jar = new CookieJar();
      const res = await jar.signIn(app, username, password);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        errors: [{ code: 'invalid_credentials', field: 'password', title: 'Invalid email or password' }],
      });
      expect(jar.cookies.has('sportspyder_session')).toBe(false);
    }
  });

  it('answers 422 naming the blank field when the username is missing', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/session',
      payload: { password: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: 'blank', field: 'username', title: "Username can't be blank" },
    ]);
  });

  it('counts unread notifications in the session user', async () => {
    const { rows } = await testDb.db.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'admin@sportspyder.test'`,
    );
    const adminId = rows[0]!.id;
    await testDb.db.query(
      `INSERT INTO notifications (user_id, type, read_at) VALUES ($1, 'mention', NULL), ($1, 'mention', NULL),
       ($1, 'mention', now())`,
      [adminId],
    );
    const jar = new CookieJar();
    const res = await jar.signIn(app, 'admin@sportspyder.test', 'sportspyder-admin');
    expect(res.json().session.user.notificationsCount).toBe(2);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the X-CSRF-Token header', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/session',
      payload: { username: 'demo@sportspyder.test', password: 'sportspyder-demo' },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errors: [
        { code: 'csrf_invalid', title: 'Invalid or missing CSRF token. Reload the page and try again.' },
      ],
    });
    expect(jar.cookies.has('sportspyder_session')).toBe(false);
  });

  it('refuses a header that does not match the cookie', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: { path: '/', hash: 'abc' },
      csrf: false,
      headers: { 'x-csrf-token': 'forged-token-value-000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
  });

  it('refuses a request without the CSRF cookie even when a header is sent', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { 'x-csrf-token': 'anything' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the request when the header echoes the cookie', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: { path: '/', hash: 'abc' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('keeps an existing CSRF cookie instead of replacing it', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(res.cookies.find((c) => c.name === 'sportspyder_csrf')).toBeUndefined();
  });
});
