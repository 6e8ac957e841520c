// prepareDemo on a real (PGlite or PostgreSQL) test database, localiseDemoUrls, and the audio route.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { Database } from '../../db/database.js';
import { DEMO_ASSET_ORIGIN } from '../asset-urls.js';
import { demoAssetRoutes } from '../demo-asset-routes.js';
import { demoFeedsDir, localiseDemoUrls, prepareDemo } from '../prepare-demo.js';
import { NOW } from './reference.js';

let testDb: TestDatabase;
let db: Database;
let dataDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  dataDir = mkdtempSync(join(tmpdir(), 'demo-data-'));
});

afterAll(async () => {
  await testDb.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string | number }>(sql, params)).rows[0]?.n);

describe('prepareDemo', () => {
  it('writes the feeds and audio and stores sources, rosters, games and standings once', async () => {
    const result = await prepareDemo(db, { dataDir, now: NOW });
    expect(result.action).toBe('created');
    expect(result.sources).toBeGreaterThanOrEqual(60);
    expect(result.articles).toBeGreaterThanOrEqual(3000);
    expect(readdirSync(demoFeedsDir(dataDir))).toHaveLength(result.sources);
    expect(existsSync(join(dataDir, 'demo', 'audio', 'episode-1.wav'))).toBe(true);

    expect(await count("SELECT count(*) AS n FROM sources WHERE feed_url LIKE 'demo:feeds/%'")).toBe(
      result.sources,
    );
    expect(await count("SELECT count(*) AS n FROM sources WHERE kind = 'podcast'")).toBeGreaterThanOrEqual(
      20,
    );
    expect(await count('SELECT count(*) AS n FROM domains WHERE paywall')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM domains WHERE is_youtube')).toBe(1);
    expect(await count('SELECT count(DISTINCT source_id) AS n FROM source_teams')).toBeGreaterThan(20);
    expect(
      await count('SELECT count(*) AS n FROM sources WHERE sport_id IS NULL AND topic_id IS NOT NULL'),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM players')).toBe(result.players);
    expect(
      await count('SELECT count(*) AS n FROM players WHERE position_id IS NULL OR team_id IS NULL'),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM players WHERE injured AND injury IS NOT NULL'),
    ).toBeGreaterThan(50);
    // Every pro team (podcasts enabled) has a roster.
    expect(
      await count(
        'SELECT count(*) AS n FROM teams t WHERE t.podcasts_enabled AND NOT EXISTS (SELECT 1 FROM players p WHERE p.team_id = t.id)',
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM games')).toBe(result.games);
    expect(await count('SELECT count(DISTINCT status) AS n FROM games')).toBe(3);
    expect(await count('SELECT count(*) AS n FROM standings')).toBe(result.standings);

    const again = await prepareDemo(db, { dataDir, now: new Date(NOW.getTime() + 3_600_000) });
    expect(again.action).toBe('skipped');
    expect(await count('SELECT count(*) AS n FROM sources')).toBe(result.sources);
  });

  it('refreshes feeds, games and standings relative to the new now a day later', async () => {
    const file = join(demoFeedsDir(dataDir), 'national-sports-courier.xml');
    const before = readFileSync(file, 'utf8');
    const sources = await count('SELECT count(*) AS n FROM sources');
    const later = new Date(NOW.getTime() + 2 * 86_400_000);
    const result = await prepareDemo(db, { dataDir, now: later });
    expect(result.action).toBe('refreshed');
    expect(readFileSync(file, 'utf8')).not.toBe(before);
    expect(await count('SELECT count(*) AS n FROM sources')).toBe(sources);
    expect(
      await count('SELECT count(*) AS n FROM games WHERE starts_at < $1', [
        new Date(later.getTime() - 7 * 86_400_000 - 1000).toISOString(),
      ]),
    ).toBe(0);
  });
});

describe('localiseDemoUrls', () => {
  it('turns placeholder asset URLs into site-relative paths', async () => {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO podcasts (feed_url, title, image_url) VALUES ('demo:test', 'T', $1) RETURNING id",
      [`${DEMO_ASSET_ORIGIN}/logos/teams/green-bay-packers.svg`],
    );
    await db.query(
      `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, published_at) VALUES ($1, 'g', 'E', $2, now())`,
      [rows[0]?.id, `${DEMO_ASSET_ORIGIN}/demo/audio/episode-1.wav`],
    );
    await db.query(
      `INSERT INTO posts (uri, text, posted_at, tweeter, photos) VALUES ('u1', 'x', now(), $1::jsonb, $2::jsonb)`,
      [
        JSON.stringify({ name: 'A', imageUrl: `${DEMO_ASSET_ORIGIN}/logos/sports/nfl.svg` }),
        JSON.stringify([{ url: `${DEMO_ASSET_ORIGIN}/logos/teams/green-bay-packers.svg` }]),
      ],
    );
    await localiseDemoUrls(db);
    const episode = await db.query<{ enclosure_url: string }>(
      "SELECT enclosure_url FROM podcast_episodes WHERE guid = 'g'",
    );
    expect(episode.rows[0]?.enclosure_url).toBe('/demo/audio/episode-1.wav');
    const podcast = await db.query<{ image_url: string }>(
      "SELECT image_url FROM podcasts WHERE feed_url = 'demo:test'",
    );
    expect(podcast.rows[0]?.image_url).toBe('/logos/teams/green-bay-packers.svg');
    const post = await db.query<{ tweeter: { imageUrl: string }; photos: { url: string }[] }>(
      "SELECT tweeter, photos FROM posts WHERE uri = 'u1'",
    );
    expect(post.rows[0]?.tweeter.imageUrl).toBe('/logos/sports/nfl.svg');
    expect(post.rows[0]?.photos[0]?.url).toBe('/logos/teams/green-bay-packers.svg');
  });
});

describe('demoAssetRoutes', () => {
  it('serves the audio with byte ranges', async () => {
    const app = Fastify();
    await app.register(demoAssetRoutes, { dataDir });
    const size = readFileSync(join(dataDir, 'demo', 'audio', 'episode-1.wav')).length;
    const full = await app.inject({ method: 'GET', url: '/demo/audio/episode-1.wav' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toMatch(/audio\/(x-)?wav/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const part = await app.inject({
      method: 'GET',
      url: '/demo/audio/episode-1.wav',
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.length).toBe(100);
    const missing = await app.inject({ method: 'GET', url: '/demo/audio/nope.wav' });
    expect(missing.statusCode).toBe(404);
    await app.close();
  });
});
