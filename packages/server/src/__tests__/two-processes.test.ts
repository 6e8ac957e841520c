// Two real server processes on one PostgreSQL and one Redis (REDIS_URL): a member's chat message
// posted through the second reaches, within a second, a socket connected to the first, and both serve
// the same history. Runs wherever a PostgreSQL is given (CI_POSTGRES_URL, or TEST_DATABASE_URL in the
// PostgreSQL run of the suite, scripts/test-server-pg.mjs); outside CI a machine without one skips it,
// in CI (CI set) a missing database fails it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.js';
import { CableTestClient, type Frame } from './helpers/cable-client.js';
import { freePort, startTestRedis, type TestRedis } from './helpers/test-redis.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.CI_POSTGRES_URL;
const runs = Boolean(postgresUrl) || Boolean(process.env.CI);

/** A server process started from the sources (the suite runs before the build). */
interface ServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

let redis: TestRedis;
let databaseName: string;
let databaseUrl: string;
const servers: ServerProcess[] = [];
const sockets: CableTestClient[] = [];
const dataDirs: string[] = [];

async function startServerProcess(): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sportspyder-2p-'));
  dataDirs.push(dataDir);
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      // One secret for both, as a deployment behind a load balancer has.
      CSRF_SECRET: 'two-processes-test-secret',
      DEMO: 'off',
      INGEST: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '100000',
      SIGN_IN_RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server not healthy within 90 s:\n${log}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const server: ServerProcess = {
    url,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
  servers.push(server);
  return server;
}

/** A browser's cookies over real HTTP, with the CSRF header on writes. */
class HttpMember {
  private readonly cookies = new Map<string, string>();

  async request(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const csrf = this.cookies.get('sportspyder_csrf');
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }
}

describe.skipIf(!runs)('two server processes on one PostgreSQL and one Redis', () => {
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    if (!postgresUrl) throw new Error('CI must give a PostgreSQL (CI_POSTGRES_URL): .ci/run starts one');
    redis = await startTestRedis();
    databaseName = `sportspyder_2p_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const parsed = new URL(postgresUrl);
    parsed.pathname = `/${databaseName}`;
    parsed.search = '';
    databaseUrl = parsed.toString();
    // One after the other, as a rolling deploy does: the first migrates and seeds, the second finds it done.
    first = await startServerProcess();
    second = await startServerProcess();
  }, 200_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (postgresUrl && databaseName) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    await redis?.stop();
  }, 60_000);

  it('a member connected to the first sees within a second a message posted through the second; both serve the same history', async () => {
    const visitor = new HttpMember();
    const channels = (await (await visitor.request(first.url, 'GET', '/api/v1/chat/channels')).json()) as {
      channels: { id: number }[];
    };
    const channelId = channels.channels[0]?.id;
    expect(channelId).toBeGreaterThan(0);

    const socket = await CableTestClient.connect(`ws://127.0.0.1:${first.port}/cable`, {
      origin: `http://127.0.0.1:${first.port}`,
    });
    sockets.push(socket);
    const { identifier, type } = await socket.subscribe('ChatChannel', { channelId });
    expect(type).toBe('confirm_subscription');

    const member = new HttpMember();
    const account = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];
    await member.request(second.url, 'GET', '/api/v1/session');
    const signIn = await member.request(second.url, 'POST', '/api/v1/session', {
      username: account.email,
      password: account.password,
      hash: 'h1',
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const rules = await member.request(second.url, 'PUT', '/api/v1/session', { chatAcceptedRules: true });
    expect(rules.status).toBe(200);

    const content = `Across processes ${randomBytes(3).toString('hex')}`;
    const postedAt = Date.now();
    const posted = await member.request(second.url, 'POST', `/api/v1/channels/${channelId}/messages`, {
      content,
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const { message } = (await posted.json()) as { message: { id: number } };
    const frame = await socket.next((f: Frame) => {
      const pushed = f.message as { messages?: { id: number }[] } | undefined;
      return f.identifier === identifier && Boolean(pushed?.messages?.some((m) => m.id === message.id));
    }, 1000);
    expect(Date.now() - postedAt).toBeLessThan(1000);
    expect((frame.message as { messages: { content: string }[] }).messages[0]?.content).toBe(content);

    const history = async (server: ServerProcess) =>
      (await visitor.request(server.url, 'GET', `/api/v1/channels/${channelId}/messages`)).json();
    const [fromFirst, fromSecond] = await Promise.all([history(first), history(second)]);
    expect(fromFirst).toEqual(fromSecond);
    expect((fromFirst as { messages: { id: number }[] }).messages.some((m) => m.id === message.id)).toBe(
      true,
    );
  });
});
