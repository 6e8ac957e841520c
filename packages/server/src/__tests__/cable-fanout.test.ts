// The broadcast path to many Rails-protocol connections, which encodes each message once for all of
// them (docs/benchmarks.md, Chat): every subscriber still gets exactly the frame Rails would send,
// whatever identifier it subscribed with, each message its own, and the pings too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CableServer } from '../cable/cable-server.js';
import type { Channel } from '../cable/channel.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { silentLogger } from './helpers/silent-logger.js';

/** `{ channel: 'RoomChannel', room }` → the stream `room:<room>`. */
const RoomChannel: Channel = {
  name: 'RoomChannel',
  subscribe: ({ params }) => (typeof params.room === 'string' ? [`room:${params.room}`] : null),
};

let broadcaster: MemoryBroadcaster;
let cable: CableServer;
let httpServer: Server;
let url: string;
const sockets: WebSocket[] = [];

/** A raw client: every text frame it received, as sent. */
async function rawClient(identifier: string): Promise<string[]> {
  const socket = new WebSocket(url, ['actioncable-v1-json']);
  sockets.push(socket);
  const frames: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const text = data.toString();
      frames.push(text);
      if (text.includes('"welcome"')) socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      if (text.includes('"confirm_subscription"')) resolve();
    });
    socket.once('error', reject);
  });
  return frames;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 4000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  broadcaster = new MemoryBroadcaster();
  cable = new CableServer({
    broadcaster,
    channels: [RoomChannel],
    identify: async () => null,
    isOriginAllowed: () => true,
    logger: silentLogger,
    pingIntervalMs: 200,
  });
  httpServer = createServer((_req, res) => res.writeHead(404).end());
  httpServer.on('upgrade', (request, socket, head) => cable.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/cable`;
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await cable?.close();
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
});

describe('broadcasting to many actioncable-v1-json connections', () => {
  it('sends every subscriber the exact Rails frame of its own identifier, each message its own', async () => {
    // Two spellings of the same subscription: each must see its own identifier echoed back.
    const identifiers = [
      JSON.stringify({ channel: 'RoomChannel', room: 'fan' }),
      JSON.stringify({ room: 'fan', channel: 'RoomChannel' }),
    ];
    const clients = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rawClient(identifiers[i % 2] as string)),
    );
    await broadcaster.publish('room:fan', { text: 'first "quoted" – ünïcode', n: 1 });
    await broadcaster.publish('room:fan', { text: 'second', n: 2 });
    await until(() =>
      clients.every((frames) => frames.filter((f) => f.includes('"message":{')).length === 2),
    );
    clients.forEach((frames, i) => {
      const identifier = identifiers[i % 2] as string;
      expect(frames.filter((f) => f.includes('"message":{'))).toEqual([
        JSON.stringify({ identifier, message: { text: 'first "quoted" – ünïcode', n: 1, seq: 1 } }),
        JSON.stringify({ identifier, message: { text: 'second', n: 2, seq: 2 } }),
      ]);
    });
  });

  it('pings every connection with the same frame', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => rawClient(JSON.stringify({ channel: 'RoomChannel', room: 'ping' }))),
    );
    await until(() => clients.every((frames) => frames.some((f) => f.includes('"ping"'))));
    for (const frames of clients) {
      const ping = JSON.parse(frames.find((f) => f.includes('"ping"')) as string) as { message: number };
      expect(Math.abs(ping.message - Date.now() / 1000)).toBeLessThan(5);
    }
  });
});
