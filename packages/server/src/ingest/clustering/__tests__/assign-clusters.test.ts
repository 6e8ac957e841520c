import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { loadArticles } from '../../../content/articles/load-articles.js';
import type { Database, Queryable } from '../../../db/database.js';
import { parseFeed } from '../../feeds/parse-feed.js';
import { addSource, NOW, rssFeed } from '../../pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../pipeline/ingest-feed.js';
import { loadTagIndex } from '../../pipeline/load-tag-index.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { assignBatchClusters } from '../assign-clusters.js';
import { LeadSignatures, leadSignaturesOf } from '../lead-signatures.js';

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

async function publishMany(
  host: string,
  items: { title: string; at: Date; slug: string }[],
  existing?: Awaited<ReturnType<typeof addSource>>,
) {
  const source = existing ?? (await addSource(db, { host, feedUrl: `https://${host}/feed` }));
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
      id: number | string;
      title: string;
      isLead: boolean;
      clusterId: number | null;
    }>(
      `SELECT id, title, is_lead AS "isLead", cluster_id AS "clusterId" FROM articles
        WHERE title LIKE '%kicker%' ORDER BY published_at, id`,
    );
    const crosby = rows.filter((r) => r.title.includes('Crosby'));
    expect(crosby).toHaveLength(3);
    expect(crosby.map((r) => r.isLead)).toEqual([true, false, false]);
    const clusterId = crosby[0]!.clusterId;
    expect(clusterId).not.toBeNull();
    expect(crosby.every((r) => r.clusterId === clusterId)).toBe(true);
    const bears = rows.find((r) => r.title.startsWith('Bears'))!;
    // Readers see the story's articles as hot, and the other team's kicker news not.
    const cards = await loadArticles(
      db,
      [...crosby, bears].map((r) => Number(r.id)),
    );
    expect(cards.map((c) => c.hot)).toEqual([true, true, true, false]);
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

  it("groups one outlet's rewrites of a story, in one feed and in its next feed, into one card", async () => {
    const t0 = new Date('2026-11-05T12:00:00Z');
    const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);
    // The demo's near-duplicates: one outlet, one feed, three wordings, plus another Packers story.
    const outlet = await publishMany('packer-report.example', [
      {
        title: 'Nolan Corliss injury update: Packers WR Doubtful (Concussion)',
        at: minutes(0),
        slug: 'c1',
      },
      {
        title: 'Packers WR Nolan Corliss listed as Doubtful with Concussion injury',
        at: minutes(20),
        slug: 'c2',
      },
      { title: 'Packers release kicker after two missed field goals', at: minutes(30), slug: 'k1' },
      { title: 'Concussion injury leaves Packers star Nolan Corliss Doubtful', at: minutes(40), slug: 'c3' },
    ]);
    const { rows } = await db.query<{ id: number; title: string; isLead: boolean; clusterId: number | null }>(
      `SELECT id, title, is_lead AS "isLead", cluster_id AS "clusterId" FROM articles
        WHERE title LIKE '%Corliss%' OR title LIKE 'Packers release kicker%' ORDER BY published_at, id`,
    );
    const corliss = rows.filter((r) => r.title.includes('Corliss'));
    expect(corliss.map((r) => r.isLead)).toEqual([true, false, false]);
    const clusterId = corliss[0]!.clusterId;
    expect(clusterId).not.toBeNull();
    expect(corliss.every((r) => r.clusterId === clusterId)).toBe(true);
    expect(rows.find((r) => r.title.startsWith('Packers release'))).toMatchObject({
      isLead: true,
      clusterId: null,
    });
    const cluster = await db.query<{ sourcesCount: number; lead: number | string; hot: boolean }>(
      'SELECT sources_count AS "sourcesCount", lead_article_id AS lead, hot FROM clusters WHERE id = $1',
      [clusterId],
    );
    expect(cluster.rows[0]).toMatchObject({ sourcesCount: 1, hot: false });
    expect(Number(cluster.rows[0]!.lead)).toBe(Number(corliss[0]!.id));

    // The team page lists lead rows only: one card for the story, the rewrites as more coverage.
    const cards = await db.query<{ id: number | string }>(
      `SELECT DISTINCT at.article_id AS id FROM article_teams at
        WHERE at.article_id = ANY($1::bigint[]) AND at.is_lead`,
      [corliss.map((r) => r.id)],
    );
    expect(cards.rows.map((r) => Number(r.id))).toEqual([Number(corliss[0]!.id)]);
    const [card] = await loadArticles(db, [Number(corliss[0]!.id)]);
    expect(card!.subarticles.map((s) => s.title).sort()).toEqual(
      [corliss[1]!.title, corliss[2]!.title].sort(),
    );

    // The same outlet's next feed, with a fourth wording, joins the story; the source still counts once.
    await publishMany(
      'packer-report.example',
      [{ title: 'Packers star WR Nolan Corliss doubtful after concussion', at: minutes(90), slug: 'c4' }],
      outlet,
    );
    const fourth = await db.query<{ isLead: boolean; clusterId: number | string | null }>(
      `SELECT is_lead AS "isLead", cluster_id AS "clusterId" FROM articles WHERE title LIKE '%doubtful after concussion'`,
    );
    expect(fourth.rows).toHaveLength(1);
    expect(fourth.rows[0]!.isLead).toBe(false);
    expect(Number(fourth.rows[0]!.clusterId)).toBe(Number(clusterId));
    const after = await db.query<{ sourcesCount: number }>(
      'SELECT sources_count AS "sourcesCount" FROM clusters WHERE id = $1',
      [clusterId],
    );
    expect(Number(after.rows[0]!.sourcesCount)).toBe(1);
  });
});

