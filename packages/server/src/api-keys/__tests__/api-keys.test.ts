// API keys through the real app: who may list, create and delete them (visitor 401, member without
// the api flag 403, another member's key 404), the token shown once and stored as a digest, bearer
// reads acting as the member, state-changing calls refused even with a valid key and a valid session,
// revoked keys and lost flags refused, the per-key rate limit (429 with Retry-After), and lastUsedAt
// written at most once a minute (a fake clock on a small app with the same hook).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { runCli } from '../../cli/run-cli.js';
import { currentUserId } from '../../http/current-user.js';
import { registerErrorHandler } from '../../http/errors.js';
import { API_KEY_RATE_LIMIT, bearerToken, registerApiKeyAuth } from '../api-key-auth.js';
import { MAX_API_KEYS } from '../api-key-store.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** A fresh member; with `api` the flag is set as the CLI would. */
async function member(api: boolean): Promise<{ jar: CookieJar; username: string; id: number }> {
  const jar = new CookieJar();
  const account = freshAccount('dev');
  expect((await signUp(app, jar, account)).statusCode).toBe(201);
  const { rows } = await testDb.db.query<{ id: number }>(
    'UPDATE users SET api = $2 WHERE username = $1 RETURNING id',
    [account.username, api],
  );
  return { jar, username: account.username, id: Number(rows[0]!.id) };
}

const KEYS = '/api/v1/profile/api_keys';
const create = (jar: CookieJar, description?: string) =>
  jar.request(app, {
    method: 'POST',
    url: KEYS,
    payload: { apiKey: description === undefined ? {} : { description } },
  });
