// @rails/actioncable sends `subscribe` again every 500 ms until the server confirms it (and again on
// each welcome). When authorising took longer than that (a busy server), the repeat used to be
// rejected once the first was confirmed, and the client, told "rejected", forgot a subscription it
// had just been confirmed: a chat stopped being live. Repeats now wait their turn and are ignored,
// and an unsubscribe sent meanwhile still wins over the subscribe before it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CableServer } from '../cable/cable-server.js';
import type { Channel } from '../cable/channel.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { CableTestClient, type Frame } from './helpers/cable-client.js';
import { silentLogger } from './helpers/silent-logger.js';

/** Authorisations wait for this until the test lets them through. */
let gate: Promise<void>;
let openGate: () => void;
beforeEach(() => {
  gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
});

/** `{ channel: 'SlowChannel', room }` → `room:<room>`, authorised once the gate opens. */
const SlowChannel: Channel = {
  name: 'SlowChannel',
  subscribe: async ({ params }) => {
    await gate;
    return typeof params.room === 'string' ? [`room:${params.room}`] : null;
  },
};

let broadcaster: MemoryBroadcaster;
let cable: CableServer;
let httpServer: Server;
let url: string;
const clients: CableTestClient[] = [];

/** A client after its welcome. */
async function client(): Promise<CableTestClient> {
  const connected = await CableTestClient.connect(url);
  clients.push(connected);
  await connected.next((f) => f.type === 'welcome');
  return connected;
}

/** What a client received besides the welcome and pings: frame types, and broadcasts as their text. */
const received = (c: CableTestClient) =>
  c.frames
    .filter((f) => f.type !== 'welcome' && f.type !== 'ping')
    .map((f: Frame) => f.type ?? (f.message as { text: string }).text);

const settle = () => new Promise((r) => setTimeout(r, 150));

beforeAll(async () => {
  broadcaster = new MemoryBroadcaster();
  cable = new CableServer({
    broadcaster,
    channels: [SlowChannel],
    identify: async () => null,
    isOriginAllowed: () => true,
    logger: silentLogger,
  });
  httpServer = createServer((_req, res) => res.writeHead(404).end());
  httpServer.on('upgrade', (request, socket, head) => cable.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/cable`;
});

afterAll(async () => {
  for (const c of clients) c.socket.terminate();
  await cable?.close();
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
});

describe('a subscribe repeated while it is being authorised', () => {
  it('is confirmed once and never rejected, and the messages arrive once', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'repeat' });
    const c = await client();
    for (let i = 0; i < 3; i++) c.send({ command: 'subscribe', identifier });
    await settle();
    openGate();
    await c.next((f) => f.type === 'confirm_subscription');
    await settle();
    await broadcaster.publish('room:repeat', { text: 'hello' });
    await c.next((f) => f.message !== undefined);
    await settle();
    expect(received(c)).toEqual(['confirm_subscription', 'hello']);
  });

  it('still ends unsubscribed when the unsubscribe came last', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'left' });
    const c = await client();
    c.send({ command: 'subscribe', identifier });
    c.send({ command: 'unsubscribe', identifier });
    await settle();
    openGate();
    await c.next((f) => f.type === 'confirm_subscription');
    await broadcaster.publish('room:left', { text: 'after leaving' });
    await settle();
    expect(received(c)).toEqual(['confirm_subscription']);
  });

  it('ends subscribed when it subscribed again after an unsubscribe', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'back' });
    const c = await client();
    c.send({ command: 'subscribe', identifier });
    c.send({ command: 'unsubscribe', identifier });
    c.send({ command: 'subscribe', identifier });
    await settle();
    openGate();
    const confirmed = () => c.frames.filter((f) => f.type === 'confirm_subscription').length;
    for (let waited = 0; confirmed() < 2 && waited < 4000; waited += 150) await settle();
    expect(confirmed()).toBe(2);
    await broadcaster.publish('room:back', { text: 'welcome back' });
    await c.next((f) => f.message !== undefined);
    await settle();
    expect(received(c)).toEqual(['confirm_subscription', 'confirm_subscription', 'welcome back']);
  });
});
