// The deployment of docs/deploy.md, for real: one PostgreSQL, one Redis, two web processes
// (RUN_JOBS=false) and one `npm run worker`. A member signed in on one process is signed in on the
// other; a follow on one is seen on the other and empties the other's page cache; a feed the worker
// ingests (served by a local HTTP server) shows up in both processes' cached pages within 2 s; a client
// spreading its requests over both is held to one rate limit; and with a reverse proxy in front
// (docs/deploy.md's sample nginx configuration run by nginx, which `.ci/run` installs; where nginx is
// missing, the Node proxy of helpers/round-robin-proxy.ts, which does what that configuration does),
// killing one web process loses no request. Runs where the two-process chat test runs: in the
// PostgreSQL pass of the suite (CI_POSTGRES_URL / TEST_DATABASE_URL); in CI a missing one fails it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.js';
import { findNginx, startNginxProxy } from './helpers/nginx-proxy.js';
import { startRoundRobinProxy, type TestProxy } from './helpers/round-robin-proxy.js';
import {
  createTestPostgresDatabase,
  HttpMember,
  multiProcessTestsRun,
  removeProcessDataDirs,
  type ServerProcess,
  startServerProcess,
  startWorkerProcess,
  type TestPostgresDatabase,
  type TestProcess,
} from './helpers/server-processes.js';
import { startTestRedis, type TestRedis } from './helpers/test-redis.js';

/** The per-address limit of the web processes in this test (requests a minute). */
const LIMIT = 40;
/** Requests that skip the per-address limit (allowed outside production): all but the limit's own test. */
const SKIP = { 'x-skip-limit': '1' };
const HEADLINE = `Scale-out test: the worker's headline ${Date.now()}`;

let redis: TestRedis;
let database: TestPostgresDatabase | undefined;
let sql: pg.Client | undefined;
let feedServer: Server | undefined;
let proxy: TestProxy | undefined;
/** The paths the feed server was asked for. */
const feedRequests: string[] = [];
/** `http://127.0.0.1:<port>` of the feed server. */
let feedBase = '';
const processes: TestProcess[] = [];

