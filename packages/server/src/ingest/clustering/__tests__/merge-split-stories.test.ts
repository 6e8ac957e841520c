// The repair of a story split between two workers' batches: the split is built through the pipeline
// (the first lead hidden from clustering while the second story forms, as a batch stored at the same
// moment does not see it), then repaired. Runs on both engines; the pipeline calls it on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import { parseFeed } from '../../feeds/parse-feed.js';
import { addSource, NOW, rssFeed } from '../../pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../pipeline/ingest-feed.js';
import { ingestFeeds } from '../../pipeline/ingest-feeds.js';
import { loadTagIndex } from '../../pipeline/load-tag-index.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { LeadSignatures } from '../lead-signatures.js';
import { mergeSplitStories } from '../merge-split-stories.js';
import { storySignature } from '../story-signature.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
});
afterAll(() => testDb.dispose());

const t0 = new Date('2026-11-21T10:00:00Z');
const hour = 3600_000;

async function publish(host: string, title: string, hours: number): Promise<number> {
  const source = await addSource(db, { host, feedUrl: `https://${host}/feed` });
  const parsed = parseFeed(
    rssFeed(host, [{ title, link: `https://${host}/a`, date: new Date(t0.getTime() + hours * hour) }]),
    {
      now: NOW,
    },
  );
  if (parsed.kind !== 'ok') throw new Error(parsed.message);
  await ingestFeed(db, source, parsed.feed, { tagIndex, now: NOW });
  const { rows } = await db.query<{ id: number | string }>('SELECT id FROM articles WHERE url = $1', [
    `https://${host}/a`,
  ]);
  return Number(rows[0]?.id);
}

/** The new lead of a batch, as the pipeline hands it over: its signature from its headline and tags. */
async function newLead(id: number) {
  const { rows } = await db.query<{ title: string; publishedAt: Date | string; teams: (number | string)[] }>(
    `SELECT a.title, a.published_at AS "publishedAt",
            ARRAY(SELECT team_id FROM article_teams WHERE article_id = a.id) AS teams
       FROM articles a WHERE a.id = $1`,
    [id],
  );
  const row = rows[0]!;
  return {
    id,
    publishedAt: new Date(row.publishedAt),
    signature: storySignature({ title: row.title, teamIds: row.teams.map(Number), playerIds: [] }),
  };
}

/** `db` with its own `transaction`: what happens around a transaction of the code under test. */
function withTransaction(transaction: Database['transaction']): Database {
  return {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    exec: (text) => db.exec(text),
    close: () => db.close(),
    transaction,
  };
}

async function story(ids: number[]) {
  const { rows } = await db.query<{
    id: number | string;
    isLead: boolean;
    teamLead: boolean;
    cluster: number | string | null;
    lead: number | string | null;
    sources: number;
    hot: boolean;
  }>(
    `SELECT a.id, a.is_lead AS "isLead", bool_and(t.is_lead) AS "teamLead", a.cluster_id AS cluster,
            c.lead_article_id AS lead, c.sources_count AS sources, c.hot
       FROM articles a JOIN article_teams t ON t.article_id = a.id LEFT JOIN clusters c ON c.id = a.cluster_id
      WHERE a.id = ANY($1::bigint[]) GROUP BY a.id, c.id ORDER BY a.id`,
    [ids],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    cluster: r.cluster === null ? null : Number(r.cluster),
    lead: r.lead === null ? null : Number(r.lead),
  }));
}

