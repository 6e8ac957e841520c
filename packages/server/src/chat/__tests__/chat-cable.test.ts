import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CableTestClient, type Frame } from '../../__tests__/helpers/cable-client.js';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { chatChannelStream } from '../chat-streams.js';
import { streamSince } from '../stream-log.js';
import {
  createCommentTargets,
  createMember,
  pastCooldown,
  type TestMember,
  teamChannelId,
} from './chat-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let cableUrl: string;
let origin: string;
let channelId: number;
let alice: TestMember;
let bob: TestMember;
const clients: CableTestClient[] = [];

async function connect(cookie?: string) {
  const client = await CableTestClient.connect(cableUrl, { origin, ...(cookie ? { cookie } : {}) });
  clients.push(client);
  return client;
}

/** The next broadcast of a subscription whose first message matches. */
const pushed = (
  client: CableTestClient,
  identifier: string,
  match: (m: Record<string, unknown>) => boolean,
) =>
  client.next((f: Frame) => {
    const message = f.message as { messages?: Record<string, unknown>[] } | undefined;
    return f.identifier === identifier && Boolean(message?.messages?.some(match));
  });

async function send(who: TestMember, url: string, payload: unknown) {
  await pastCooldown(testDb.db, who.id);
  const res = await who.jar.request(app, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as { id: number };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  cableUrl = `ws://127.0.0.1:${port}/cable`;
  origin = `http://localhost:${port}`;
  channelId = await teamChannelId(testDb.db, 'boston-celtics');
  alice = await createMember(app, testDb.db);
  bob = await createMember(app, testDb.db);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
  await testDb?.dispose();
});

describe('chat on /cable', () => {
  it('a visitor subscribed to a channel receives a posted message with its stream offset and epoch', async () => {
    const client = await connect();
    const { identifier, type } = await client.subscribe('ChatChannel', { channelId });
    expect(type).toBe('confirm_subscription');
    const message = await send(alice, `/api/v1/channels/${channelId}/messages`, {
      content: 'Live from the Garden',
    });
    const frame = await pushed(client, identifier, (m) => m.id === message.id);
    const push = frame.message as { messages: { content: string }[]; offset: number; epoch: string };
    expect(push.messages[0]!.content).toBe('Live from the Garden');
    // The broadcast is the logged entry: same offset and epoch as the durable log holds.
    const [entry] = (await streamSince(testDb.db, chatChannelStream(channelId), push.offset - 1)) as {
      offset: number;
      epoch: string;
    }[] as [{ offset: number; epoch: string }];
    expect(push).toMatchObject({ offset: entry.offset, epoch: entry.epoch });

    // The next broadcast (a like count, with likes meta) has the next offset.
    await bob.jar.request(app, { method: 'POST', url: `/api/v1/messages/${message.id}/likes` });
    const like = await client.next(
      (f) => f.identifier === identifier && (f.message as { offset?: number })?.offset === push.offset + 1,
    );
    expect(like.message).toMatchObject({
      messages: [{ id: message.id, likesCount: 1 }],
      meta: { likes: [] },
    });

    // And a deletion.
    await alice.jar.request(app, { method: 'DELETE', url: `/api/v1/messages/${message.id}` });
    const gone = await pushed(client, identifier, (m) => m.id === message.id && m.deletedAt !== null);
    expect((gone.message as { messages: { content: string }[] }).messages[0]!.content).toBe(
      '[Message deleted]',
    );
  });

  it('ChatThreadChannel delivers replies; the channel hears the parent’s new replies count', async () => {
    const parent = await send(alice, `/api/v1/channels/${channelId}/messages`, { content: 'Thread starter' });
    const client = await connect();
    const thread = await client.subscribe('ChatThreadChannel', { messageId: parent.id });
    const channel = await client.subscribe('ChatChannel', { channelId });
    expect([thread.type, channel.type]).toEqual(['confirm_subscription', 'confirm_subscription']);
    const reply = await send(bob, `/api/v1/channels/${channelId}/messages`, {
      content: 'First reply',
      parentId: parent.id,
    });
    await pushed(client, thread.identifier, (m) => m.id === reply.id && m.parentId === parent.id);
    await pushed(client, channel.identifier, (m) => m.id === parent.id && m.repliesCount === 1);
    // The reply is not a top-level message of the channel.
    const onChannel = client.frames.filter(
      (f) =>
        f.identifier === channel.identifier &&
        (f.message as { messages?: { id: number }[] })?.messages?.some((m) => m.id === reply.id),
    );
    expect(onChannel).toEqual([]);
  });

  it('ArticleCommentsChannel and EpisodeCommentsChannel deliver comments', async () => {
    const { articleId, episodeId } = await createCommentTargets(testDb.db);
    const client = await connect();
    const article = await client.subscribe('ArticleCommentsChannel', { articleId });
    const episode = await client.subscribe('EpisodeCommentsChannel', { episodeId: String(episodeId) });
    expect([article.type, episode.type]).toEqual(['confirm_subscription', 'confirm_subscription']);
    const onArticle = await send(alice, `/api/v1/articles/${articleId}/messages`, { content: 'Nice scoop' });
    const onEpisode = await send(bob, `/api/v1/episodes/${episodeId}/messages`, { content: 'Great pod' });
    await pushed(client, article.identifier, (m) => m.id === onArticle.id);
    await pushed(client, episode.identifier, (m) => m.id === onEpisode.id);
  });

  it('rejects streams the connection may not read or that do not exist', async () => {
    const { rows } = await testDb.db.query<{ id: number }>(
      "SELECT id FROM chat_channels WHERE scope = 'general' AND slug = 'moderators'",
    );
    const moderatorsOnly = rows[0]!.id;
    const comment = await send(
      alice,
      `/api/v1/articles/${(await createCommentTargets(testDb.db)).articleId}/messages`,
      {
        content: 'A comment has no thread channel',
      },
    );
    const member = await connect(alice.jar.header());
    const rejected: [string, Record<string, unknown>][] = [
      ['ChatChannel', { channelId: moderatorsOnly }],
      ['ChatChannel', { channelId: 999999 }],
      ['ChatChannel', { channelId: 'general' }],
      ['ChatChannel', {}],
      ['ChatThreadChannel', { messageId: 999999 }],
      ['ChatThreadChannel', { messageId: comment.id }],
      ['ArticleCommentsChannel', { articleId: 999999 }],
      ['EpisodeCommentsChannel', { episodeId: -1 }],
    ];
    for (const [channel, params] of rejected) {
      expect((await member.subscribe(channel, params)).type, `${channel} ${JSON.stringify(params)}`).toBe(
        'reject_subscription',
      );
    }
    // An admin may read the moderators' channel.
    const admin = new CookieJar();
    await admin.signIn(app, 'admin@sportspyder.test', 'sportspyder-admin');
    const adminClient = await connect(admin.header());
    expect((await adminClient.subscribe('ChatChannel', { channelId: moderatorsOnly })).type).toBe(
      'confirm_subscription',
    );
  });
});
