// The notification events without a chat message: a followed source's new article on ingest (the
// newest one, once an hour per source), popular episodes of followed podcasts and recommendations of
// popular episodes about followed teams (scheduled rounds): each per the notify flag, mailed per the
// e-mail flag, at most once per member and item, one round at a time under the job lease.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { parseFeed } from '../../ingest/feeds/parse-feed.js';
import { addSource, feedFixture, NOW, rssFeed } from '../../ingest/pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../ingest/pipeline/ingest-feed.js';
import { loadTagIndex } from '../../ingest/pipeline/load-tag-index.js';
import type { TagIndex } from '../../ingest/tagging/build-index.js';
import {
  notifyPopularEpisodes,
  notifyRecommendedEpisodes,
  POPULAR_LISTENERS,
  runNotificationEventsRound,
  warmNotificationEvents,
} from '../notification-events.js';

let testDb: TestDatabase;
let tagIndex: TagIndex;
let users = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  tagIndex = await loadTagIndex(testDb.db);
});
afterAll(async () => {
  await testDb?.dispose();
});

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  testDb.db.query<T>(sql, params).then((r) => r.rows);

async function newUser(flags: Record<string, boolean> = {}): Promise<number> {
  users++;
  const [row] = await q<{ id: number }>(
    `INSERT INTO users (email, username, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [`events${users}@example.test`, `events_${users}`],
  );
  const id = Number(row!.id);
  for (const [column, value] of Object.entries(flags)) {
    await q(`UPDATE users SET ${column} = $2 WHERE id = $1`, [id, value]);
  }
  return id;
}

const notificationsOf = async (userId: number, type: string) =>
  (
    await q<{ event: string; article_id: string | null; episode_id: string | null; mail_pending: boolean }>(
      'SELECT event, article_id, episode_id, mail_pending FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY id',
      [userId, type],
    )
  ).map((n) => ({
    ...n,
    // bigint columns come back as strings from PostgreSQL and as numbers from PGlite.
    article_id: n.article_id === null ? null : Number(n.article_id),
    episode_id: n.episode_id === null ? null : Number(n.episode_id),
  }));

describe('egg_new_article (a followed source published)', () => {
  it("notifies the source's followers of its newest new article, once an hour, per the flags", async () => {
    const source = await addSource(testDb.db, {
      host: 'dailyfan.example',
      feedUrl: 'https://dailyfan.example/feed.xml',
      title: 'Daily Fan',
    });
    const fan = await newUser();
    const quiet = await newUser({ notify_egg_new_article: false });
    const noMail = await newUser({ email_egg_new_article: false });
    const stranger = await newUser();
    for (const id of [fan, quiet, noMail]) {
      await q('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [id, source.id]);
    }
    const hour = 3_600_000;
    const feed = (items: { title: string; at: number }[]) => {
      const parsed = parseFeed(
        rssFeed(
          'Daily Fan',
          items.map((i) => ({
            title: i.title,
            link: `https://dailyfan.example/${i.title}`,
            date: new Date(i.at),
          })),
        ),
        { now: NOW },
      );
      if (parsed.kind !== 'ok') throw new Error('feed did not parse');
      return parsed.feed;
    };
    await ingestFeed(
      testDb.db,
      source,
      feed([
        { title: 'older', at: NOW.getTime() - 3 * hour },
        { title: 'newest', at: NOW.getTime() - hour },
        { title: 'ancient', at: NOW.getTime() - 72 * hour },
      ]),
      { tagIndex, now: NOW },
    );
    const got = await notificationsOf(fan, 'egg_new_article');
    expect(got).toHaveLength(1);
    expect(got[0]!.event).toBe('New article from Daily Fan');
    const [newest] = await q<{ id: string }>("SELECT id FROM articles WHERE url LIKE '%/newest'");
    expect(got[0]!.article_id).toBe(Number(newest!.id));
    expect(got[0]!.mail_pending).toBe(true);
    expect(await notificationsOf(quiet, 'egg_new_article')).toEqual([]);
    expect((await notificationsOf(noMail, 'egg_new_article'))[0]!.mail_pending).toBe(false);
    expect(await notificationsOf(stranger, 'egg_new_article')).toEqual([]);

    // More articles within the hour: nobody hears again.
    await ingestFeed(testDb.db, source, feed([{ title: 'later', at: NOW.getTime() - 10_000 }]), {
      tagIndex,
      now: NOW,
    });
    expect(await notificationsOf(fan, 'egg_new_article')).toHaveLength(1);
  });

  it('leaves old items of a backfilling feed alone', async () => {
    const source = await addSource(testDb.db, {
      host: 'archive.example',
      feedUrl: 'https://archive.example/f',
    });
    const fan = await newUser();
    await q('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [fan, source.id]);
    const parsed = parseFeed(
      rssFeed('Archive', [
        { title: 'old', link: 'https://archive.example/old', date: new Date('2026-10-01') },
      ]),
      { now: NOW },
    );
    if (parsed.kind !== 'ok') throw new Error('feed did not parse');
    await ingestFeed(testDb.db, source, parsed.feed, { tagIndex, now: NOW });
    expect(await notificationsOf(fan, 'egg_new_article')).toEqual([]);
  });
});

