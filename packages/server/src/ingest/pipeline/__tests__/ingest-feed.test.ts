import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import { parseMastodonStatuses } from '../../feeds/mastodon.js';
import { type ParsedFeed, parseFeed } from '../../feeds/parse-feed.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { ingestFeed } from '../ingest-feed.js';
import { loadTagIndex } from '../load-tag-index.js';
import { addSource, feedFixture, NOW, rssFeed } from './pipeline-fixtures.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;

function parsed(text: string, baseUrl: string): ParsedFeed {
  const result = parseFeed(text, { baseUrl, now: NOW });
  if (result.kind !== 'ok') throw new Error(`fixture did not parse: ${result.message}`);
  return result.feed;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
});
afterAll(() => testDb.dispose());

describe('ingestFeed: news', () => {
  it('stores an RSS feed once; a second ingest inserts nothing', async () => {
    const source = await addSource(db, {
      host: 'news.harborcity.example',
      feedUrl: 'https://news.harborcity.example/rss',
    });
    const feed = parsed(feedFixture('rss2.xml'), source.feedUrl);
    const first = await ingestFeed(db, source, feed, { tagIndex, now: NOW });
    expect(first.inserted).toBeGreaterThanOrEqual(3);
    const stored = await count('SELECT count(*) AS n FROM articles WHERE source_id = $1', [source.id]);
    expect(stored).toBe(first.inserted);
    const { rows } = await db.query<{ title: string; canonical: string; url: string }>(
      'SELECT title, canonical_url AS canonical, url FROM articles WHERE guid = $1',
      ['hc-1001'],
    );
    // Markup never reaches the stored title; tracking parameters are gone from the canonical URL.
    expect(rows[0]!.title).toBe('Gulls sign veteran goalie to two-year deal');
    expect(rows[0]!.canonical).not.toMatch(/utm_|fbclid/);

    const second = await ingestFeed(db, source, feed, { tagIndex, now: NOW });
    expect(second.inserted).toBe(0);
    expect(second.duplicates).toBe(first.inserted);
  });

  it('skips an item whose canonical URL another source already stored', async () => {
    const mirror = await addSource(db, { host: 'mirror.example', feedUrl: 'https://mirror.example/rss' });
    const result = await ingestFeed(
      db,
      mirror,
      parsed(feedFixture('rss2.xml'), 'https://news.harborcity.example/rss'),
      {
        tagIndex,
        now: NOW,
      },
    );
    expect(result.inserted).toBe(0);
    expect(await count('SELECT count(*) AS n FROM articles WHERE source_id = $1', [mirror.id])).toBe(0);
  });

  it('tags teams, sports and players and marks paywalled domains', async () => {
    await db.query(
      `INSERT INTO players (slug, name, team_id, sport_id)
       SELECT 'zeke-fairbanks', 'Zeke Fairbanks', t.id, t.sport_id FROM teams t WHERE t.slug = 'green-bay-packers'`,
    );
    const index = await loadTagIndex(db);
    const source = await addSource(db, {
      host: 'gridiron-insider.example',
      feedUrl: 'https://gridiron-insider.example/feed',
      paywall: true,
      topicSlug: undefined,
    });
    const feed = parsed(
      rssFeed('Gridiron Insider', [
        {
          title: 'Packers beat Bears 27-20 at Lambeau Field',
          link: 'https://gridiron-insider.example/packers-bears',
          date: new Date('2026-11-21T20:00:00Z'),
          description: 'Zeke Fairbanks ran for two scores.',
        },
      ]),
      source.feedUrl,
    );
    const result = await ingestFeed(db, source, feed, { tagIndex: index, now: NOW });
    expect(result.inserted).toBe(1);
    const { rows } = await db.query<{ slug: string; isLead: boolean; kind: string }>(
      `SELECT t.slug, at.is_lead AS "isLead", at.kind FROM article_teams at JOIN teams t ON t.id = at.team_id
         JOIN articles a ON a.id = at.article_id WHERE a.source_id = $1 ORDER BY t.slug`,
      [source.id],
    );
    expect(rows.map((r) => r.slug)).toEqual(['chicago-bears', 'green-bay-packers']);
    expect(rows.every((r) => r.isLead && r.kind === 'article')).toBe(true);
    expect(
      await count(
        `SELECT count(*) AS n FROM article_sports ax JOIN sports s ON s.id = ax.sport_id JOIN articles a ON a.id = ax.article_id
          WHERE a.source_id = $1 AND s.slug = 'nfl'`,
        [source.id],
      ),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM article_players ap JOIN players p ON p.id = ap.player_id
           JOIN articles a ON a.id = ap.article_id WHERE a.source_id = $1 AND p.slug = 'zeke-fairbanks'`,
        [source.id],
      ),
    ).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM articles WHERE source_id = $1 AND paywall', [source.id]),
    ).toBe(1);
  });

  it('files every item of a team blog under its default team and its topic', async () => {
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM topics ORDER BY id LIMIT 1');
    const topicSlug = rows[0]!.slug;
    const source = await addSource(db, {
      host: 'cheesehead.example',
      feedUrl: 'https://cheesehead.example/feed',
      teamSlugs: ['green-bay-packers'],
      topicSlug,
    });
    const feed = parsed(
      rssFeed('Cheesehead', [
        { title: 'Mailbag: what now at cornerback?', link: 'https://cheesehead.example/mailbag', date: NOW },
      ]),
      source.feedUrl,
    );
    await ingestFeed(db, source, feed, { tagIndex, now: NOW });
    const teams = await db.query<{ slug: string }>(
      `SELECT t.slug FROM article_teams at JOIN teams t ON t.id = at.team_id JOIN articles a ON a.id = at.article_id
        WHERE a.source_id = $1`,
      [source.id],
    );
    expect(teams.rows.map((r) => r.slug)).toEqual(['green-bay-packers']);
    const topics = await count(
      `SELECT count(*) AS n FROM article_topics ax JOIN articles a ON a.id = ax.article_id JOIN topics t ON t.id = ax.topic_id
        WHERE a.source_id = $1 AND t.slug = $2`,
      [source.id, topicSlug],
    );
    expect(topics).toBe(1);
  });
});

describe('ingestFeed: videos, podcasts, posts', () => {
  it('stores YouTube items as videos with their id and duration', async () => {
    const source = await addSource(db, {
      host: 'youtube.com',
      kind: 'video',
      feedUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCx',
    });
    const result = await ingestFeed(db, source, parsed(feedFixture('youtube.xml'), source.feedUrl), {
      tagIndex,
      now: NOW,
    });
    expect(result.inserted).toBe(2);
    const { rows } = await db.query<{ kind: string; youtubeId: string | null; duration: number | null }>(
      'SELECT kind, youtube_id AS "youtubeId", duration FROM articles WHERE source_id = $1 ORDER BY published_at',
      [source.id],
    );
    expect(rows.every((r) => r.kind === 'video' && r.youtubeId)).toBe(true);
    expect(rows.some((r) => (r.duration ?? 0) > 0)).toBe(true);
  });

  it('stores a podcast, its episodes with their fields, default teams and counts', async () => {
    const source = await addSource(db, {
      host: 'bullpen.example',
      kind: 'podcast',
      feedUrl: 'https://bullpen.example/feed.xml',
      teamSlugs: ['green-bay-packers'],
      sportSlug: 'mlb',
    });
    const feed = parsed(feedFixture('podcast.xml'), source.feedUrl);
    const first = await ingestFeed(db, source, feed, { tagIndex, now: NOW });
    expect(first.inserted).toBe(feed.items.length);
    const { rows: podcasts } = await db.query<{
      id: number;
      title: string;
      count: number;
      last: Date;
      image: string;
    }>(
      `SELECT id, title, episodes_count AS count, last_published_at AS last, image_url AS image
         FROM podcasts WHERE source_id = $1`,
      [source.id],
    );
    expect(podcasts[0]!.title).toBe('The Bullpen Hour');
    expect(podcasts[0]!.count).toBe(feed.items.length);
    expect(podcasts[0]!.last.toISOString()).toBe('2026-11-20T06:00:00.000Z');
    const { rows: episodes } = await db.query<Record<string, unknown>>(
      `SELECT title, enclosure_url, enclosure_type, enclosure_length, duration, season, episode, episode_type,
              explicit, image_url FROM podcast_episodes WHERE guid = 'bullpen-ep-12'`,
    );
    expect(episodes[0]).toMatchObject({
      title: 'Ep. 12: Trade deadline & beyond',
      enclosure_type: 'audio/mpeg',
      duration: 3723,
      season: 2,
      episode: 12,
      episode_type: 'full',
      explicit: true,
      image_url: 'https://bullpen.example/ep12.jpg',
    });
    expect(Number(episodes[0]!.enclosure_length)).toBe(48211000);
    expect(
      await count(
        `SELECT count(*) AS n FROM episode_teams et JOIN podcast_episodes e ON e.id = et.episode_id
          WHERE e.podcast_id = $1`,
        [podcasts[0]!.id],
      ),
    ).toBe(feed.items.length);

    const again = await ingestFeed(db, source, feed, { tagIndex, now: NOW });
    expect(again).toMatchObject({ inserted: 0, duplicates: feed.items.length });
    expect(await count('SELECT count(*) AS n FROM podcasts WHERE source_id = $1', [source.id])).toBe(1);
  });

  it('stores Mastodon statuses as posts once, with their team tags', async () => {
    const source = await addSource(db, {
      host: 'social.example',
      kind: 'mastodon',
      feedUrl: 'https://social.example/api/v1/accounts/1/statuses',
      teamSlugs: ['seattle-kraken'],
    });
    const parsedPosts = parseMastodonStatuses(feedFixture('mastodon-statuses.json'), { now: NOW });
    if (parsedPosts.kind !== 'ok') throw new Error('fixture');
    const first = await ingestFeed(db, source, parsedPosts.posts, { tagIndex, now: NOW });
    expect(first.inserted).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM posts WHERE source_id = $1', [source.id])).toBe(
      first.inserted,
    );
    const { rows } = await db.query<{ tweeter: { type: string; screenName: string } }>(
      'SELECT tweeter FROM posts WHERE source_id = $1 LIMIT 1',
      [source.id],
    );
    expect(rows[0]!.tweeter.type).toBe('mastodon');
    expect(
      await count(
        `SELECT count(*) AS n FROM post_teams pt JOIN posts p ON p.id = pt.post_id JOIN teams t ON t.id = pt.team_id
          WHERE p.source_id = $1 AND t.slug = 'seattle-kraken'`,
        [source.id],
      ),
    ).toBe(first.inserted);
    const again = await ingestFeed(db, source, parsedPosts.posts, { tagIndex, now: NOW });
    expect(again.inserted).toBe(0);
  });
});
