import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { RANK_WINDOW } from '../document-search.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

let testDb: TestDatabase;
let app: SportSpyderApp;
const ids: Record<string, number> = {};

async function one(db: Database, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(sql, params);
  return Number(rows[0]?.id);
}

// Articles whose words the tests search for, on one outlet; a podcast with episodes; a post.
async function insertDocuments(db: Database): Promise<void> {
  const domain = await one(
    db,
    `INSERT INTO domains (host, name) VALUES ('frozen.example', 'Frozen Tundra Times') RETURNING id`,
    [],
  );
  const source = await one(
    db,
    `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', 'https://frozen.example/rss', 'Frozen Tundra Times')
     RETURNING id`,
    [domain],
  );
  ids.domain = domain;
  ids.source = source;
  const articles: [string, string, string, number][] = [
    ['titleMatch', 'Quarterback concussion update from practice', 'The coach spoke on Wednesday.', 30],
    [
      'summaryMatch',
      'Wednesday practice notes',
      'One quarterback left with a concussion and did not return.',
      2,
    ],
    // "The" is a stop word: the same words to the search, another headline to the page (one outlet's
    // same headline twice would show as one card).
    ['tieOld', 'The zebra stripes explained', 'A zebra story.', 200],
    ['tieNew', 'Zebra stripes explained', 'A zebra story.', 100],
    ['phrase', 'Nolan Corliss injured in practice', 'Corliss was hurt.', 5],
    ['notPhrase', 'Corliss and Nolan Park both injured', 'Two players hurt.', 6],
    ['accent', 'Montréal Canadiens win in overtime', 'A night at the Bell Centre.', 20],
    ['week', 'Kickoff weather watch', 'Snow in the forecast.', 24 * 5],
    ['month', 'Kickoff weather history', 'Old snow games.', 24 * 20],
    ['old', 'Kickoff weather archive', 'Ancient snow games.', 24 * 60],
  ];
  for (const [key, title, summary, hours] of articles) {
    ids[key] = await one(
      db,
      `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7) RETURNING id`,
      [source, domain, key, `https://frozen.example/${key}`, title, summary, hoursAgo(hours)],
    );
  }
  for (let n = 0; n < 30; n += 1) {
    await db.query(
      `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at)
       VALUES ($1, $2, $3, $4, $4, $5, 'Filler.', $6)`,
      [
        source,
        domain,
        `many-${n}`,
        `https://frozen.example/many-${n}`,
        `Lambeau tailgate report ${n}`,
        hoursAgo(n + 1),
      ],
    );
  }
  ids.podcast = await one(
    db,
    `INSERT INTO podcasts (feed_url, title, author, description) VALUES ('https://pod.example/tundra', 'Tundra Talk', 'Frozen Audio', 'Weekly talk about the frozen tundra')
     RETURNING id`,
    [],
  );
  ids.episode = await one(
    db,
    `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, enclosure_url, duration, published_at)
     VALUES ($1, 'ep-1', 'The quarterback concussion episode', 'We talk injuries.', 'https://pod.example/1.mp3', 1800, $2) RETURNING id`,
    [ids.podcast, hoursAgo(3)],
  );
  ids.post = await one(
    db,
    `INSERT INTO posts (source_id, uri, text, posted_at, tweeter) VALUES ($1, 'at://post/1', 'Concussion protocol for the quarterback, per the coach', $2, '{"name":"Reporter","screenName":"rep","imageUrl":null,"type":"user"}')
     RETURNING id`,
    [source, hoursAgo(1)],
  );
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await insertDocuments(testDb.db);
  app = await buildTestApp(testDb.db, { rateLimitMax: 100_000 }, { now: () => NOW });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
};
const articleIds = (body: { articles: { id: number }[] }) => body.articles.map((a) => a.id);

