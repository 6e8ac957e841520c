import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { Database } from '../../db/database.js';
import { articleWordRates, lexemesOf, matchesPerDay } from '../article-word-rates.js';
import { nextWindowDays, plannedWindowDays, RANK_WINDOW, searchDocuments } from '../document-search.js';
import { toSearchQuery } from '../search-query.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

let testDb: TestDatabase;

/**
 * Articles whose title carries `word`, `count` of them, `everyHours` apart back from NOW; every
 * seventh also has it in the summary (so relevance differs from date order).
 */
async function insertRun(db: Database, word: string, count: number, everyHours: number): Promise<void> {
  await db.query(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at)
     SELECT s.id, s.domain_id, $1 || '-' || n, 'https://runs.example/' || $1 || '/' || n,
            'https://runs.example/' || $1 || '/' || n, 'Report ' || n || ' on the ' || $1,
            CASE WHEN n % 7 = 0 THEN 'More ' || $1 || ' news.' ELSE 'Filler.' END,
            $2::timestamptz - make_interval(secs => n * $3::float8 * 3600)
     FROM sources s, generate_series(0, $4::int - 1) AS n WHERE s.feed_url = 'https://runs.example/rss'`,
    [word, NOW.toISOString(), everyHours, count],
  );
}

/** The page as a search over every match would answer it: the newest RANK_WINDOW, ordered. */
async function unwindowed(
  db: Database,
  tsquery: string,
  sort: 'newest' | 'relevance',
  since: Date | null,
  limit: number,
  offset: number,
) {
  const order =
    sort === 'relevance'
      ? `ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', v, q) DESC, at DESC, id DESC`
      : 'at DESC, id DESC';
  const { rows } = await db.query<{ id: number | string; total: number | string }>(
    `WITH m AS (
       SELECT a.id, a.published_at AS at, a.search_vector AS v, $1::tsquery AS q FROM articles a
       WHERE a.search_vector @@ $1::tsquery AND ($2::timestamptz IS NULL OR a.published_at >= $2)
       ORDER BY a.published_at DESC, a.id DESC LIMIT ${RANK_WINDOW})
     SELECT id, count(*) OVER () AS total FROM m ORDER BY ${order}`,
    [tsquery, since],
  );
  return {
    ids: rows.slice(offset, offset + limit).map((row) => Number(row.id)),
    total: rows.length,
  };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  await db.query(`INSERT INTO domains (host, name) VALUES ('runs.example', 'Runs')`);
  await db.query(
    `INSERT INTO sources (domain_id, kind, feed_url, title)
     SELECT id, 'news', 'https://runs.example/rss', 'Runs' FROM domains WHERE host = 'runs.example'`,
  );
  // A word in the news all day (more than RANK_WINDOW in the last day), one a few hundred times a
  // day, one a couple of times a week, and one never in the last day but often before.
  await insertRun(db, 'blizzard', RANK_WINDOW + 300, 0.01);
  await insertRun(db, 'tailgate', 2600, 24 / 260);
  await insertRun(db, 'ferryboat', 40, 80);
  // A story that broke today after a quiet spell: the second window (3 days) holds only today's.
  await insertRun(db, 'regatta', 1000, 0.02);
  await db.query(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at)
     SELECT s.id, s.domain_id, 'regatta-old-' || n, 'https://runs.example/regatta-old/' || n,
            'https://runs.example/regatta-old/' || n, 'Regatta archive ' || n, 'Filler.',
            $1::timestamptz - make_interval(days => 5, secs => n * 60)
     FROM sources s, generate_series(0, 1999) AS n WHERE s.feed_url = 'https://runs.example/rss'`,
    [NOW.toISOString()],
  );
  await db.query(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at)
     SELECT s.id, s.domain_id, 'old-' || n, 'https://runs.example/old/' || n, 'https://runs.example/old/' || n,
            'Archive piece ' || n || ' on the lighthouse', 'Filler.', $1::timestamptz - make_interval(days => 3 + n / 100)
     FROM sources s, generate_series(0, 2199) AS n WHERE s.feed_url = 'https://runs.example/rss'`,
    [NOW.toISOString()],
  );
}, 60_000);
afterAll(async () => {
  await testDb?.dispose();
});

const cases: { word: string; since: Date | null }[] = [
  { word: 'blizzard', since: null },
  { word: 'tailgate', since: null },
  { word: 'ferryboat', since: null },
  { word: 'lighthouse', since: null },
  { word: 'regatta', since: null },
  { word: 'tailgate', since: new Date(NOW.getTime() - 7 * 24 * HOUR) },
  { word: 'lighthouse', since: new Date(NOW.getTime() - 7 * 24 * HOUR) },
  { word: 'blizzard', since: new Date(NOW.getTime() - 2 * HOUR) },
];

/** Each case, both sorts, three pages: the windowed search answers as a search of every match. */
function answersAsEveryMatch(wordRates: () => 'read' | null) {
  for (const { word, since } of cases) {
    for (const sort of ['newest', 'relevance'] as const) {
      it(`answers "${word}" (${sort}, since ${since?.toISOString() ?? 'ever'}) as a search of every match would`, async () => {
        const tsquery = (await toSearchQuery(testDb.db, word)).tsquery as string;
        for (const [limit, offset] of [
          [25, 0],
          [25, 50],
          [25, RANK_WINDOW - 10],
        ] as const) {
          const page = await searchDocuments(testDb.db, 'articles', tsquery, {
            sort,
            since,
            limit,
            offset,
            now: NOW,
            ...(wordRates() === null ? { wordRates: null } : {}),
          });
          expect(page).toEqual(await unwindowed(testDb.db, tsquery, sort, since, limit, offset));
        }
      });
    }
  }
}

