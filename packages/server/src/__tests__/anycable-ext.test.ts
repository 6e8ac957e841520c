// AnyCable's extended protocol (`actioncable-v1-ext-json`) against the server's cable, with AnyCable's
// own client (`@anycable/core`, unchanged) and with raw frames: session recovery, history by offset and
// by time, offsets and epochs on broadcasts, and exactly-once, in-order delivery across drops.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Cable, type Channel, createCable } from '@anycable/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CableServer } from '../cable/cable-server.js';
import type { Channel as ServerChannel } from '../cable/channel.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { streamLogHistory } from '../cable/stream-log-history.js';
import { appendToStream, publishEntries, type StreamEntry } from '../chat/stream-log.js';
import { CableTestClient } from './helpers/cable-client.js';
import { silentLogger } from './helpers/silent-logger.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/** A channel on one logged stream per room: `{ channel: 'RoomChannel', room }` → `room:<room>`. */
const RoomChannel: ServerChannel = {
  name: 'RoomChannel',
  subscribe: ({ params }) => (typeof params.room === 'string' ? [`room:${params.room}`] : null),
};

let testDb: TestDatabase;
let broadcaster: MemoryBroadcaster;
let httpServer: Server;
let cable: CableServer;
let url: string;
/** Raw sockets of the upgrades, so a test can cut one as a network drop would. */
const sockets: Duplex[] = [];
/** While set, new handshakes wait (the client stays disconnected meanwhile). */
let handshakeGate: Promise<void> | null = null;
const cables: Cable[] = [];
const raw: CableTestClient[] = [];

function newCableServer(): CableServer {
  return new CableServer({
    broadcaster,
    channels: [RoomChannel],
    identify: async () => null,
    isOriginAllowed: () => true,
    logger: silentLogger,
    history: streamLogHistory(testDb.db),
  });
}

/** Logs a message in the room's stream, then broadcasts it (what chat writes do). */
async function post(room: string, n: number): Promise<StreamEntry> {
  const entry = await testDb.db.transaction((tx) => appendToStream(tx, `room:${room}`, { n }));
  await publishEntries(broadcaster, [entry]);
  return entry;
}

