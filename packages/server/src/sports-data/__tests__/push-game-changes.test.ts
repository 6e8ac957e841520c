// The realtime side of real scores (issue 45): a changed game is pushed whole on its sport's GamesChannel
// stream after the cached pages were dropped; the channel takes existing sports only; a finished game
// links to the article filed under both teams after the game, not to a preview published before it.
import type { GamesPush } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { gamesChannel, gamesStream } from '../../cable/channels/games-channel.js';
import { MemoryBroadcaster } from '../../cable/memory-broadcaster.js';
import { gamesByIds } from '../../content/games/load-games.js';
import { pushGameChanges } from '../push-game-changes.js';

let testDb: TestDatabase;
let packers: number;
let bears: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { rows } = await testDb.db.query<{ id: number; slug: string }>(
    `SELECT id, slug FROM teams WHERE slug IN ('green-bay-packers', 'chicago-bears')`,
  );
  packers = Number(rows.find((r) => r.slug === 'green-bay-packers')?.id);
  bears = Number(rows.find((r) => r.slug === 'chicago-bears')?.id);
  await testDb.db.query(`INSERT INTO domains (host, name) VALUES ('recap.example', 'Recaps')`);
  await testDb.db.query(
    `INSERT INTO sources (domain_id, kind, feed_url, title)
     SELECT id, 'news', 'https://recap.example/rss', 'Recaps' FROM domains WHERE host = 'recap.example'`,
  );
});

afterAll(async () => {
  await testDb.dispose();
});

async function insertGame(startsAt: Date, status: string, home: number | null, away: number | null) {
  const { rows } = await testDb.db.query<{ id: number }>(
    `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, progress, home_score, away_score)
     SELECT id, $1, $2, $3, $4, $5, $6, $7 FROM sports WHERE slug = 'nfl' RETURNING id`,
    [packers, bears, startsAt, status, status === 'in-play' ? 'Q3 4:12' : null, home, away],
  );
  return Number(rows[0]?.id);
}

async function insertArticle(title: string, publishedAt: Date, teams: number[]): Promise<number> {
  const { rows } = await testDb.db.query<{ id: number }>(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at)
     SELECT s.id, s.domain_id, $1, 'https://recap.example/' || md5($1), 'https://recap.example/' || md5($1), $1, $2
       FROM sources s WHERE s.feed_url = 'https://recap.example/rss' RETURNING id`,
    [title, publishedAt],
  );
  const id = Number(rows[0]?.id);
  for (const team of teams) {
    await testDb.db.query(
      `INSERT INTO article_teams (article_id, team_id, published_at, kind, source_id)
       SELECT $1, $2, $3, 'article', source_id FROM articles WHERE id = $1`,
      [id, team, publishedAt],
    );
  }
  return id;
}

describe('the push of changed games', () => {
  it('drops the cached pages, then sends each changed game of the games window whole on its sport’s stream', async () => {
    const id = await insertGame(new Date(), 'in-play', 17, 14);
    // A schedule read also changes games weeks ahead, which no page lists yet.
    const later = await insertGame(new Date(Date.now() + 20 * 86_400_000), 'not-started', null, null);
    const broadcaster = new MemoryBroadcaster();
    const heard: { message: Record<string, unknown>; invalidatedBefore: boolean }[] = [];
    let invalidated = false;
    broadcaster.subscribe(gamesStream('nfl'), (message) =>
      heard.push({ message, invalidatedBefore: invalidated }),
    );
    const push = pushGameChanges({
      db: testDb.db,
      broadcaster,
      invalidate: () => {
        invalidated = true;
      },
      log: { warn: () => undefined },
    });
    await push([
      { id, status: 'in-play', created: false },
      { id: later, status: 'not-started', created: true },
    ]);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.invalidatedBefore).toBe(true);
    const games = (heard[0]?.message as unknown as GamesPush | undefined)?.games;
    expect(games).toHaveLength(1);
    expect(games?.[0]).toMatchObject({
      id,
      status: 'in-play',
      progress: 'Q3 4:12',
      home: { slug: 'green-bay-packers', score: 17 },
      away: { slug: 'chicago-bears', score: 14 },
    });
  });

  it('logs and carries on when the games cannot be read', async () => {
    const warnings: string[] = [];
    const push = pushGameChanges({
      db: {
        query: () => Promise.reject(new Error('connection lost')),
      } as unknown as TestDatabase['db'],
      broadcaster: new MemoryBroadcaster(),
      invalidate: () => undefined,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    await expect(push([{ id: 1, status: 'finished', created: false }])).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe('GamesChannel', () => {
  it('streams a sport that exists and rejects anything else', async () => {
    const channel = gamesChannel(testDb.db);
    const connection = { userId: null };
    expect(await channel.subscribe({ connection, params: { sportSlug: 'nfl' } })).toEqual(['games:nfl']);
    expect(await channel.subscribe({ connection, params: { sportSlug: 'curling' } })).toBeNull();
    expect(await channel.subscribe({ connection, params: { sportSlug: "nfl' OR 1=1" } })).toBeNull();
    expect(await channel.subscribe({ connection, params: {} })).toBeNull();
  });
});

describe('the recap of a finished game', () => {
  it('links the article filed under both teams after the game, preferring a result headline', async () => {
    const start = new Date('2026-11-29T18:00:00Z');
    const id = await insertGame(start, 'finished', 24, 20);
    const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
    await insertArticle('Packers vs. Bears: three things to watch', hours(0.5), [packers, bears]);
    await insertArticle('Injury report after Packers-Bears', hours(3), [packers, bears]);
    const recap = await insertArticle('Packers beat Bears 24-20 on late field goal', hours(3.5), [
      packers,
      bears,
    ]);
    await insertArticle('Packers win again', hours(3.2), [packers]);
    const [game] = await gamesByIds(testDb.db, [id]);
    expect(game?.recap).toEqual({
      id: recap,
      title: 'Packers beat Bears 24-20 on late field goal',
      path: `/articles/${recap}`,
    });
  });

  it('has none before the game is over', async () => {
    const start = new Date('2026-11-30T18:00:00Z');
    const id = await insertGame(start, 'in-play', 7, 3);
    await insertArticle('Packers beat Bears early', new Date(start.getTime() + 3 * 3_600_000), [
      packers,
      bears,
    ]);
    const [game] = await gamesByIds(testDb.db, [id]);
    expect(game?.recap).toBeNull();
  });
});
