// The ActionCable-backed realtime client under Node: the real @rails/actioncable consumer with the
// testing shims, against a minimal ActionCable-protocol server built on ws.

import { adapters } from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createRealtime } from '../realtime.js';
import { installActionCableNodeShims } from '../testing/action-cable-node.js';
import { createFakeCable } from '../testing/fake-cable.js';

let wss: WebSocketServer;
let url: string;
let uninstall: () => void;
const commands: { command: string; identifier: string }[] = [];
let openSockets = 0;

beforeAll(async () => {
  uninstall = installActionCableNodeShims(WebSocket);
  wss = new WebSocketServer({
    port: 0,
    handleProtocols: (protocols) => (protocols.has('actioncable-v1-json') ? 'actioncable-v1-json' : false),
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cable`;
  wss.on('connection', (socket) => {
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
