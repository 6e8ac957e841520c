// A refetched feed brings only what is not stored to its write: one new item of many is stored with the
// rest counted as duplicates, a feed with nothing new (200 without validators) opens no write
// transaction, and a podcast's corrected episode or show is still rewritten.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { createFeedBatcher } from '../feed-batcher.js';
import { createFeedFetcher } from '../feed-fetcher.js';
import { ingestSource } from '../ingest-source.js';
import { loadTagIndex } from '../load-tag-index.js';
import { loadSource } from '../source-row.js';
import { addSource, feedFixture, NOW, rssFeed } from './pipeline-fixtures.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;
let demoDir: string;
/** Write transactions the database opened (reads outside one are not counted). */
let transactions = 0;
let counted: Database;

const at = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const story = (n: number) => ({
  title: `Gulls notebook ${n}: line changes before the road trip`,
  link: `https://gulls.example/news/${n}`,
  date: at(10 - n),
});
let fileTime = 1_700_000_000;
/** Writes a feed file with a new modification time, so the fetcher answers 200 with its body. */
function writeFeed(name: string, text: string): void {
  const path = join(demoDir, 'feeds', name);
  writeFileSync(path, text);
  fileTime += 60;
  utimesSync(path, fileTime, fileTime);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
  demoDir = mkdtempSync(join(tmpdir(), 'sportspyder-unstored-'));
  mkdirSync(join(demoDir, 'feeds'));
  counted = new Proxy(db, {
    get(target, key) {
      if (key === 'transaction')
        return (fn: Parameters<Database['transaction']>[0]) => {
          transactions++;
          return target.transaction(fn);
        };
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
});
afterAll(async () => {
  await testDb.dispose();
  rmSync(demoDir, { recursive: true, force: true });
});

/** Fetches the source as the scheduler does (through a batcher) and answers the result and the writes. */
async function fetchNow(sourceId: number) {
  const source = (await loadSource(db, sourceId))!;
  const before = transactions;
  const batcher = createFeedBatcher({ db: counted, windowMs: 0 });
  const result = await ingestSource(counted, source, {
    fetcher: createFeedFetcher({ demoDir }),
    tagIndex,
    now: NOW,
    batcher,
  });
  return { result, writes: transactions - before };
}

describe('a refetched news feed', () => {
  it('stores the one new item, and opens no write transaction when nothing is new', async () => {
    const source = await addSource(db, { host: 'gulls.example', feedUrl: 'demo:feeds/gulls.xml' });
    writeFeed('gulls.xml', rssFeed('Gulls', [1, 2, 3, 4].map(story)));
    const first = await fetchNow(source.id);
    expect(first.result).toMatchObject({ status: 'ok', counts: { inserted: 4, duplicates: 0, skipped: 0 } });

    // One new item in front.
    writeFeed('gulls.xml', rssFeed('Gulls', [5, 1, 2, 3, 4].map(story)));
    const second = await fetchNow(source.id);
    expect(second.result).toMatchObject({ status: 'ok', counts: { inserted: 1, duplicates: 4, skipped: 0 } });
    expect(second.writes).toBe(1);
    const { rows } = await db.query<{ url: string }>(
      'SELECT url FROM articles WHERE source_id = $1 ORDER BY published_at DESC',
      [source.id],
    );
    expect(rows.map((r) => r.url)).toEqual([5, 4, 3, 2, 1].map((n) => `https://gulls.example/news/${n}`));

    // The same items again, answered 200 (a server without validators): nothing to write.
    writeFeed('gulls.xml', rssFeed('Gulls', [5, 1, 2, 3, 4].map(story)));
    const third = await fetchNow(source.id);
    expect(third.result).toMatchObject({ status: 'ok', counts: { inserted: 0, duplicates: 5, skipped: 0 } });
    expect(third.writes).toBe(0);
    // Its fetch is still recorded.
    const saved = (await loadSource(db, source.id))!;
    expect(saved.lastSuccessAt?.toISOString()).toBe(NOW.toISOString());
    expect(saved.failureCount).toBe(0);
  });

  it('counts an item another source stored under the same URL as a duplicate, without a write', async () => {
    const source = await addSource(db, { host: 'gulls-mirror.example', feedUrl: 'demo:feeds/mirror.xml' });
    writeFeed('mirror.xml', rssFeed('Mirror', [story(6)]));
    expect((await fetchNow(source.id)).result.counts.inserted).toBe(1);
    // The mirror now also carries story 1, which gulls.example stored under its own guid.
    writeFeed('mirror.xml', rssFeed('Mirror', [story(6), { ...story(1), guid: 'mirror-1' }]));
    const again = await fetchNow(source.id);
    expect(again.result.counts).toEqual({ inserted: 0, duplicates: 2, skipped: 0 });
    expect(again.writes).toBe(0);
  });
});

describe('a refetched podcast feed', () => {
  // The fixture's five episodes and a post without an audio file (skipped by every store).
  const podcast = feedFixture('podcast.xml').replace(
    '</channel>',
    '<item><title>Show notes</title><guid>bullpen-notes</guid><link>https://bullpen.example/notes</link></item></channel>',
  );
  it('writes a new or corrected episode and a changed show, and nothing when all is as stored', async () => {
    const source = await addSource(db, {
      host: 'bullpen.example',
      kind: 'podcast',
      feedUrl: 'demo:feeds/bullpen.xml',
      teamSlugs: ['green-bay-packers'],
    });
    writeFeed('bullpen.xml', podcast);
    const first = await fetchNow(source.id);
    expect(first.result.counts).toEqual({ inserted: 5, duplicates: 0, skipped: 1 });

    // Unchanged, answered 200: no write, every episode a duplicate as before.
    writeFeed('bullpen.xml', podcast);
    const same = await fetchNow(source.id);
    expect(same.result.counts).toEqual({ inserted: 0, duplicates: 5, skipped: 1 });
    expect(same.writes).toBe(0);

    // A new episode and a corrected title: both written, the others left out of the write.
    const newEpisode = `<item><title>Ep. 13: Winter meetings</title><guid>bullpen-ep-13</guid>
      <pubDate>Sat, 21 Nov 2026 06:00:00 +0000</pubDate>
      <enclosure url="https://media.bullpen.example/ep13.mp3" type="audio/mpeg" length="1000"/></item>`;
    const changed = podcast
      .replace('<item>', `${newEpisode}<item>`)
      .replace('Ep. 11: Minor league call-ups', 'Ep. 11: Minor-league call-ups');
    writeFeed('bullpen.xml', changed);
    const next = await fetchNow(source.id);
    expect(next.result.counts).toEqual({ inserted: 1, duplicates: 5, skipped: 1 });
    expect(next.writes).toBe(1);
    const { rows: episodes } = await db.query<{ guid: string; title: string }>(
      `SELECT e.guid, e.title FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
        WHERE p.source_id = $1 ORDER BY e.guid`,
      [source.id],
    );
    expect(episodes.find((e) => e.guid === 'bullpen-ep-11')?.title).toBe('Ep. 11: Minor-league call-ups');
    expect(episodes.find((e) => e.guid === 'bullpen-ep-13')?.title).toBe('Ep. 13: Winter meetings');
    const { rows: shows } = await db.query<{ count: number; title: string }>(
      'SELECT episodes_count AS count, title FROM podcasts WHERE source_id = $1',
      [source.id],
    );
    expect(shows[0]).toEqual({ count: 6, title: 'The Bullpen Hour' });

    // Every episode as stored, but the show renamed: the show is written.
    writeFeed('bullpen.xml', changed.replace('The Bullpen Hour', 'The Bullpen Hour with Sal'));
    const renamed = await fetchNow(source.id);
    expect(renamed.result.counts).toEqual({ inserted: 0, duplicates: 6, skipped: 1 });
    expect(renamed.writes).toBe(1);
    const { rows: after } = await db.query<{ title: string }>(
      'SELECT title FROM podcasts WHERE source_id = $1',
      [source.id],
    );
    expect(after[0]?.title).toBe('The Bullpen Hour with Sal');
  });
});