const bearer = (token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('API key routes', () => {
  it('answer 401 to a visitor and 403 to a member without the api flag', async () => {
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    expect((await visitor.request(app, { method: 'GET', url: KEYS })).statusCode).toBe(401);
    expect((await create(visitor)).statusCode).toBe(401);

    const { jar } = await member(false);
    const list = await jar.request(app, { method: 'GET', url: KEYS });
    expect(list.statusCode).toBe(403);
    expect(list.json().errors[0]).toMatchObject({ code: 'forbidden' });
    expect((await create(jar)).statusCode).toBe(403);
    expect((await jar.request(app, { method: 'DELETE', url: `${KEYS}/1` })).statusCode).toBe(403);
  });

  it('show the token once, store only its digest and list the visible prefix', async () => {
    const { jar, id } = await member(true);
    const made = await create(jar, '  My script  ');
    expect(made.statusCode).toBe(201);
    const { apiKey } = made.json();
    expect(apiKey.token).toMatch(/^ss_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ description: 'My script', lastUsedAt: null });

    const listed = (await jar.request(app, { method: 'GET', url: KEYS })).json();
    expect(listed.apiKeys).toEqual([{ ...apiKey, token: `${apiKey.token.slice(0, 11)}…` }]);
    const { rows } = await testDb.db.query<Record<string, unknown>>(
      'SELECT * FROM api_keys WHERE user_id = $1',
      [id],
    );
    expect(JSON.stringify(rows)).not.toContain(apiKey.token);
    expect(rows[0]!.token_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it(`refuse a ${MAX_API_KEYS + 1}th key with a 422`, async () => {
    const { jar } = await member(true);
    for (let i = 0; i < MAX_API_KEYS; i++) expect((await create(jar)).statusCode).toBe(201);
    const refused = await create(jar);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].title).toContain(`at most ${MAX_API_KEYS}`);
  });

  it("delete a member's own key only; another member's key is not found", async () => {
    const owner = await member(true);
    const other = await member(true);
    const { apiKey } = (await create(owner.jar)).json();
    const stranger = await other.jar.request(app, { method: 'DELETE', url: `${KEYS}/${apiKey.id}` });
    expect(stranger.statusCode).toBe(404);
    expect((await bearer(apiKey.token, '/api/v1/session')).statusCode).toBe(200);
    const gone = await owner.jar.request(app, { method: 'DELETE', url: `${KEYS}/${apiKey.id}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().apiKey.id).toBe(apiKey.id);
    expect((await owner.jar.request(app, { method: 'GET', url: KEYS })).json().apiKeys).toEqual([]);
    // A deleted key stops working at once.
    expect((await bearer(apiKey.token, '/api/v1/session')).statusCode).toBe(401);
  });
});

describe('bearer reads', () => {
  it("read public and member data as the key's member, and record lastUsedAt", async () => {
    const { jar, username } = await member(true);
    const { apiKey } = (await create(jar)).json();
    const teams = await bearer(apiKey.token, '/api/v1/sports?includes=teams');
    expect(teams.statusCode).toBe(200);
    const session = await bearer(apiKey.token, '/api/v1/session');
    expect(session.json().session.user.username).toBe(username);
    const keys = await bearer(apiKey.token, KEYS);
    expect(keys.statusCode).toBe(200);
    expect(keys.json().apiKeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuse unknown, malformed and revoked-flag keys with a 401', async () => {
    const { jar, id } = await member(true);
    const { apiKey } = (await create(jar)).json();
    const wrong = `${apiKey.token.slice(0, -1)}${apiKey.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [wrong, 'ss_short', '', apiKey.token.slice(0, 20)]) {
      const res = await bearer(token, '/api/v1/session');
      expect(res.statusCode, token).toBe(401);
      expect(res.json().errors[0].code).toBe('invalid_api_key');
    }
    await testDb.db.query('UPDATE users SET api = false WHERE id = $1', [id]);
    expect((await bearer(apiKey.token, '/api/v1/session')).statusCode).toBe(401);
  });

  it('never change state: a POST or DELETE with a valid key is refused, even with a valid session and CSRF token', async () => {
    const { jar, id } = await member(true);
    const { apiKey } = (await create(jar)).json();
    const count = async () =>
      Number(
        (
          await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [
            id,
          ])
        ).rows[0]!.n,
      );
    const before = await count();

    const bare = await bearer(apiKey.token, KEYS, 'POST', { apiKey: {} });
    expect([401, 403]).toContain(bare.statusCode);
    const withSession = await jar.request(app, {
      method: 'POST',
      url: KEYS,
      payload: { apiKey: {} },
      headers: { authorization: `Bearer ${apiKey.token}` },
    });
    expect(withSession.statusCode).toBe(403);
    expect(withSession.json().errors[0].code).toBe('api_key_read_only');
    const deleted = await jar.request(app, {
      method: 'DELETE',
      url: `${KEYS}/${apiKey.id}`,
      headers: { authorization: `Bearer ${apiKey.token}` },
    });
    expect(deleted.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it(`limit a key to ${API_KEY_RATE_LIMIT} requests a minute (429 with Retry-After)`, async () => {
    const { jar } = await member(true);
    const { apiKey } = (await create(jar)).json();
    for (let i = 0; i < API_KEY_RATE_LIMIT; i++) {
      expect((await bearer(apiKey.token, KEYS)).statusCode).toBe(200);
    }
    const limited = await bearer(apiKey.token, KEYS);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key of the same member has its own allowance.
    const { apiKey: second } = (await create(jar)).json();
    expect((await bearer(second.token, KEYS)).statusCode).toBe(200);
  });
});

describe('lastUsedAt', () => {
  it('is written at most once a minute per key', async () => {
    const { jar } = await member(true);
    const { apiKey } = (await create(jar)).json();
    let now = new Date('2030-01-01T00:00:00Z');
    const small = Fastify({ logger: false });
    registerErrorHandler(small);
    registerApiKeyAuth(small, { db: testDb.db, now: () => now });
    small.get('/me', async (request) => ({
      userId: await currentUserId(request, testDb.db, { production: false }),
    }));
    const lastUsed = async () =>
      (
        await testDb.db.query<{ t: Date | null }>('SELECT last_used_at AS t FROM api_keys WHERE id = $1', [
          apiKey.id,
        ])
      ).rows[0]!.t;
    const read = () =>
      small.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${apiKey.token}` } });

    expect((await read()).statusCode).toBe(200);
    expect(new Date((await lastUsed())!).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    now = new Date('2030-01-01T00:00:59Z');
    await read();
    expect(new Date((await lastUsed())!).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    now = new Date('2030-01-01T00:01:00Z');
    await read();
    expect(new Date((await lastUsed())!).toISOString()).toBe('2030-01-01T00:01:00.000Z');
    await small.close();
  });

  it('only Bearer authorization headers are keys', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer ss_abc')).toBe('ss_abc');
    expect(bearerToken('bearer  ss_abc ')).toBe('ss_abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer a b')).toBe('');
  });
});

describe('API access', () => {
  it('is given and taken with `npm run cli -- users api <who> on|off`', async () => {
    const { jar, username } = await member(false);
    let out = '';
    const stdout = {
      write: (text: string) => {
        out += text;
      },
    };
    expect(await runCli(['users', 'api', username, 'on'], { db: testDb.db, stdout })).toBe(0);
    expect(out).toContain(`API access given to ${username}`);
    expect((await create(jar)).statusCode).toBe(201);
    expect(await runCli(['users', 'api', username, 'off'], { db: testDb.db, stdout })).toBe(0);
    expect((await create(jar)).statusCode).toBe(403);
    expect(await runCli(['users', 'api', 'nobody-here', 'on'], { db: testDb.db, stdout })).toBe(2);
    expect(await runCli(['users', 'api', username, 'maybe'], { db: testDb.db, stdout })).toBe(2);
  });

  it("is never answered from the visitors' page cache", async () => {
    const cached = await buildTestApp(testDb.db, { responseCacheTtlMs: 60_000 });
    try {
      const visitor = await cached.inject({ method: 'GET', url: '/api/v1/sports?includes=teams' });
      expect(visitor.statusCode).toBe(200);
      const again = await cached.inject({ method: 'GET', url: '/api/v1/sports?includes=teams' });
      expect(again.headers['x-cache']).toBe('hit');
      // A bad key on the same URL is checked (401), not served the cached page.
      const res = await cached.inject({
        method: 'GET',
        url: '/api/v1/sports?includes=teams',
        headers: { authorization: `Bearer ss_${'x'.repeat(43)}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });
});
