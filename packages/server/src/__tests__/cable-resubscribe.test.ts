// @rails/actioncable sends `subscribe` again every 500 ms until the server confirms it (and again on
// each welcome). When authorising took longer than that (a busy server), the repeat used to be
// rejected once the first was confirmed, and the client, told "rejected", forgot a subscription it
// had just been confirmed: a chat stopped being live. Repeats now wait their turn and are ignored,
// and an unsubscribe sent meanwhile still wins over the subscribe before it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CableServer } from '../cable/cable-server.js';
import type { Channel } from '../cable/channel.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';

/** Authorisations wait here until the test lets them through. */
let gate: { open: () => void; opened: Promise<void> };
function newGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gate = { open, opened };
}

/** `{ channel: 'SlowChannel', room }` → `room:<room>`, authorised once the gate opens. */
const SlowChannel: Channel = {
  name: 'SlowChannel',
  subscribe: async ({ params }) => {
    await gate.opened;
    return typeof params.room === 'string' ? [`room:${params.room}`] : null;
  },
};

const silentLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLogger;
  },
} as never;

let broadcaster: MemoryBroadcaster;
let cable: CableServer;
let httpServer: Server;
let url: string;
const sockets: WebSocket[] = [];

/** A Rails-protocol client after its welcome: what it received (pings left out), and a sender. */
async function client(): Promise<{ frames: Array<Record<string, unknown>>; send: (c: object) => void }> {
  const socket = new WebSocket(url, ['actioncable-v1-json']);
  sockets.push(socket);
  const frames: Array<Record<string, unknown>> = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      if (frame.type === 'ping') return;
      if (frame.type === 'welcome') resolve();
      else frames.push(frame);
    });
    socket.once('error', reject);
  });
  return { frames, send: (command) => socket.send(JSON.stringify(command)) };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 4000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

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

beforeEach(() => newGate());

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await cable?.close();
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
});

describe('a subscribe repeated while it is being authorised', () => {
  it('is confirmed once and never rejected, and the messages arrive once', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'repeat' });
    const { frames, send } = await client();
    for (let i = 0; i < 3; i++) send({ command: 'subscribe', identifier });
    await settle();
    gate.open();
    await until(() => frames.some((f) => f.type === 'confirm_subscription'));
    await settle();
    await broadcaster.publish('room:repeat', { text: 'hello' });
    await until(() => frames.some((f) => f.message !== undefined));
    await settle();
    expect(frames.map((f) => f.type ?? (f.message as { text: string }).text)).toEqual([
      'confirm_subscription',
      'hello',
    ]);
  });

  it('still ends unsubscribed when the unsubscribe came last', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'left' });
    const { frames, send } = await client();
    send({ command: 'subscribe', identifier });
    send({ command: 'unsubscribe', identifier });
    await settle();
    gate.open();
    await until(() => frames.length > 0);
    await broadcaster.publish('room:left', { text: 'after leaving' });
    await settle();
    expect(frames.map((f) => f.type)).toEqual(['confirm_subscription']);
  });

  it('ends subscribed when it subscribed again after an unsubscribe', async () => {
    const identifier = JSON.stringify({ channel: 'SlowChannel', room: 'back' });
    const { frames, send } = await client();
    send({ command: 'subscribe', identifier });
    send({ command: 'unsubscribe', identifier });
    send({ command: 'subscribe', identifier });
    await settle();
    gate.open();
    await until(() => frames.filter((f) => f.type === 'confirm_subscription').length === 2);
    await broadcaster.publish('room:back', { text: 'welcome back' });
    await until(() => frames.some((f) => f.message !== undefined));
    await settle();
    expect(frames.map((f) => f.type ?? (f.message as { text: string }).text)).toEqual([
      'confirm_subscription',
      'confirm_subscription',
      'welcome back',
    ]);
  });
});
