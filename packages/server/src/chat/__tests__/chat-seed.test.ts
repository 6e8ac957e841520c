import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { seedChat, seedDemoChat } from '../../seed/chat-seed.js';
import { teamChannelId } from './chat-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const count = async (sql: string) => Number((await testDb.db.query<{ n: number }>(sql)).rows[0]?.n);

describe('chat seed', () => {
  it('gives every sport a channel and every team two, once', async () => {
    const teams = await count('SELECT count(*)::int AS n FROM teams');
    const sports = await count('SELECT count(*)::int AS n FROM sports');
    await seedChat(testDb.db);
    expect(await count("SELECT count(*)::int AS n FROM chat_channels WHERE kind = 'team'")).toBe(2 * teams);
    expect(await count("SELECT count(*)::int AS n FROM chat_channels WHERE kind = 'sport'")).toBe(sports);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM users WHERE system_role = 'bot' AND username = 'sportspyder'",
      ),
    ).toBe(1);
  });

  it('seeds a demo conversation once: messages, replies and likes in the followed teams', async () => {
    await seedDemoChat(testDb.db);
    const messages = await count('SELECT count(*)::int AS n FROM chat_messages');
    expect(messages).toBeGreaterThan(15);
    await seedDemoChat(testDb.db);
    expect(await count('SELECT count(*)::int AS n FROM chat_messages')).toBe(messages);
    const packers = await teamChannelId(testDb.db, 'green-bay-packers');
    const list = (await app.inject({ url: `/api/v1/channels/${packers}/messages` })).json();
    expect(list.messages.map((m: { content: string }) => m.content)[0]).toBe(
      'Lambeau in the snow is the best thing in sports.',
    );
    const threaded = list.messages.find((m: { repliesCount: number }) => m.repliesCount > 0);
    const replies = (await app.inject({ url: `/api/v1/messages/${threaded.id}/replies` })).json();
    expect(replies.messages).toHaveLength(threaded.repliesCount);
    const general = (await app.inject({ url: '/api/v1/chat/channels' })).json().channels[0].id;
    const welcome = (await app.inject({ url: `/api/v1/channels/${general}/messages` })).json();
    expect(welcome.messages.at(-1).user.username).toBe('sportspyder');
  });
});