describe('searchDocuments in windows of time, probing the last day first (no statistics)', () => {
  answersAsEveryMatch(() => null);

  it('counts at most RANK_WINDOW matches and finds the newest first', async () => {
    const tsquery = (await toSearchQuery(testDb.db, 'tailgate')).tsquery as string;
    const page = await searchDocuments(testDb.db, 'articles', tsquery, {
      sort: 'newest',
      since: null,
      limit: 1,
      offset: 0,
      now: NOW,
    });
    expect(page.total).toBe(RANK_WINDOW);
    const { rows } = await testDb.db.query<{ guid: string }>('SELECT guid FROM articles WHERE id = $1', [
      page.ids[0],
    ]);
    expect(rows[0]?.guid).toBe('tailgate-0');
  });
});

describe('searchDocuments in the window the statistics plan', () => {
  beforeAll(async () => {
    await testDb.db.exec('ANALYZE articles');
  });

  it('reads how common each word is from the statistics', async () => {
    const rates = await articleWordRates(testDb.db, NOW);
    expect(rates).not.toBeNull();
    const perDay = (stem: string) => matchesPerDay(rates!, `'${stem}'`) ?? 0;
    expect(perDay('blizzard')).toBeGreaterThan(perDay('ferryboat'));
    expect(perDay('tailgat')).toBeGreaterThan(0);
  });

  // Rates that plan a window of 9 days for "tailgate" (260 a day: the window holds 2,340) and of 2
  // days (it holds 520, so everything is read after it).
  for (const [days, articles] of [
    [9, 34_000],
    [2, 150_000],
  ] as const) {
    it(`answers from a planned window of ${days} days as a search of every match would`, async () => {
      const wordRates = { articles, spanDays: 100, common: new Map([['tailgat', 1]]), rareBelow: 0.5 };
      const tsquery = (await toSearchQuery(testDb.db, 'tailgate')).tsquery as string;
      expect(plannedWindowDays(matchesPerDay(wordRates, tsquery), wordRates)).toBe(days);
      for (const sort of ['newest', 'relevance'] as const) {
        for (const offset of [0, RANK_WINDOW - 10]) {
          const page = await searchDocuments(testDb.db, 'articles', tsquery, {
            sort,
            since: null,
            limit: 25,
            offset,
            now: NOW,
            wordRates,
          });
          expect(page).toEqual(await unwindowed(testDb.db, tsquery, sort, null, 25, offset));
        }
      }
    });
  }

  answersAsEveryMatch(() => 'read');
});

describe('plannedWindowDays', () => {
  const rates = { articles: 1_000_000, spanDays: 100 };

  it('plans as far back as the rate of matches reaches RANK_WINDOW, with a margin', () => {
    // 450 a day (a common team name): 2,000 in 4.4 days, 7 with the margin.
    expect(plannedWindowDays(450, rates)).toBe(7);
  });

  it('reads every match for a rare word, for one unknown to the statistics, and when the dates cost more', () => {
    expect(plannedWindowDays(null, rates)).toBeNull();
    // 15 a day: 1,500 in all, fewer than RANK_WINDOW.
    expect(plannedWindowDays(15, rates)).toBeNull();
    // 25 a day: 120 days of dates would be needed, more than there are.
    expect(plannedWindowDays(25, rates)).toBeNull();
    // 35 a day (3,500 in all): 86 days of dates (860,000 entries) cost more than reading the 3,500.
    expect(plannedWindowDays(35, rates)).toBeNull();
  });
});

describe('matchesPerDay', () => {
  const rates = {
    articles: 1_000_000,
    spanDays: 100,
    common: new Map([
      ['dodger', 0.007],
      ['trade', 0.02],
    ]),
    rareBelow: 0.006,
  };

  it('bounds a query by its rarest word, and knows nothing of words outside the common ones', () => {
    expect(lexemesOf("'three' <-> 'thing' & 'o''neal'")).toEqual(['three', 'thing', "o'neal"]);
    expect(matchesPerDay(rates, "'dodger'")).toBeCloseTo(70);
    expect(matchesPerDay(rates, "( 'dodger' ) & ( 'trade' )")).toBeCloseTo(70);
    expect(matchesPerDay(rates, "'dodger' & 'dunleavy'")).toBeNull();
  });
});

describe('nextWindowDays', () => {
  it('widens to where the first window’s rate reaches RANK_WINDOW, with a margin', () => {
    expect(nextWindowDays(1, RANK_WINDOW / 4)).toBe(6);
    expect(nextWindowDays(1, RANK_WINDOW - 1)).toBe(2);
  });

  it('searches everything when nothing matched or the window would be wider than 60 days', () => {
    expect(nextWindowDays(1, 0)).toBeNull();
    expect(nextWindowDays(1, 10)).toBeNull();
  });
});