describe('mergeSplitStories', () => {
  it('makes the first stored lead lead the other lead and its story, counting each source once', async () => {
    const first = await publish('split-a.example', 'Packers place Jaire Alexander on injured reserve', 0);
    // Hidden from clustering while the second story forms: what a batch stored at once would see.
    await db.query('UPDATE article_teams SET is_lead = false WHERE article_id = $1', [first]);
    const second = await publish(
      'split-b.example',
      'Green Bay Packers place Jaire Alexander on injured reserve',
      1,
    );
    const third = await publish(
      'split-c.example',
      'Packers put Jaire Alexander on injured reserve, report says',
      2,
    );
    await db.query('UPDATE article_teams SET is_lead = true WHERE article_id = $1', [first]);
    const before = await story([first, second, third]);
    expect(before.map((r) => r.isLead)).toEqual([true, true, false]);
    const splitOff = before[1]!.cluster;
    expect(splitOff).not.toBeNull();

    // A lead its batch's clustering had read is no split: clustering compared them and kept them apart.
    expect(
      await mergeSplitStories(
        db,
        { added: [await newLead(second)], seen: new Set([first]) },
        new LeadSignatures(),
      ),
    ).toBe(0);
    expect(
      await mergeSplitStories(db, { added: [await newLead(second)], seen: new Set() }, new LeadSignatures()),
    ).toBe(1);

    const after = await story([first, second, third]);
    expect(after.map((r) => [r.isLead, r.teamLead])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    const merged = after[0]!.cluster;
    expect(merged).not.toBeNull();
    expect(after.map((r) => r.cluster)).toEqual([merged, merged, merged]);
    expect(after[0]).toMatchObject({ lead: first, sources: 3, hot: true });
    const { rows } = await db.query('SELECT id FROM clusters WHERE id = $1', [splitOff]);
    expect(rows).toEqual([]);

    // A second worker repairing the same split finds nothing left to do.
    expect(
      await mergeSplitStories(db, { added: [await newLead(second)], seen: new Set() }, new LeadSignatures()),
    ).toBe(0);
    expect(await story([first, second, third])).toEqual(after);
  });

  it('joins a split whose lone lead got a story of its own between the read and the join', async () => {
    const firstTitle = 'Ravens agree to extension with Lamar Jackson';
    const first = await publish('lone-a.example', firstTitle, 60);
    await db.query('UPDATE article_teams SET is_lead = false WHERE article_id = $1', [first]);
    const title = 'Baltimore Ravens sign Lamar Jackson to five-year extension';
    const second = await publish('lone-b.example', title, 61);
    const third = await publish('lone-c.example', title, 62);
    await db.query('UPDATE article_teams SET is_lead = true WHERE article_id = $1', [first]);
    let joiner = 0;
    // Another batch's article joins `first` after the repair read the leads, so `first` leads a story now.
    const meanwhile = withTransaction(async (fn) => {
      joiner = await publish('lone-d.example', firstTitle, 63);
      return db.transaction(fn);
    });
    expect(
      await mergeSplitStories(
        meanwhile,
        { added: [await newLead(second)], seen: new Set() },
        new LeadSignatures(),
      ),
    ).toBe(1);
    const after = await story([first, second, third, joiner]);
    expect(after.map((r) => r.isLead)).toEqual([true, false, false, false]);
    expect(new Set(after.map((r) => r.cluster)).size).toBe(1);
    expect(after[0]).toMatchObject({ lead: first, sources: 4 });
  });

  it('leaves a lead of another story alone', async () => {
    const packers = await publish('other-a.example', 'Packers sign punter Daniel Whelan to extension', 30);
    const bears = await publish('other-b.example', 'Bears fire offensive coordinator after loss', 31);
    expect(
      await mergeSplitStories(db, { added: [await newLead(bears)], seen: new Set() }, new LeadSignatures()),
    ).toBe(0);
    expect((await story([packers, bears])).map((r) => r.isLead)).toEqual([true, true]);
  });
});

// Only PostgreSQL runs a repair while another worker's batch is between its reads and its writes
// (PGlite runs one transaction at a time); the PostgreSQL pass of the suite sets TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a batch storing while a repair joins its story away', () => {
  it('is stored again and files its article under the story the lead is in now', async () => {
    const title = 'Baltimore Orioles sign Corbin Burnes to five-year extension';
    const first = await publish('race-a.example', 'Orioles agree to extension with Corbin Burnes', 300);
    await db.query('UPDATE article_teams SET is_lead = false WHERE article_id = $1', [first]);
    const second = await publish('race-b.example', title, 301);
    const third = await publish('race-c.example', title, 302);
    await db.query('UPDATE article_teams SET is_lead = true WHERE article_id = $1', [first]);
    // The split: `first` leads alone, `second` leads the story `third` joined.
    const split = await story([first, second, third]);
    expect(split.map((r) => r.isLead)).toEqual([true, true, false]);

    // A batch whose article joins `second`'s story; the repair joins that story into `first` after
    // the batch has read it and before the batch locks it.
    const host = 'race-d.example';
    const source = await addSource(db, { host, feedUrl: `https://${host}/feed` });
    const parsed = parseFeed(
      rssFeed(host, [{ title, link: `https://${host}/a`, date: new Date(t0.getTime() + 303 * hour) }]),
      { now: NOW },
    );
    if (parsed.kind !== 'ok') throw new Error(parsed.message);
    let transactions = 0;
    let repaired = false;
    const racing = withTransaction((fn) => {
      transactions++;
      return db.transaction((tx) =>
        fn({
          exec: (text) => tx.exec(text),
          query: async (text, params) => {
            if (
              !repaired &&
              /FROM clusters c WHERE c\.id = ANY\(\$1::bigint\[\]\) ORDER BY c\.id FOR UPDATE/.test(text)
            ) {
              repaired = true;
              const joined = await mergeSplitStories(
                db,
                { added: [await newLead(second)], seen: new Set() },
                new LeadSignatures(),
              );
              expect(joined).toBe(1);
            }
            return tx.query(text, params);
          },
        }),
      );
    });
    const [outcome] = await ingestFeeds(racing, [{ source, content: parsed.feed, now: NOW }], { tagIndex });
    expect(outcome?.error).toBeNull();
    expect(outcome?.counts.inserted).toBe(1);
    // Stored again whole, once (not feed by feed, and not lost).
    expect(transactions).toBe(2);
    const { rows } = await db.query<{ id: number | string }>('SELECT id FROM articles WHERE url = $1', [
      `https://${host}/a`,
    ]);
    const after = await story([first, second, third, Number(rows[0]?.id)]);
    expect(after.map((r) => r.isLead)).toEqual([true, false, false, false]);
    expect(new Set(after.map((r) => r.cluster)).size).toBe(1);
    expect(after[0]?.lead).toBe(first);
    expect(after[0]?.sources).toBe(4);
  });
});
