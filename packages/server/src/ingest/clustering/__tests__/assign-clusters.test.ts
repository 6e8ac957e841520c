import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import { parseFeed } from '../../feeds/parse-feed.js';
import { addSource, NOW, rssFeed } from '../../pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../pipeline/ingest-feed.js';
import { loadTagIndex } from '../../pipeline/load-tag-index.js';
import type { TagIndex } from '../../tagging/build-index.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
});
afterAll(() => testDb.dispose());

async function publish(host: string, title: string, at: Date, slug: string) {
  return publishMany(host, [{ title, at, slug }]);
}

async function publishMany(host: string, items: { title: string; at: Date; slug: string }[]) {
  const source = await addSource(db, { host, feedUrl: `https://${host}/feed` });
  const entries = items.map((i) => ({ title: i.title, link: `https://${host}/${i.slug}`, date: i.at }));
  const parsed = parseFeed(rssFeed(host, entries), {
    now: NOW,
  });
  if (parsed.kind !== 'ok') throw new Error(parsed.message);
  await ingestFeed(db, source, parsed.feed, { tagIndex, now: NOW });
  return source;
}

describe('clustering end to end', () => {
  it('groups one story from three sources under the first article and makes it hot', async () => {
    const t0 = new Date('2026-11-21T10:00:00Z');
    const hour = 3600_000;
    await publish('packers-wire.example', 'Packers sign veteran kicker Mason Crosby', t0, 'crosby');
    await publish(
      'cheeseheadtv.example',
      'Green Bay Packers sign kicker Mason Crosby to one-year deal',
      new Date(t0.getTime() + hour),
      'crosby-deal',
    );
    await publish(
      'nfl-daily.example',
      'Report: Packers bring back kicker Mason Crosby on one-year deal',
      new Date(t0.getTime() + 2 * hour),
      'crosby-back',
    );
    // Another team's kicker news the same day stays its own story.
    await publish(
      'bears-wire.example',
      'Bears sign veteran kicker',
      new Date(t0.getTime() + 2 * hour),
      'bears-kicker',
    );

    const { rows } = await db.query<{
      title: string;
      isLead: boolean;
      clusterId: number | null;
      hot: boolean;
    }>(
      `SELECT title, is_lead AS "isLead", cluster_id AS "clusterId", hot FROM articles
        WHERE title LIKE '%kicker%' ORDER BY published_at, id`,
    );
    const crosby = rows.filter((r) => r.title.includes('Crosby'));
    expect(crosby).toHaveLength(3);
    expect(crosby.map((r) => r.isLead)).toEqual([true, false, false]);
    const clusterId = crosby[0]!.clusterId;
    expect(clusterId).not.toBeNull();
    expect(crosby.every((r) => r.clusterId === clusterId)).toBe(true);
    expect(crosby[0]!.hot).toBe(true);
    const bears = rows.find((r) => r.title.startsWith('Bears'))!;
    expect(bears.isLead).toBe(true);
    expect(bears.clusterId).toBeNull();

    const cluster = await db.query<{ sourcesCount: number; hot: boolean; lead: number }>(
      'SELECT sources_count AS "sourcesCount", hot, lead_article_id AS lead FROM clusters WHERE id = $1',
      [clusterId],
    );
    expect(cluster.rows[0]).toMatchObject({ sourcesCount: 3, hot: true });
    // Sub-articles drop out of the lead-only feed rows.
    const leadRows = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM article_teams at JOIN articles a ON a.id = at.article_id
        WHERE a.cluster_id = $1 AND at.is_lead`,
      [clusterId],
    );
    expect(Number(leadRows.rows[0]!.n)).toBe(1);
  });

  it('does not group the same story more than 48 hours later', async () => {
    const t0 = new Date('2026-11-15T10:00:00Z');
    await publish('yanks-a.example', 'Yankees trade for All-Star closer', t0, 'closer');
    await publish(
      'yanks-b.example',
      'Yankees land All-Star closer in trade',
      new Date(t0.getTime() + 50 * 3600_000),
      'closer2',
    );
    const { rows } = await db.query<{ isLead: boolean }>(
      `SELECT is_lead AS "isLead" FROM articles WHERE title LIKE 'Yankees%closer%'`,
    );
    expect(rows.map((r) => r.isLead)).toEqual([true, true]);
  });

  it("matches every item of one feed to its own story and counts the feed's source once per story", async () => {
    const t0 = new Date('2026-11-10T12:00:00Z');
    const hour = 3600_000;
    await publish('chiefs-a.example', 'Chiefs sign veteran left tackle Orlando Brown', t0, 'brown');
    await publish('celtics-a.example', 'Celtics extend Jaylen Brown through 2029', t0, 'jaylen');
    // One feed of another outlet carries both stories (twice the Chiefs one) and an unrelated item.
    await publishMany('league-roundup.example', [
      {
        title: 'Kansas City Chiefs sign left tackle Orlando Brown',
        at: new Date(t0.getTime() + hour),
        slug: 'b1',
      },
      {
        title: 'Chiefs left tackle Orlando Brown signs deal',
        at: new Date(t0.getTime() + 2 * hour),
        slug: 'b2',
      },
      {
        title: 'Boston Celtics extend Jaylen Brown through 2029',
        at: new Date(t0.getTime() + hour),
        slug: 'j1',
      },
      { title: 'Cowboys cut punter after missed kicks', at: new Date(t0.getTime() + hour), slug: 'p1' },
    ]);
    const { rows } = await db.query<{ title: string; isLead: boolean; clusterId: number | null }>(
      `SELECT title, is_lead AS "isLead", cluster_id AS "clusterId" FROM articles
        WHERE title LIKE '%Orlando Brown%' OR title LIKE '%Jaylen Brown%' OR title LIKE 'Cowboys cut punter%'
        ORDER BY published_at, id`,
    );
    const chiefs = rows.filter((r) => r.title.includes('Orlando'));
    const celtics = rows.filter((r) => r.title.includes('Jaylen'));
    expect(chiefs.map((r) => r.isLead)).toEqual([true, false, false]);
    expect(celtics.map((r) => r.isLead)).toEqual([true, false]);
    expect(new Set(chiefs.map((r) => r.clusterId)).size).toBe(1);
    expect(new Set(celtics.map((r) => r.clusterId)).size).toBe(1);
    expect(chiefs[0]!.clusterId).not.toBe(celtics[0]!.clusterId);
    expect(rows.find((r) => r.title.startsWith('Cowboys'))).toMatchObject({ isLead: true, clusterId: null });

    const { rows: clusters } = await db.query<{ id: number; sourcesCount: number; hot: boolean }>(
      'SELECT id, sources_count AS "sourcesCount", hot FROM clusters WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[chiefs[0]!.clusterId, celtics[0]!.clusterId]],
    );
    // Two sources each: the roundup's two Chiefs items count once. Two sources are not hot yet.
    expect(clusters.map((c) => [Number(c.sourcesCount), c.hot])).toEqual([
      [2, false],
      [2, false],
    ]);
  });
});
