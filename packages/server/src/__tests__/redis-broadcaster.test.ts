import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredMessage, StreamPosition } from '../cable/broadcaster.js';
import { createBroadcaster } from '../cable/create-broadcaster.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { RedisBroadcaster } from '../cable/redis-broadcaster.js';
import { redisAvailable, startTestRedis, type TestRedis } from './helpers/test-redis.js';

let redis: TestRedis;
let admin: Redis;
const opened: RedisBroadcaster[] = [];

function open(): RedisBroadcaster {
  const broadcaster = new RedisBroadcaster({ url: redis.url, prefix: redis.prefix });
  opened.push(broadcaster);
  return broadcaster;
}

async function until(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function namedClients(): Promise<number> {
  const list = String(await admin.call('CLIENT', 'LIST'));
  return list.split('\n').filter((line) => line.includes(`name=${redis.prefix}`)).length;
}

describe.skipIf(!redisAvailable)('RedisBroadcaster (several server processes)', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    admin = new Redis(redis.url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  it('delivers a message published by one process to the subscribers of another, with its log position', async () => {
    const first = open();
    const second = open();
    const received: [DeliveredMessage, StreamPosition | undefined][] = [];
    first.subscribe('chat:1', (message, position) => received.push([message, position]));
    await first.ready();
    await second.publish('chat:1', { body: 'hello' }, { epoch: 'e1', offset: 7 });
    await second.publish('chat:1', { body: 'live only' });
    await until(() => received.length === 2);
    expect(received[0]).toEqual([
      { body: 'hello', seq: 1 },
      { epoch: 'e1', offset: 7 },
    ]);
    expect(received[1]).toEqual([{ body: 'live only', seq: 2 }, undefined]);
  });

  it('numbers a stream the same way in every process, even when both publish at once', async () => {
    const a = open();
    const b = open();
    const seenByA: number[] = [];
    const seenByB: number[] = [];
    a.subscribe('busy', (m) => seenByA.push(m.seq));
    b.subscribe('busy', (m) => seenByB.push(m.seq));
    await Promise.all([a.ready(), b.ready()]);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).publish('busy', { i })));
    await until(() => seenByA.length === 40 && seenByB.length === 40);
    const expected = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(seenByA).toEqual(expected);
    expect(seenByB).toEqual(expected);
  });

  it('stops delivering to a listener that unsubscribed, and keeps the others', async () => {
    const broadcaster = open();
    const kept: unknown[] = [];
    const dropped: unknown[] = [];
    broadcaster.subscribe('s', (m) => kept.push(m.n));
    const stop = broadcaster.subscribe('s', (m) => dropped.push(m.n));
    await broadcaster.ready();
    await broadcaster.publish('s', { n: 1 });
    await until(() => dropped.length === 1);
    stop();
    expect(broadcaster.listenerCount('s')).toBe(1);
    await broadcaster.publish('s', { n: 2 });
    await until(() => kept.length === 2);
    expect(dropped).toEqual([1]);
  });

  it('reconnects after Redis drops its connections and delivers again', async () => {
    const broadcaster = open();
    const received: unknown[] = [];
    broadcaster.subscribe('again', (m) => received.push(m.n));
    await broadcaster.ready();
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    // Publishes retry until the connections are back, and the subscription comes back with them.
    const deadline = Date.now() + 5000;
    let n = 0;
    while (received.length === 0 && Date.now() < deadline) {
      await broadcaster.publish('again', { n: ++n });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received.length).toBeGreaterThan(0);
  });

  it('close() releases its Redis connections', async () => {
    const broadcaster = open();
    broadcaster.subscribe('x', () => {});
    await broadcaster.ready();
    expect(await namedClients()).toBe(2);
    await broadcaster.close();
    await expect.poll(async () => namedClients(), { timeout: 2000 }).toBe(0);
  });
});

describe('createBroadcaster', () => {
  it('keeps the in-process broadcaster by default and picks Redis with REDIS_URL', async () => {
    expect(createBroadcaster({ redisUrl: undefined })).toBeInstanceOf(MemoryBroadcaster);
    const redisOne = createBroadcaster({ redisUrl: 'redis://127.0.0.1:1' });
    expect(redisOne).toBeInstanceOf(RedisBroadcaster);
    await redisOne.close();
  });
});