describe('popular episodes and recommendations', () => {
  let podcastId: number;
  let episodes: { id: number; published_at: Date }[];
  let packers: number;

  beforeAll(async () => {
    const source = await addSource(testDb.db, {
      host: 'cheesecast.example',
      kind: 'podcast',
      feedUrl: 'https://cheesecast.example/feed.xml',
    });
    const parsed = parseFeed(feedFixture('podcast.xml'), { baseUrl: source.feedUrl, now: NOW });
    if (parsed.kind !== 'ok') throw new Error('fixture did not parse');
    await ingestFeed(testDb.db, source, parsed.feed, { tagIndex, now: NOW });
    const [podcast] = await q<{ id: number }>('SELECT id FROM podcasts WHERE source_id = $1', [source.id]);
    podcastId = Number(podcast!.id);
    episodes = (
      await q<{ id: string; published_at: Date }>(
        'SELECT id, published_at FROM podcast_episodes WHERE podcast_id = $1 ORDER BY published_at DESC',
        [podcastId],
      )
    ).map((e) => ({ id: Number(e.id), published_at: new Date(e.published_at) }));
    const [team] = await q<{ id: number }>("SELECT id FROM teams WHERE slug = 'green-bay-packers'");
    packers = Number(team!.id);
    for (const e of episodes) {
      await q(
        'INSERT INTO episode_teams (episode_id, team_id, published_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [e.id, packers, e.published_at],
      );
    }
  });
  beforeEach(async () => {
    await q('UPDATE podcast_episodes SET hot = false WHERE podcast_id = $1', [podcastId]);
    // Each test starts with nobody following, listening or notified (the demo member follows the Packers).
    await q("DELETE FROM notifications WHERE type IN ('podcast_popular', 'podcast_recommendations')");
    await q('DELETE FROM podcast_follows');
    await q('DELETE FROM following_teams');
    await q('DELETE FROM podcast_listens');
  });

  const listen = async (episodeId: number, who: number | null, hash: string) =>
    q(
      `INSERT INTO podcast_listens (episode_id, podcast_id, user_id, hash, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [episodeId, podcastId, who, hash, NOW],
    );

  it('warming the round before the server listens makes no notification and keeps its statements planned', async () => {
    const follower = await newUser();
    await q('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [follower, podcastId]);
    for (let i = 0; i < POPULAR_LISTENERS; i++) await listen(episodes[0]!.id, null, `warm-${i}`);
    // Named statements of the round's two texts (each sends its notification's own event text).
    const planned = async () =>
      (await q<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).filter(
        (p) =>
          p.statement.includes("'Popular episode of '") ||
          p.statement.includes("'Recommended for you from '"),
      ).length;
    const before = await planned();
    await warmNotificationEvents(testDb.db, NOW);
    // What the warm-up's statements wrote was rolled back: the real round still has its notification.
    expect(await notificationsOf(follower, 'podcast_popular')).toEqual([]);
    if (testDb.db.kind === 'pglite') {
      // Prepared (named, with one generic plan) before the first round: that round plans nothing.
      expect(before).toBe(0);
      expect(await planned()).toBe(2);
    }
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(1);
    expect(await notificationsOf(follower, 'podcast_popular')).toHaveLength(1);
  });

  it(`notifies followers once when an episode is listened to by ${POPULAR_LISTENERS} (or hot), not those who heard it`, async () => {
    const follower = await newUser();
    const listened = await newUser();
    const quiet = await newUser({ notify_podcast_popular: false });
    const noMail = await newUser({ email_podcast_recommendations: false });
    for (const id of [follower, listened, quiet, noMail]) {
      await q('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [id, podcastId]);
    }
    const latest = episodes[0]!;
    await listen(latest.id, listened, 'h-listened');
    for (let i = 0; i < POPULAR_LISTENERS - 2; i++) await listen(latest.id, null, `h-${i}`);
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(0);
    await listen(latest.id, null, 'h-last');
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(2);
    const got = await notificationsOf(follower, 'podcast_popular');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ episode_id: latest.id, mail_pending: true });
    expect(got[0]!.event).toMatch(/^Popular episode of /);
    expect(await notificationsOf(listened, 'podcast_popular')).toEqual([]);
    expect(await notificationsOf(quiet, 'podcast_popular')).toEqual([]);
    expect((await notificationsOf(noMail, 'podcast_popular'))[0]!.mail_pending).toBe(false);
    // The next round: nobody twice.
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(0);
    // A week after its publication an episode is no longer popular news.
    await q('UPDATE podcast_episodes SET hot = true WHERE id = $1', [episodes[3]!.id]);
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(0);
    // Nor when it is listened to this week.
    for (let i = 0; i < POPULAR_LISTENERS; i++) await listen(episodes[3]!.id, null, `old-${i}`);
    expect(await notifyPopularEpisodes(testDb.db, NOW)).toBe(0);
  });

  it('recommends one popular episode a day about a followed team, not from podcasts followed or hidden', async () => {
    const fan = await newUser();
    const follower = await newUser();
    const hider = await newUser();
    const quiet = await newUser({ notify_podcast_recommendations: false });
    const elsewhere = await newUser();
    for (const id of [fan, follower, hider, quiet]) {
      await q('INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2)', [id, packers]);
    }
    await q('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [follower, podcastId]);
    await q('INSERT INTO hidden_podcasts (user_id, podcast_id, team_id) VALUES ($1, $2, $3)', [
      hider,
      podcastId,
      packers,
    ]);
    // Two popular episodes of the last days.
    await q('UPDATE podcast_episodes SET hot = true, published_at = $2 WHERE id = $1', [
      episodes[1]!.id,
      new Date(NOW.getTime() - 2 * 86_400_000),
    ]);
    await q('UPDATE podcast_episodes SET hot = true WHERE id = $1', [episodes[0]!.id]);
    expect(await notifyRecommendedEpisodes(testDb.db, NOW)).toBe(1);
    const first = await notificationsOf(fan, 'podcast_recommendations');
    expect(first).toHaveLength(1);
    expect(first[0]!.event).toMatch(/^Recommended for you from /);
    for (const id of [follower, hider, quiet, elsewhere]) {
      expect(await notificationsOf(id, 'podcast_recommendations')).toEqual([]);
    }
    // The same day: no second one. The next day: the other episode, never the same one again.
    expect(await notifyRecommendedEpisodes(testDb.db, new Date(NOW.getTime() + 3_600_000))).toBe(0);
    const nextDay = new Date(NOW.getTime() + 25 * 3_600_000);
    expect(await notifyRecommendedEpisodes(testDb.db, nextDay)).toBe(1);
    const both = await notificationsOf(fan, 'podcast_recommendations');
    expect(new Set(both.map((n) => n.episode_id)).size).toBe(2);
    expect(await notifyRecommendedEpisodes(testDb.db, new Date(nextDay.getTime() + 25 * 3_600_000))).toBe(0);
  });

  it('runs one round at a time: two runners at once notify once', async () => {
    const fan = await newUser();
    await q('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [fan, podcastId]);
    await q('UPDATE podcast_episodes SET hot = true WHERE id = $1', [episodes[0]!.id]);
    const rounds = await Promise.all([
      runNotificationEventsRound(testDb.db, { owner: 'a', now: NOW }),
      runNotificationEventsRound(testDb.db, { owner: 'b', now: NOW }),
    ]);
    expect(rounds.reduce((n, r) => n + r.popular, 0)).toBe(1);
    expect(await notificationsOf(fan, 'podcast_popular')).toHaveLength(1);
  });
});