/** A one-item RSS feed on a free loopback port. */
async function startFeedServer(): Promise<string> {
  const server = createServer((req, res) => {
    feedRequests.push(req.url ?? '');
    if (req.url !== '/feed.xml') return res.writeHead(404).end();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Scale-out Gazette</title><link>${base}/</link>
        <description>Test feed</description>
        <item><title>${HEADLINE}</title><link>${base}/stories/1</link><guid>${base}/stories/1</guid>
          <description>Served to the worker by the test.</description><pubDate>${new Date().toUTCString()}</pubDate></item>
      </channel></rss>`,
    );
  });
  feedServer = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return `${feedBase}/feed.xml`;
}

async function one<T>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await (sql as pg.Client).query(text, values);
  return rows[0] as T;
}

/** Polls `check` every 50 ms until it holds; answers the ms it took, or throws after `withinMs` more. */
/** A demo account signed in through `url` in a fresh cookie jar (the CSRF cookie read first). */
async function signIn(
  url: string,
  account: (typeof DEMO_ACCOUNTS)[number],
  hash: string,
): Promise<{ member: HttpMember; answer: Response }> {
  const member = new HttpMember(SKIP);
  await member.request(url, 'GET', '/api/v1/session');
  const answer = await member.request(url, 'POST', '/api/v1/session', {
    username: account.email,
    password: account.password,
    hash,
  });
  return { member, answer };
}

async function timeUntil(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe.skipIf(!multiProcessTestsRun)('two web processes and a worker on PostgreSQL and Redis', () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let worker: TestProcess;

  beforeAll(async () => {
    redis = await startTestRedis();
    database = await createTestPostgresDatabase('sportspyder_scale');
    const web = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      // Other test files may share CI's Redis: their processes must not hear these ones.
      REDIS_PREFIX: redis.prefix,
      CSRF_SECRET: 'scale-out-test-secret',
      // The worker runs ingestion and the mail jobs; the web processes only serve (if they ran the
      // scheduler, they would look for due feeds every 200 ms).
      RUN_JOBS: 'false',
      INGEST: 'on',
      INGEST_INTERVAL_MS: '200',
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: String(LIMIT),
      SIGN_IN_RATE_LIMIT_MAX: '1000',
    };
    // The first migrates and seeds; the others find it done.
    first = await startServerProcess(web);
    processes.push(first);
    second = await startServerProcess(web);
    processes.push(second);
    worker = await startWorkerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      INGEST: 'on',
      INGEST_INTERVAL_MS: '200',
    });
    processes.push(worker);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await sql?.end();
    feedServer?.close();
    removeProcessDataDirs();
    await database?.drop();
    await redis?.stop();
  }, 60_000);

  it('a member signed in on one process is signed in on the other', async () => {
    const account = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];
    const { member, answer } = await signIn(first.url, account, 'scale-1');
    expect(answer.status, await answer.clone().text()).toBe(200);
    type Answer = { session: { loggedIn: boolean; user: { id: number; email: string } | null } };
    const signedIn = ((await answer.json()) as Answer).session;
    expect(signedIn.user?.email).toBe(account.email);
    const { session } = (await (await member.request(second.url, 'GET', '/api/v1/session')).json()) as Answer;
    expect(session.loggedIn).toBe(true);
    expect(session.user?.id).toBe(signedIn.user?.id);
  });

  it('signing out on one process ends the session on the other within a second', async () => {
    const { member } = await signIn(
      first.url,
      DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number],
      'scale-out',
    );
    type Answer = { session: { loggedIn: boolean } };
    const loggedInOn = async (url: string) =>
      ((await (await member.request(url, 'GET', '/api/v1/session')).json()) as Answer).session.loggedIn;
    // Both processes have now found the session live (and remember it: auth/session-memo.ts).
    expect(await loggedInOn(first.url)).toBe(true);
    expect(await loggedInOn(second.url)).toBe(true);
    const token = member.cookie('sportspyder_session');
    expect(token).toBeTruthy();
    const signOut = await member.request(second.url, 'DELETE', '/api/v1/session');
    expect(signOut.status).toBe(200);
    // The old cookie, replayed on the first process, is a visitor's within a second.
    const replay = async () => {
      const res = await fetch(`${first.url}/api/v1/session`, {
        headers: { ...SKIP, cookie: `sportspyder_session=${token}` },
      });
      return ((await res.json()) as Answer).session.loggedIn;
    };
    await timeUntil(async () => !(await replay()), 1000);
  });

  it("a follow on one process is listed by the other, and empties the other's cached pages", async () => {
    const visitor = new HttpMember(SKIP);
    const page = '/api/v1/teams/las-vegas-raiders/articles';
    await visitor.request(second.url, 'GET', page);
    expect((await visitor.request(second.url, 'GET', page)).headers.get('x-cache')).toBe('hit');

    const account = DEMO_ACCOUNTS[1] as (typeof DEMO_ACCOUNTS)[number];
    const { member } = await signIn(second.url, account, 'scale-2');
    // A team the member does not follow yet.
    const { id: teamId } = await one<{ id: number }>(
      `SELECT id FROM teams WHERE id NOT IN
         (SELECT f.team_id FROM following_teams f JOIN users u ON u.id = f.user_id WHERE u.email = $1)
       ORDER BY id LIMIT 1`,
      [account.email],
    );
    const follow = await member.request(first.url, 'POST', '/api/v1/profile/following_teams', { teamId });
    expect(follow.status, await follow.clone().text()).toBe(201);
    const follows = (await (
      await member.request(second.url, 'GET', '/api/v1/profile/following_teams')
    ).json()) as { followingTeams: { teamId: number }[] };
    expect(follows.followingTeams.map((f) => f.teamId)).toContain(teamId);
    // The follow went through the first process; the second forgot its page within a second.
    await timeUntil(
      async () => (await visitor.request(second.url, 'GET', page)).headers.get('x-cache') === 'miss',
      1000,
    );
  });

  it("a feed ingested by the worker shows up in both processes' cached pages within 2 s", async () => {
    const feedUrl = await startFeedServer();
    const { id: domainId } = await one<{ id: number }>(
      `INSERT INTO domains (host, name) VALUES ('scale-out.example', 'Scale-out Gazette') RETURNING id`,
    );
    // Disabled until both processes have cached its (empty) page.
    const { id: sourceId } = await one<{ id: number }>(
      `INSERT INTO sources (domain_id, kind, feed_url, title, enabled) VALUES ($1, 'news', $2, 'Scale-out Gazette', false)
       RETURNING id`,
      [domainId, feedUrl],
    );
    const page = `/api/v1/sources/${sourceId}/articles`;
    const visitor = new HttpMember(SKIP);
    for (const server of [first, second]) {
      expect((await visitor.request(server.url, 'GET', page)).status).toBe(200);
      const cached = await visitor.request(server.url, 'GET', page);
      expect(cached.headers.get('x-cache')).toBe('hit');
      expect(await cached.text()).not.toContain(HEADLINE);
    }

    await sql?.query('UPDATE sources SET enabled = true, next_fetch_at = now() WHERE id = $1', [sourceId]);
    const shows = (server: ServerProcess) => async () =>
      (await (await visitor.request(server.url, 'GET', page)).text()).includes(HEADLINE);
    const [onFirst, onSecond] = await Promise.all([
      timeUntil(shows(first), 2000),
      timeUntil(shows(second), 2000),
    ]);
    expect(onFirst).toBeLessThanOrEqual(2000);
    expect(onSecond).toBeLessThanOrEqual(2000);
    // The worker fetched it (the web processes run no ingestion).
    const source = await one<{ lease_owner: string | null; last_success_at: Date | null }>(
      'SELECT lease_owner, last_success_at FROM sources WHERE id = $1',
      [sourceId],
    );
    expect(source.last_success_at).not.toBeNull();
  });

  it('with RUN_JOBS=false the web processes fetch no feed: with the worker stopped, a due feed waits', async () => {
    await worker.stop();
    expect(feedBase).not.toBe('');
    const { id: domainId } = await one<{ id: number }>('SELECT id FROM domains WHERE host = $1', [
      'scale-out.example',
    ]);
    await sql?.query(
      `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', $2, 'Second feed')`,
      [domainId, `${feedBase}/second.xml`],
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(feedRequests).not.toContain('/second.xml');
  });

  it('a client spreading its requests over both processes is held to one rate limit', async () => {
    // One client address (the processes trust X-Forwarded-For, as behind the proxy).
    const client = new HttpMember({ 'x-forwarded-for': '203.0.113.15' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < LIMIT + 10; i++) {
      // The session read: computed on every request, never from the page cache.
      const res = await client.request(i % 2 ? second.url : first.url, 'GET', '/api/v1/session');
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  // CI installs nginx (.ci/run): there the sample configuration itself is what is tested.
  const nginx = findNginx();
  if (process.env.CI && !nginx) throw new Error('CI must have nginx: .ci/run installs nginx-light');

  it(`behind ${nginx ? "docs/deploy.md's nginx sample" : 'the Node proxy'}, killing one web process loses no request`, async () => {
    proxy = nginx
      ? await startNginxProxy(nginx, [first.url, second.url])
      : await startRoundRobinProxy([first.url, second.url]);
    const member = new HttpMember(SKIP);
    const account = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];
    await member.request(proxy.url, 'GET', '/api/v1/session');
    const signIn = await member.request(proxy.url, 'POST', '/api/v1/session', {
      username: account.email,
      password: account.password,
      hash: 'scale-3',
    });
    expect(signIn.status).toBe(200);
    const paths = ['/api/v1/sports', '/api/v1/session', '/api/v1/teams/las-vegas-raiders/articles'];
    const failures: string[] = [];
    let sent = 0;
    let killed = false;
    const client = async () => {
      while (sent < 600) {
        const path = paths[sent++ % paths.length] as string;
        // Half-way through, one process dies without warning, requests in flight included.
        if (sent === 200) {
          killed = true;
          void second.kill();
        }
        const res = await member.request(proxy?.url as string, 'GET', path).catch((e: Error) => e);
        if (res instanceof Error || res.status !== 200) {
          failures.push(`${path}: ${res instanceof Error ? res.message : res.status}`);
        } else await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(killed).toBe(true);
    expect(failures).toEqual([]);
    expect(second.child.signalCode).toBe('SIGKILL');
    // Both served before the kill; the first served everything after it.
    const answered = proxy.answered();
    expect(answered.get(second.url)).toBeGreaterThan(0);
    expect(answered.get(first.url)).toBeGreaterThan(300);
  });
});
