import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { Database } from '../../db/database.js';
import { matchLiveNames, withLiveSettings } from '../live-name-match.js';
import { liveSearch } from '../live-search.js';
import { matchNames, type NameKind, SCORE, toNameQuery } from '../name-match.js';

// The dropdown reads the word index of migration 0019, which triggers keep in step with the names:
// these tests change names the way ingestion and the admin tools do and look at the dropdown.

let testDb: TestDatabase;
let db: Database;

async function insertPlayer(name: string, trend: number): Promise<number> {
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (slug, name, sport_id, trend) VALUES ($1, $2, 2, $3) RETURNING id`,
    [slug, name, trend],
  );
  return Number(rows[0]?.id);
}

async function insertSource(publisher: string, title: string): Promise<{ domain: number; source: number }> {
  const host = `${publisher.toLowerCase().replace(/\W+/g, '')}.example`;
  const { rows: domain } = await db.query<{ id: number }>(
    `INSERT INTO domains (host, name) VALUES ($1, $2) RETURNING id`,
    [host, publisher],
  );
  const { rows: source } = await db.query<{ id: number }>(
    `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', $2, $3) RETURNING id`,
    [domain[0]?.id, `https://${host}/feed`, title],
  );
  return { domain: Number(domain[0]?.id), source: Number(source[0]?.id) };
}

const live = async (q: string) => (await liveSearch(db, q)).map((result) => result.name);
const livePlayers = async (q: string) =>
  (await liveSearch(db, q)).filter((result) => result.id.startsWith('player-')).map((result) => result.name);

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('the live dropdown follows changes to the names', () => {
  it('finds a renamed player by the new name only', async () => {
    const id = await insertPlayer('Quillon Vantreece', 1);
    expect(await live('quillon')).toContain('Quillon Vantreece');
    await db.query(`UPDATE players SET name = 'Perrindale Vantreece' WHERE id = $1`, [id]);
    expect(await live('quillon')).toEqual([]);
    expect(await live('perrindale van')).toEqual(['Perrindale Vantreece']);
  });

  it('drops a disabled source and a deleted podcast, and brings back a source enabled again', async () => {
    const { source } = await insertSource('Zephyrine Gazette', 'Zephyrine Gazette Football');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO podcasts (feed_url, title) VALUES ('https://zephyrine.example/pod', 'Zephyrine Pod') RETURNING id`,
    );
    expect(await live('zephyrine')).toEqual(
      expect.arrayContaining(['Zephyrine Gazette Football', 'Zephyrine Pod']),
    );
    await db.query(`UPDATE sources SET enabled = false WHERE id = $1`, [source]);
    await db.query(`DELETE FROM podcasts WHERE id = $1`, [rows[0]?.id]);
    expect(await live('zephyrine')).toEqual([]);
    await db.query(`UPDATE sources SET enabled = true WHERE id = $1`, [source]);
    expect(await live('zephyrine')).toEqual(['Zephyrine Gazette Football']);
  });

  it("finds a source by its publisher's new name after the publisher is renamed", async () => {
    const { domain } = await insertSource('Marlowe Sports Desk', 'The Daily Huddle');
    expect(await live('marlowe')).toContain('The Daily Huddle');
    await db.query(`UPDATE domains SET name = 'Brackwater Sports Desk' WHERE id = $1`, [domain]);
    expect(await live('marlowe')).not.toContain('The Daily Huddle');
    expect(await live('brackwater')).toContain('The Daily Huddle');
  });

  it('ranks equal matches by the popularity they have now, from the first letter on', async () => {
    const low = await insertPlayer('Xandro Pellwick', 1);
    await insertPlayer('Xandro Quarrie', 5);
    expect(await livePlayers('x')).toEqual(['Xandro Quarrie', 'Xandro Pellwick']);
    expect(await livePlayers('xandro')).toEqual(['Xandro Quarrie', 'Xandro Pellwick']);
    await db.query(`UPDATE players SET trend = 9 WHERE id = $1`, [low]);
    expect(await livePlayers('x')).toEqual(['Xandro Pellwick', 'Xandro Quarrie']);
    expect(await livePlayers('xandro')).toEqual(['Xandro Pellwick', 'Xandro Quarrie']);
  });

  it('puts names that begin with one or two letters before names with a later word that does', async () => {
    await insertPlayer('Ulric Yarborough', 9);
    await insertPlayer('Yannick Abernathy', 0);
    const matches = await withLiveSettings(db, (tx) => matchLiveNames(tx, toNameQuery('ya')!, 10));
    const players = matches.filter((match) => match.kind === 'player');
    expect(players.map((match) => match.score)).toEqual([SCORE.prefix, SCORE.allWords]);
    expect(await livePlayers('ya')).toEqual(['Yannick Abernathy', 'Ulric Yarborough']);
  });
});

describe('the live dropdown and the result pages rank alike', () => {
  // The pages match on the name tables (migration 0008), the dropdown on the word index (0019): for
  // queries typed as names are spelled, each kind's first rows must be the same names in the same order.
  const queries = ['chi', 'new york', 'green bay', 'bos', 'c', 'ka', 'packers', 'los angeles l', 'lakers'];
  const kinds: NameKind[] = ['team', 'topic'];

  it.each(queries)('"%s"', async (q) => {
    const query = toNameQuery(q)!;
    const liveMatches = await withLiveSettings(db, (tx) => matchLiveNames(tx, query, 10));
    for (const kind of kinds) {
      const page = await matchNames(db, kind, query, { limit: 10, offset: 0 });
      const fromLive = liveMatches.filter((match) => match.kind === kind).slice(0, 5);
      expect(fromLive, `${kind} for "${q}"`).toEqual(page.matches.slice(0, fromLive.length));
      if (page.total > 0) expect(fromLive.length, `${kind} for "${q}"`).toBeGreaterThan(0);
    }
  });
});
