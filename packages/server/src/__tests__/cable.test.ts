import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import { CableTestClient } from './helpers/cable-client.js';
import { buildTestApp, CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let cableUrl: string;
let origin: string;
const clients: CableTestClient[] = [];

async function connect(options: Parameters<typeof CableTestClient.connect>[1] = {}) {
  const client = await CableTestClient.connect(cableUrl, { origin, ...options });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { allowedOrigins: ['https://partner.example'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  cableUrl = `ws://127.0.0.1:${port}/cable`;
  origin = `http://localhost:${port}`;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
  await testDb?.dispose();
});

describe('ActionCable at /cable', () => {
  it('welcomes a connection with the actioncable-v1-json subprotocol and pings every 3 s', async () => {
    const client = await connect();
    expect(client.socket.protocol).toBe('actioncable-v1-json');
    expect(await client.next((f) => f.type === 'welcome')).toEqual({ type: 'welcome' });
    const ping = await client.next((f) => f.type === 'ping', 3500);
    expect(typeof ping.message).toBe('number');
    expect(Math.abs(Number(ping.message) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('confirms UserVersionsChannel for anyone and delivers broadcasts with a sequence number', async () => {
    const client = await connect();
    const { identifier, type } = await client.subscribe('UserVersionsChannel');
    expect(type).toBe('confirm_subscription');
    await app.broadcaster.publish('user_versions', { version: 'v2' });
    await app.broadcaster.publish('user_versions', { version: 'v3' });
    const first = await client.next((f) => f.identifier === identifier && 'message' in f);
    expect(first.message).toMatchObject({ version: 'v2' });
    const second = await client.next(
      (f) => f.identifier === identifier && (f.message as { version?: string })?.version === 'v3',
    );
    expect((second.message as { seq: number }).seq).toBe((first.message as { seq: number }).seq + 1);
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await connect();
    const { identifier } = await client.subscribe('UserVersionsChannel');
    client.send({ command: 'unsubscribe', identifier });
    // A subscription confirmed after the unsubscribe proves the server handled it first.
    await client.subscribe('UserVersionsChannel', { marker: 1 });
    await app.broadcaster.publish('user_versions', { version: 'after-unsubscribe' });
    await client.next((f) => (f.message as { version?: string })?.version === 'after-unsubscribe');
    const forOld = client.frames.filter((f) => f.identifier === identifier && 'message' in f);
    expect(forOld).toEqual([]);
  });

  it('rejects UserNotificationsChannel for a visitor', async () => {
    const client = await connect();
    expect((await client.subscribe('UserNotificationsChannel')).type).toBe('reject_subscription');
  });

  it('rejects unknown channels and malformed identifiers', async () => {
    const client = await connect();
    expect((await client.subscribe('AdminSecretsChannel')).type).toBe('reject_subscription');
    client.send({ command: 'subscribe', identifier: 'not json' });
    const frame = await client.next((f) => f.identifier === 'not json');
    expect(frame.type).toBe('reject_subscription');
  });

  it('confirms UserNotificationsChannel for a member identified by the session cookie, on their own stream', async () => {
    const jar = new CookieJar();
    const signIn = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const userId = signIn.json().session.user.id as number;
    const client = await connect({ cookie: jar.header() });
    const { identifier, type } = await client.subscribe('UserNotificationsChannel');
    expect(type).toBe('confirm_subscription');

    await app.broadcaster.publish(userNotificationsStream(userId + 1000), {
      type: 'notification',
      notificationsCount: 9,
    });
    await app.broadcaster.publish(userNotificationsStream(userId), {
      type: 'notification',
      notificationsCount: 3,
    });
    const frame = await client.next((f) => f.identifier === identifier && 'message' in f);
    expect(frame.message).toMatchObject({ type: 'notification', notificationsCount: 3 });
  });

  it('refuses a handshake from an origin outside the allowlist with 403', async () => {
    await expect(CableTestClient.connect(cableUrl, { origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
  });

  it('accepts an origin from ALLOWED_ORIGINS', async () => {
    const client = await connect({ origin: 'https://partner.example' });
    expect(await client.next((f) => f.type === 'welcome')).toEqual({ type: 'welcome' });
  });

  it('refuses a handshake without the actioncable subprotocol', async () => {
    await expect(CableTestClient.connect(cableUrl, { origin, protocols: ['chat'] })).rejects.toThrow(
      'HTTP 400',
    );
  });

  it('tells connected clients to reconnect when the server shuts down', async () => {
    const other = await buildTestApp(testDb.db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.server.address() as AddressInfo).port;
    const client = await CableTestClient.connect(`ws://127.0.0.1:${port}/cable`);
    await client.next((f) => f.type === 'welcome');
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    await other.close();
    expect(await client.next((f) => f.type === 'disconnect')).toEqual({
      type: 'disconnect',
      reason: 'server_restart',
      reconnect: true,
    });
    expect(await closed).toBeGreaterThan(0);
  });
});