describe('GET api/v1/search/articles', () => {
  it('ranks a title match above a summary match by relevance, and by date when newest', async () => {
    const relevance = await get('/api/v1/search/articles?q=concussion&sort=relevance');
    expect(articleIds(relevance)).toEqual([ids.titleMatch, ids.summaryMatch]);
    const newest = await get('/api/v1/search/articles?q=concussion&sort=newest');
    expect(articleIds(newest)).toEqual([ids.summaryMatch, ids.titleMatch]);
    expect(articleIds(await get('/api/v1/search/articles?q=concussion'))).toEqual(articleIds(newest));
  });

  it('puts the newer of two equally relevant articles first', async () => {
    const body = await get('/api/v1/search/articles?q=zebra&sort=relevance');
    expect(articleIds(body)).toEqual([ids.tieNew, ids.tieOld]);
  });

  it('matches a quoted phrase only as a phrase, and words in any order', async () => {
    expect(
      articleIds(await get(`/api/v1/search/articles?q=${encodeURIComponent('"nolan corliss"')}`)),
    ).toEqual([ids.phrase]);
    expect(articleIds(await get('/api/v1/search/articles?q=nolan%20corliss'))).toEqual([
      ids.phrase,
      ids.notPhrase,
    ]);
  });

  it('stems words and ignores accents', async () => {
    expect(articleIds(await get('/api/v1/search/articles?q=injures'))).toEqual([ids.phrase, ids.notPhrase]);
    expect(articleIds(await get('/api/v1/search/articles?q=montreal'))).toEqual([ids.accent]);
    expect(articleIds(await get('/api/v1/search/articles?q=MONTRÉAL'))).toEqual([ids.accent]);
  });

  it('shows the passage of the summary that matched', async () => {
    const body = await get('/api/v1/search/articles?q=concussion&sort=newest');
    expect(body.articles[0].context).toContain('concussion');
    expect(body.articles[0].context).not.toContain('<b>');
    expect(body.articles[1].context).toBeNull();
  });

  it('filters by past day, week and month on the server clock', async () => {
    const count = async (filter: string) =>
      (await get(`/api/v1/search/articles?q=kickoff&filter=${filter}`)).meta.counts.articles;
    expect(await count('day')).toBe(0);
    expect(await count('week')).toBe(1);
    expect(await count('month')).toBe(2);
    expect(await count('anytime')).toBe(3);
  });

  it('answers only stop words with an empty page naming them, not an error', async () => {
    const body = await get('/api/v1/search/articles?q=the%20of%20and');
    expect(body.articles).toEqual([]);
    expect(body.meta.stopWords).toEqual(['the', 'of', 'and']);
    expect(body.meta.totalResults).toBe(0);
    expect(body.meta.rss).toBeNull();
    const mixed = await get('/api/v1/search/articles?q=the%20zebra');
    expect(mixed.meta.stopWords).toEqual(['the']);
    expect(mixed.articles).toHaveLength(2);
  });

  it('pages 25 at a time with counts, and an absolute RSS link', async () => {
    const first = await get('/api/v1/search/articles?q=lambeau');
    expect(first.articles).toHaveLength(25);
    expect(first.meta.pagination).toEqual({ page: 1, perPage: 25, totalPages: 2, totalCount: 30 });
    expect(first.meta.counts.articles).toBe(30);
    expect(first.meta.totalResults).toBe(30);
    expect(first.meta.rss).toBe('http://sportspyder.test/rss/search.xml?q=lambeau');
    const second = await get('/api/v1/search/articles?q=lambeau&page=2');
    expect(second.articles).toHaveLength(5);
    expect(articleIds(second).some((id) => articleIds(first).includes(id))).toBe(false);
    expect(RANK_WINDOW).toBeGreaterThanOrEqual(1000);
  });

  it('treats text-search operators, quotes and backslashes as text', async () => {
    for (const q of [
      '& | ! ( ) : * <->',
      "o'neal\\",
      '"unclosed phrase',
      '"" "',
      'zebra:*',
      '!zebra',
      'zebra & !stripes',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/search/articles?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, q).toBe(200);
    }
    expect(articleIds(await get(`/api/v1/search/articles?q=${encodeURIComponent('!zebra')}`))).toEqual([
      ids.tieNew,
      ids.tieOld,
    ]);
  });
});

describe('GET api/v1/search/results and the other sections', () => {
  it('answers every section at once with the count of each', async () => {
    const body = await get('/api/v1/search/results?q=concussion');
    expect(articleIds(body)).toEqual([ids.summaryMatch, ids.titleMatch]);
    expect(body.episodes.map((e: { id: number }) => e.id)).toEqual([ids.episode]);
    expect(body.tweets.map((p: { id: number }) => p.id)).toEqual([ids.post]);
    expect(body.meta.counts).toMatchObject({ articles: 2, episodes: 1, tweets: 1, teams: 0, podcasts: 0 });
    expect(body.meta.totalResults).toBe(4);
  });

  it('finds podcasts by title and description, sources and sites by name', async () => {
    const podcasts = await get('/api/v1/search/podcasts?q=tundra');
    expect(podcasts.podcasts.map((p: { id: number }) => p.id)).toEqual([ids.podcast]);
    const sources = await get('/api/v1/search/sources?q=frozen%20tundra');
    expect(sources.sources.map((s: { id: number }) => s.id)).toEqual([ids.source]);
    const results = await get('/api/v1/search/results?q=frozen');
    expect(results.sites.map((d: { id: number }) => d.id)).toEqual([ids.domain]);
    expect(results.sources.map((s: { id: number }) => s.id)).toEqual([ids.source]);
    expect(results.podcasts.map((p: { id: number }) => p.id)).toEqual([ids.podcast]);
    expect(results.meta.counts).toMatchObject({ sites: 1, sources: 1, podcasts: 1 });
  });

  it('finds episodes with the sort and filter of articles', async () => {
    const body = await get('/api/v1/search/podcast_episodes?q=injuries&filter=day');
    expect(body.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([ids.episode]);
    expect(body.meta.counts.episodes).toBe(1);
  });

  it('serves the RSS feed of an article search', async () => {
    const res = await app.inject({ method: 'GET', url: '/rss/search.xml?q=zebra' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body.match(/<item>/g)).toHaveLength(2);
    expect(res.body).toContain('<title>Zebra stripes explained</title>');
  });
});
