import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import { MemoryBroadcaster } from '../../cable/memory-broadcaster.js';
import { chatChannelStream } from '../chat-streams.js';
import {
  appendToStream,
  publishEntries,
  resetStream,
  streamHead,
  streamSince,
  streamSinceTime,
} from '../stream-log.js';
import { createMember, teamChannelId } from './chat-fixtures.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

const append = (stream: string, n: number) =>
  testDb.db.transaction((tx) => appendToStream(tx, stream, { n }));

describe('stream log', () => {
  it('numbers concurrent appends 1, 2, 3... without gaps or repeats, in one epoch', async () => {
    const entries = await Promise.all(Array.from({ length: 60 }, (_, n) => append('test:concurrent', n)));
    const offsets = entries.map((e) => e.offset).sort((a, b) => a - b);
    expect(offsets).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
    expect(new Set(entries.map((e) => e.epoch)).size).toBe(1);
    const read = await streamSince(testDb.db, 'test:concurrent', 0);
    expect(read.map((e) => e.offset)).toEqual(offsets);
    // Each entry holds what its append logged.
    for (const entry of read) {
      expect(entries.find((e) => e.offset === entry.offset)?.payload).toEqual(entry.payload);
    }
    expect(await streamHead(testDb.db, 'test:concurrent')).toEqual({ epoch: entries[0]!.epoch, offset: 60 });
  });

  it('gives a rolled-back append its offset back', async () => {
    const first = await append('test:rollback', 1);
    await expect(
      testDb.db.transaction(async (tx) => {
        await appendToStream(tx, 'test:rollback', { n: 2 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const next = await append('test:rollback', 3);
    expect([first.offset, next.offset]).toEqual([1, 2]);
    expect((await streamSince(testDb.db, 'test:rollback', 0)).map((e) => e.payload)).toEqual([
      { n: 1 },
      { n: 3 },
    ]);
  });

  it('reads since an offset (exclusive) and since a time (inclusive), oldest first', async () => {
    await append('test:since', 1);
    await append('test:since', 2);
    await testDb.db.query(
      "UPDATE stream_log SET created_at = now() - interval '1 hour' WHERE stream = 'test:since'",
    );
    const cut = new Date(Date.now() - 1000);
    await append('test:since', 3);
    await append('test:since', 4);
    expect((await streamSince(testDb.db, 'test:since', 2)).map((e) => e.offset)).toEqual([3, 4]);
    expect((await streamSince(testDb.db, 'test:since', 1, 2)).map((e) => e.offset)).toEqual([2, 3]);
    expect((await streamSinceTime(testDb.db, 'test:since', cut)).map((e) => e.offset)).toEqual([3, 4]);
    expect(await streamSince(testDb.db, 'test:nothing', 0)).toEqual([]);
  });

  it('a reset starts a new epoch at offset 1', async () => {
    const before = await append('test:reset', 1);
    await resetStream(testDb.db, 'test:reset');
    expect(await streamSince(testDb.db, 'test:reset', 0)).toEqual([]);
    const after = await append('test:reset', 2);
    expect(after.offset).toBe(1);
    expect(after.epoch).not.toBe(before.epoch);
  });

  it('publishes entries with their offset and epoch', async () => {
    const broadcaster = new MemoryBroadcaster();
    const heard: Record<string, unknown>[] = [];
    broadcaster.subscribe('test:publish', (message) => heard.push(message));
    const entry = await append('test:publish', 7);
    await publishEntries(broadcaster, [entry]);
    expect(heard).toEqual([expect.objectContaining({ n: 7, offset: entry.offset, epoch: entry.epoch })]);
  });

  it('keeps what a posted message broadcast across an app rebuild on the same database, and goes on numbering', async () => {
    const channelId = await teamChannelId(testDb.db, 'chicago-bears');
    const stream = chatChannelStream(channelId);
    // One CSRF key for both apps, as a restarted server reads it from its data folder.
    const csrfSecret = 'stream-log-test-csrf-secret-0123456789';
    const first = await buildAccountApp(testDb.db, { csrfSecret });
    const member = await createMember(first, testDb.db);
    const sent = await member.jar.request(first, {
      method: 'POST',
      url: `/api/v1/channels/${channelId}/messages`,
      payload: { content: 'Logged before the restart' },
    });
    expect(sent.statusCode).toBe(201);
    await first.close();

    const second = await buildAccountApp(testDb.db, { csrfSecret });
    const [logged] = await streamSince(testDb.db, stream, 0);
    expect(logged).toMatchObject({ offset: 1, payload: { messages: [{ id: sent.json().message.id }] } });
    await testDb.db.query("UPDATE chat_messages SET created_at = created_at - interval '1 minute'");
    const again = await member.jar.request(second, {
      method: 'POST',
      url: `/api/v1/channels/${channelId}/messages`,
      payload: { content: 'Logged after the restart' },
    });
    expect(again.statusCode).toBe(201);
    const all = await streamSince(testDb.db, stream, 0);
    expect(all.map((e) => e.offset)).toEqual([1, 2]);
    expect(all[1]!.epoch).toBe(all[0]!.epoch);
    await second.close();
  });
});
