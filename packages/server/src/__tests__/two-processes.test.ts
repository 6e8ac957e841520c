// Two real server processes on one PostgreSQL and one Redis (REDIS_URL): a member's chat message
// posted through the second reaches, within a second, a socket connected to the first, and both serve
// the same history. Runs wherever a PostgreSQL is given (CI_POSTGRES_URL, or TEST_DATABASE_URL in the
// PostgreSQL run of the suite, scripts/test-server-pg.mjs); outside CI a machine without one skips it,
// in CI (CI set) a missing database fails it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.js';
import { CableTestClient, type Frame } from './helpers/cable-client.js';
import {
  createTestPostgresDatabase,
  HttpMember,
  multiProcessTestsRun,
  removeProcessDataDirs,
  type ServerProcess,
  startServerProcess,
  type TestPostgresDatabase,
} from './helpers/server-processes.js';
import { startTestRedis, type TestRedis } from './helpers/test-redis.js';

let redis: TestRedis;
let database: TestPostgresDatabase | undefined;
const servers: ServerProcess[] = [];
const sockets: CableTestClient[] = [];

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: (database as TestPostgresDatabase).url,
    REDIS_URL: redis.url,
    // Other test files may share CI's Redis: their servers must not hear these ones.
    REDIS_PREFIX: redis.prefix,
    // One secret for both, as a deployment behind a load balancer has.
    CSRF_SECRET: 'two-processes-test-secret',
    RATE_LIMIT_MAX: '100000',
    SIGN_IN_RATE_LIMIT_MAX: '1000',
  });
  servers.push(server);
  return server;
}

describe.skipIf(!multiProcessTestsRun)('two server processes on one PostgreSQL and one Redis', () => {
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    redis = await startTestRedis();
    database = await createTestPostgresDatabase('sportspyder_2p');
    // One after the other, as a rolling deploy does: the first migrates and seeds, the second finds it done.
    first = await startServer();
    second = await startServer();
  }, 200_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    removeProcessDataDirs();
    await database?.drop();
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
