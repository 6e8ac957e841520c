// The ActionCable-backed realtime client under Node: the real @rails/actioncable consumer with the
// testing shims, against a minimal ActionCable-protocol server built on ws.

import { adapters } from '@rails/actioncable';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createRealtime } from '../realtime.js';
import { installActionCableNodeShims } from '../testing/action-cable-node.js';
import { createFakeCable } from '../testing/fake-cable.js';

let wss: WebSocketServer;
let url: string;
let uninstall: () => void;
const commands: { command: string; identifier: string }[] = [];
let openSockets = 0;
// Connections to drop at once, as a restarting server does.
let refuseNext = 0;
// Handshakes to answer 503 before the socket opens, as a proxy does while its server restarts.
let failHandshakes = 0;

beforeAll(async () => {
  uninstall = installActionCableNodeShims(WebSocket);
  wss = new WebSocketServer({
    port: 0,
    handleProtocols: (protocols) => (protocols.has('actioncable-v1-json') ? 'actioncable-v1-json' : false),
    verifyClient: (_info, done) => {
      if (failHandshakes === 0) return done(true);
      failHandshakes--;
      done(false, 503);
    },
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cable`;
  wss.on('connection', (socket) => {
    if (refuseNext > 0) {
      refuseNext--;
      socket.terminate();
      return;
    }
    openSockets++;
    socket.on('close', () => openSockets--);
    socket.send(JSON.stringify({ type: 'welcome' }));
    socket.on('message', (raw) => {
      const data = JSON.parse(String(raw)) as { command: string; identifier: string };
      commands.push(data);
      const { channel } = JSON.parse(data.identifier) as { channel: string };
      if (data.command !== 'subscribe') return;
      if (channel === 'UserNotificationsChannel') {
        socket.send(JSON.stringify({ identifier: data.identifier, type: 'reject_subscription' }));
        return;
      }
      socket.send(JSON.stringify({ identifier: data.identifier, type: 'confirm_subscription' }));
      socket.send(JSON.stringify({ identifier: data.identifier, message: { version: '2026.11.22' } }));
    });
  });
});

// A test that failed midway leaves no refusals to the next.
afterEach(() => {
  refuseNext = 0;
  failHandshakes = 0;
});

afterAll(async () => {
  uninstall();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});

const waitFor = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('createRealtime with @rails/actioncable', () => {
  it('connects on the first subscription, delivers typed messages and disconnects after the last leaves', async () => {
    const realtime = createRealtime({ url });
    const versions: string[] = [];
    let confirmed = false;
    let rejected = false;
    expect(openSockets).toBe(0);
    const offVersions = realtime.subscribe(
      'UserVersionsChannel',
      {},
      {
        received: (message) => versions.push(message.version),
        connected: () => {
          confirmed = true;
        },
      },
    );
    const offNotifications = realtime.subscribe(
      'UserNotificationsChannel',
      {},
      {
        received: () => undefined,
        rejected: () => {
          rejected = true;
        },
      },
    );
    await waitFor(() => versions.length > 0 && rejected);
    expect(confirmed).toBe(true);
    expect(versions).toEqual(['2026.11.22']);
    expect(openSockets).toBe(1);

    offNotifications();
    offVersions();
    await waitFor(() => openSockets === 0);
    expect(commands.some((c) => c.command === 'unsubscribe')).toBe(true);
  });
});

describe('createRealtime after a dropped socket', () => {
  it('reopens on a backoff from 0.5 s, not after the 6 s stale check, trying again while the server refuses', async () => {
    const realtime = createRealtime({ url });
    const connected: boolean[] = [];
    const off = realtime.subscribe(
      'UserVersionsChannel',
      {},
      { received: () => undefined, connected: (info) => connected.push(info.reconnected) },
    );
    await waitFor(() => connected.length === 1);
    // The server goes away: the open socket is cut and the next two tries are refused.
    refuseNext = 2;
    const droppedAt = Date.now();
    for (const socket of wss.clients) socket.terminate();
    // @rails/actioncable alone waits for its 6 s stale check; the backoff (0.5 s, 1 s, 2 s, each
    // between half and all of it) is back well before that.
    await waitFor(() => connected.length === 2, 5000);
    expect(Date.now() - droppedAt).toBeLessThan(5000);
    expect(refuseNext).toBe(0);
    // Confirmed as a reconnection, which pages act on (catch up, read the session and version again).
    expect(connected).toEqual([false, true]);
    off();
    await waitFor(() => openSockets === 0);
  });
});

describe('createRealtime with several subscriptions', () => {
  it('confirms every subscription as reconnected after a drop, and after a disconnect and connect', async () => {
    const realtime = createRealtime({ url });
    const seen: Record<string, boolean[]> = { versions: [], chat: [] };
    const offVersions = realtime.subscribe(
      'UserVersionsChannel',
      {},
      { received: () => undefined, connected: (info) => seen.versions?.push(info.reconnected) },
    );
    const offChat = realtime.subscribe(
      'ChatChannel',
      { channelId: 12 },
      { received: () => undefined, connected: (info) => seen.chat?.push(info.reconnected) },
    );
    await waitFor(() => seen.versions?.length === 1 && seen.chat?.length === 1);
    // @rails/actioncable flags only the first subscription confirmed after a reopen; both must catch up.
    for (const socket of wss.clients) socket.terminate();
    await waitFor(() => seen.versions?.length === 2 && seen.chat?.length === 2, 5000);
    expect(seen).toEqual({ versions: [false, true], chat: [false, true] });

    // The page is left for the back/forward cache and comes back.
    realtime.disconnect();
    await waitFor(() => openSockets === 0);
    realtime.connect();
    await waitFor(() => seen.versions?.length === 3 && seen.chat?.length === 3, 5000);
    expect(seen).toEqual({ versions: [false, true, true], chat: [false, true, true] });
    offChat();
    offVersions();
    await waitFor(() => openSockets === 0);
  });
});

describe('createRealtime when the first tries fail before the socket opens', () => {
  it('connects on the same backoff, not after the 6 s stale check, and not as a reconnection', async () => {
    failHandshakes = 2;
    const realtime = createRealtime({ url });
    const connected: boolean[] = [];
    const startedAt = Date.now();
    const off = realtime.subscribe(
      'UserVersionsChannel',
      {},
      { received: () => undefined, connected: (info) => connected.push(info.reconnected) },
    );
    await waitFor(() => connected.length === 1, 5000);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(failHandshakes).toBe(0);
    // Nothing was ever confirmed before: a first connection, with nothing to catch up on.
    expect(connected).toEqual([false]);
    off();
    await waitFor(() => openSockets === 0);
  });
});

describe('createRealtime with a socket factory', () => {
  it('opens the socket through createWebSocket', async () => {
    const opened: string[] = [];
    const realtime = createRealtime({
      url: () => url,
      createWebSocket: (target, protocols) => {
        opened.push(target);
        return new WebSocket(target, protocols);
      },
    });
    const versions: string[] = [];
    const off = realtime.subscribe('UserVersionsChannel', {}, { received: (m) => versions.push(m.version) });
    await waitFor(() => versions.length > 0);
    expect(opened).toEqual([url]);
    off();
    await waitFor(() => openSockets === 0);
  });
});

describe('installActionCableNodeShims', () => {
  it('defaults to the ws package and restores what it replaced', () => {
    const before = adapters.WebSocket;
    const restore = installActionCableNodeShims();
    expect(adapters.WebSocket).toBe(WebSocket);
    expect(typeof (globalThis as { addEventListener?: unknown }).addEventListener).toBe('function');
    restore();
    expect(adapters.WebSocket).toBe(before);
  });
});

describe('createFakeCable', () => {
  it('delivers pushes to matching subscriptions, confirms and rejects', async () => {
    const cable = createFakeCable();
    const got: number[] = [];
    let confirmed = false;
    let rejected = false;
    const off = cable.subscribe(
      'UserNotificationsChannel',
      {},
      {
        received: (message) => got.push(message.notificationsCount),
        connected: () => {
          confirmed = true;
        },
        rejected: () => {
          rejected = true;
        },
      },
    );
    await Promise.resolve();
    expect(confirmed).toBe(true);
    expect(cable.connected).toBe(true);
    expect(cable.push('UserNotificationsChannel', { type: 'notification', notificationsCount: 3 })).toBe(1);
    expect(got).toEqual([3]);
    cable.reject('UserNotificationsChannel');
    expect(rejected).toBe(true);
    expect(cable.push('UserNotificationsChannel', { type: 'notification', notificationsCount: 4 })).toBe(0);
    off();
    expect(cable.connected).toBe(false);
  });
});