async function until(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function anyCable(): Cable {
  const client = createCable(url, {
    protocol: 'actioncable-v1-ext-json',
    websocketImplementation: WebSocket,
    // Reconnect quickly: the tests are about what arrives, not about the backoff.
    reconnectStrategy: () => 50,
    logLevel: 'error',
  });
  cables.push(client);
  return client;
}

/** Subscribes and records the `n` of every message with its offset. */
async function join(client: Cable, room: string) {
  const channel: Channel = client.subscribeTo('RoomChannel', { room });
  const received: { n: number; offset: number | undefined }[] = [];
  channel.on('message', (message, meta) => {
    // The extended protocol's meta carries the stream position (the client's types only name `id`).
    const position = meta as { offset?: number } | undefined;
    received.push({ n: (message as { n: number }).n, offset: position?.offset });
  });
  await channel.ensureSubscribed();
  return received;
}

/** Cuts every open client socket as a network failure would (no close frame). */
function dropConnections(): void {
  for (const socket of sockets.splice(0)) socket.destroy();
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  broadcaster = new MemoryBroadcaster();
  cable = newCableServer();
  httpServer = createServer((_req, res) => res.writeHead(404).end());
  httpServer.on('upgrade', async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (handshakeGate) await handshakeGate;
    sockets.push(socket);
    cable.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/cable`;
});

afterAll(async () => {
  for (const client of cables) client.disconnect();
  for (const client of raw) client.close();
  await cable?.close();
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
  await testDb?.dispose();
});

describe('actioncable-v1-ext-json with the unmodified @anycable/core client', () => {
  it('after a forced disconnect, restores the session and gets exactly the missed messages, in order, before live ones', async () => {
    const client = anyCable();
    const connects: { restored?: boolean; reconnect?: boolean }[] = [];
    client.on('connect', (event) => connects.push(event));
    const received = await join(client, 'restore');
    for (let n = 1; n <= 3; n++) await post('restore', n);
    await until(() => received.length === 3);
    expect(client.sessionId).toMatch(/^[\w-]{20,}$/);

    let openGate: () => void = () => {};
    handshakeGate = new Promise((resolve) => {
      openGate = resolve;
    });
    dropConnections();
    await until(() => client.state !== 'connected');
    for (let n = 4; n <= 6; n++) await post('restore', n);
    // Live messages keep coming while the client reconnects and catches up.
    const live = (async () => {
      for (let n = 7; n <= 15; n++) {
        await post('restore', n);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    handshakeGate = null;
    openGate();
    await live;
    await until(() => received.length >= 15);
    await new Promise((r) => setTimeout(r, 100)); // a duplicate would arrive by now
    expect(received.map((m) => m.n)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(received.map((m) => m.offset)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(connects.at(-1)).toMatchObject({ reconnect: true, restored: true });
  });

  it('when the session cannot be restored (another process, a restart), subscribes again with its positions and still misses nothing', async () => {
    const client = anyCable();
    const connects: { restored?: boolean; reconnect?: boolean }[] = [];
    client.on('connect', (event) => connects.push(event));
    const received = await join(client, 'restart');
    for (let n = 1; n <= 3; n++) await post('restart', n);
    await until(() => received.length === 3);

    let openGate: () => void = () => {};
    handshakeGate = new Promise((resolve) => {
      openGate = resolve;
    });
    dropConnections();
    await until(() => client.state !== 'connected');
    for (let n = 4; n <= 8; n++) await post('restart', n);
    // A new server knows no session: the client's sid is unknown there.
    const previous = cable;
    cable = newCableServer();
    await previous.close();
    handshakeGate = null;
    openGate();
    await until(() => received.length >= 8);
    await post('restart', 9);
    await until(() => received.length >= 9);
    await new Promise((r) => setTimeout(r, 100));
    expect(received.map((m) => m.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(connects.at(-1)).toMatchObject({ reconnect: true, restored: false });
  });

  it('delivers a stream in offset order even when a later message is published first (two processes)', async () => {
    const client = anyCable();
    const received = await join(client, 'race');
    await post('race', 1);
    await until(() => received.length === 1);
    const stream = 'room:race';
    const second = await testDb.db.transaction((tx) => appendToStream(tx, stream, { n: 2 }));
    const third = await testDb.db.transaction((tx) => appendToStream(tx, stream, { n: 3 }));
    await publishEntries(broadcaster, [third]);
    await publishEntries(broadcaster, [second]);
    await until(() => received.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(received.map((m) => m.n)).toEqual([1, 2, 3]);
  });
});

describe('actioncable-v1-ext-json frames', () => {
  async function connect(): Promise<CableTestClient> {
    const client = await CableTestClient.connect(url, { protocols: ['actioncable-v1-ext-json'] });
    raw.push(client);
    return client;
  }

  it('is spoken only when asked for, with a session id in the welcome', async () => {
    const ext = await connect();
    expect(ext.socket.protocol).toBe('actioncable-v1-ext-json');
    const welcome = await ext.next((f) => f.type === 'welcome');
    expect(welcome).toEqual({ type: 'welcome', sid: expect.stringMatching(/^[\w-]{20,}$/) });
    const plain = await CableTestClient.connect(url);
    raw.push(plain);
    expect(plain.socket.protocol).toBe('actioncable-v1-json');
    expect(await plain.next((f) => f.type === 'welcome')).toEqual({ type: 'welcome' });
  });

  it('puts stream_id, epoch and offset on broadcasts and answers history by offset, then confirm_history', async () => {
    const client = await connect();
    const { identifier } = await client.subscribe('RoomChannel', { room: 'frames' });
    const first = await post('frames', 1);
    const frame = await client.next((f) => f.identifier === identifier && 'message' in f);
    expect(frame).toEqual({
      identifier,
      message: { n: 1, offset: 1, epoch: first.epoch },
      stream_id: 'room:frames',
      epoch: first.epoch,
      offset: 1,
    });
    await post('frames', 2);
    await post('frames', 3);

    const late = await connect();
    await late.subscribe('RoomChannel', { room: 'frames' });
    late.send({
      command: 'history',
      identifier,
      history: { streams: { 'room:frames': { epoch: first.epoch, offset: 1 } } },
    });
    await late.next((f) => f.type === 'confirm_history');
    const replayed = late.frames.filter((f) => f.identifier === identifier && 'message' in f);
    expect(replayed.map((f) => f.offset)).toEqual([2, 3]);
  });

  it('answers history since a time (also asked inside subscribe)', async () => {
    const before = Math.floor(Date.now() / 1000) - 1;
    await post('by-time', 1);
    await post('by-time', 2);
    const client = await connect();
    const identifier = JSON.stringify({ channel: 'RoomChannel', room: 'by-time' });
    client.send({ command: 'subscribe', identifier, history: { since: before } });
    await client.next((f) => f.type === 'confirm_history');
    const types = client.frames
      .filter((f) => f.identifier === identifier)
      .map((f) => f.type ?? (f.message as { n: number }).n);
    expect(types).toEqual(['confirm_subscription', 1, 2, 'confirm_history']);
  });

  it('rejects history from an epoch the stream does not have', async () => {
    await post('epoch', 1);
    const client = await connect();
    const { identifier } = await client.subscribe('RoomChannel', { room: 'epoch' });
    client.send({
      command: 'history',
      identifier,
      history: { streams: { 'room:epoch': { epoch: 'not-this-one', offset: 0 } } },
    });
    expect(
      await client.next((f) => f.identifier === identifier && f.type !== 'confirm_subscription'),
    ).toEqual({ identifier, type: 'reject_history' });
  });

  it('accepts pongs and answers a client ping with a pong', async () => {
    const client = await connect();
    await client.next((f) => f.type === 'welcome');
    client.send({ command: 'pong' });
    client.send({ command: 'ping' });
    expect(await client.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('restores a session named by X-AnyCable-Restore-Sid only for the same user', async () => {
    const first = await connect();
    const { sid } = (await first.next((f) => f.type === 'welcome')) as { sid: string };
    await first.subscribe('RoomChannel', { room: 'header' });
    first.close();
    await until(() => first.socket.readyState === WebSocket.CLOSED);
    await new Promise((r) => setTimeout(r, 50));
    const socket = new WebSocket(url, ['actioncable-v1-ext-json'], {
      headers: { 'X-AnyCable-Restore-Sid': sid },
    });
    const welcome = await new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    socket.close();
    expect(welcome).toMatchObject({
      type: 'welcome',
      restored: true,
      restored_ids: [JSON.stringify({ channel: 'RoomChannel', room: 'header' })],
    });
    expect(welcome.sid).not.toBe(sid);
    // A session is restored once: the same id again starts afresh.
    const again = await CableTestClient.connect(`${url}?sid=${sid}`, {
      protocols: ['actioncable-v1-ext-json'],
    });
    raw.push(again);
    expect(await again.next((f) => f.type === 'welcome')).not.toHaveProperty('restored');
  });
});
