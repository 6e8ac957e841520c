// The real `@rails/actioncable` consumer, unchanged, against the server: proof that the protocol matches.
import type { AddressInfo } from 'node:net';
import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SportSpyderApp } from '../app.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import { buildTestApp, CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let port: number;
const consumers: ActionCable.Consumer[] = [];

// Node shims the consumer needs: a document with a visibility state and no-op event listeners.
const g = globalThis as unknown as Record<string, unknown>;
const saved = {
  document: g.document,
  addEventListener: g.addEventListener,
  removeEventListener: g.removeEventListener,
};

function socketClass(headers: { cookie?: string; origin?: string }) {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, {
        headers: headers.cookie ? { cookie: headers.cookie } : {},
        ...(headers.origin ? { origin: headers.origin } : {}),
      });
    }
  };
}

function subscribe(consumer: ActionCable.Consumer, channel: string) {
  const received: unknown[] = [];
  let onConfirmed: () => void = () => {};
  let onRejected: () => void = () => {};
  const state = new Promise<'confirmed' | 'rejected'>((resolve) => {
    onConfirmed = () => resolve('confirmed');
    onRejected = () => resolve('rejected');
  });
  consumer.subscriptions.create(
    { channel },
    {
      connected: () => onConfirmed(),
      rejected: () => onRejected(),
      received: (data: unknown) => received.push(data),
    },
  );
  return { state, received };
}

async function until(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  g.document = { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} };
  g.addEventListener = () => {};
  g.removeEventListener = () => {};
  ActionCable.logger.enabled = false;
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const consumer of consumers) consumer.disconnect();
  await app?.close();
  await testDb?.dispose();
  Object.assign(g, saved);
});

describe('@rails/actioncable consumer', () => {
  it('subscribes to UserVersionsChannel and receives a broadcast', async () => {
    ActionCable.adapters.WebSocket = socketClass({ origin: `http://localhost:${port}` }) as never;
    const consumer = ActionCable.createConsumer(`ws://127.0.0.1:${port}/cable`);
    consumers.push(consumer);
    const versions = subscribe(consumer, 'UserVersionsChannel');
    expect(await versions.state).toBe('confirmed');
    await app.broadcaster.publish('user_versions', { version: 'next-version' });
    await until(() => versions.received.length > 0);
    expect(versions.received[0]).toMatchObject({ version: 'next-version' });
  });

  it('is rejected from UserNotificationsChannel as a visitor and accepted when signed in', async () => {
    ActionCable.adapters.WebSocket = socketClass({}) as never;
    const visitor = ActionCable.createConsumer(`ws://127.0.0.1:${port}/cable`);
    consumers.push(visitor);
    expect(await subscribe(visitor, 'UserNotificationsChannel').state).toBe('rejected');

    const jar = new CookieJar();
    const userId = (await jar.signIn(app, 'pro@sportspyder.test', 'sportspyder-pro')).json().session.user
      .id as number;
    ActionCable.adapters.WebSocket = socketClass({ cookie: jar.header() }) as never;
    const member = ActionCable.createConsumer(`ws://127.0.0.1:${port}/cable`);
    consumers.push(member);
    const notifications = subscribe(member, 'UserNotificationsChannel');
    expect(await notifications.state).toBe('confirmed');
    await app.broadcaster.publish(userNotificationsStream(userId), {
      type: 'notification',
      notificationsCount: 4,
    });
    await until(() => notifications.received.length > 0);
    expect(notifications.received[0]).toMatchObject({ type: 'notification', notificationsCount: 4 });
  });
});