describe('clustering with remembered leads', () => {
  /** One batch of one article, with the statements that read a lead's headline and tags counted. */
  async function assignCounting(leads: LeadSignatures, title: string, teamIds: number[]) {
    let detailReads = 0;
    const result = await db.transaction(async (tx) => {
      const counting: Queryable = {
        query: (sql, params) => {
          if (sql.includes('array_agg(t2.team_id)')) detailReads++;
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      const at = new Date('2026-10-20T13:00:00Z');
      return assignBatchClusters(
        counting,
        [{ title, teamIds, publishedAt: at, sourceId: 1, feed: 0 }],
        leads,
      );
    });
    return { assignment: result[0], detailReads };
  }

  it('matches a new article to a lead stored by an earlier batch, with or without its signature remembered', async () => {
    await publish(
      'lions-wire.example',
      'Lions sign veteran kicker Jake Elliott',
      new Date('2026-10-20T10:00:00Z'),
      'bates',
    );
    const { rows } = await db.query<{ id: number | string; teamId: number }>(
      `SELECT a.id, t.team_id AS "teamId" FROM articles a JOIN article_teams t ON t.article_id = a.id
        WHERE a.title LIKE '%Jake Elliott'`,
    );
    const leadId = Number(rows[0]?.id);
    const teamIds = rows.map((r) => r.teamId);
    expect(teamIds.length).toBeGreaterThan(0);
    // The store remembered the new lead's signature for the batches to come.
    expect(leadSignaturesOf(db).get(leadId)?.terms).toContain('elliott');

    const rewrite = 'Detroit Lions sign kicker Jake Elliott to one-year deal';
    const remembered = await assignCounting(leadSignaturesOf(db), rewrite, teamIds);
    // A process that has not seen the lead (restarted, or another worker) reads it in full.
    const fresh = new LeadSignatures();
    const unknown = await assignCounting(fresh, rewrite, teamIds);

    expect(remembered.detailReads).toBe(0);
    expect(unknown.detailReads).toBe(1);
    expect(fresh.get(leadId)?.terms).toContain('elliott');
    expect(remembered.assignment).toMatchObject({ isLead: false });
    expect(unknown.assignment).toMatchObject({ isLead: false });
    expect(remembered.assignment?.clusterId).not.toBeNull();
    // (The first call created the story; both joined it.)
    expect(unknown.assignment?.clusterId).toBe(remembered.assignment?.clusterId);

    // Another team's headline does not join it, remembered or not.
    const other = await assignCounting(leadSignaturesOf(db), 'Bears sign veteran kicker', [999_999]);
    expect(other.assignment).toMatchObject({ isLead: true, clusterId: null });
  });
});
