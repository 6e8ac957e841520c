import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database, Queryable } from '../../../db/database.js';
import { parseFeed } from '../../feeds/parse-feed.js';
import { addSource, NOW, rssFeed } from '../../pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../pipeline/ingest-feed.js';
import { loadTagIndex } from '../../pipeline/load-tag-index.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { assignBatchClusters } from '../assign-clusters.js';
import { LeadSignatures, leadSignaturesOf } from '../lead-signatures.js';
import { storySignature } from '../story-signature.js';

describe('LeadSignatures', () => {
  const sig = (title: string) => storySignature({ title, teamIds: [1] });

  it('forgets the least recently used signature past its capacity', () => {
    const leads = new LeadSignatures(2);
    leads.remember(1, sig('Packers sign kicker'));
    leads.remember(2, sig('Bears cut punter'));
    // Reading 1 makes 2 the least recently used.
    expect(leads.get(1)?.terms).toContain('kicker');
    leads.remember(3, sig('Lions extend coach'));
    expect(leads.size).toBe(2);
    expect(leads.get(2)).toBeUndefined();
    expect(leads.get(1)?.terms).toContain('kicker');
    expect(leads.get(3)?.terms).toContain('coach');
  });

  it('keeps one cache per database', () => {
    const a = {};
    const b = {};
    leadSignaturesOf(a).remember(7, sig('Packers sign kicker'));
    expect(leadSignaturesOf(a).get(7)).toBeDefined();
    expect(leadSignaturesOf(b).get(7)).toBeUndefined();
  });
});

describe('clustering with remembered leads', () => {
  let testDb: TestDatabase;
  let db: Database;
  let tagIndex: TagIndex;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    tagIndex = await loadTagIndex(db);
  });
  afterAll(() => testDb.dispose());

  /** A transaction's queries, with the statements that read a lead's headline and tags counted. */
  async function assignCounting(leads: LeadSignatures | undefined, title: string, teamIds: number[]) {
    let detailReads = 0;
    const result = await db.transaction(async (tx) => {
      const counting: Queryable = {
        query: (sql, params) => {
          if (sql.includes('array_agg(t2.team_id)')) detailReads++;
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      const at = new Date('2026-11-20T13:00:00Z');
      return assignBatchClusters(
        counting,
        [{ title, teamIds, publishedAt: at, sourceId: 1, feed: 0 }],
        leads,
      );
    });
    return { assignment: result[0], detailReads };
  }

  it('matches a new article to a lead stored by an earlier batch, with or without its signature remembered', async () => {
    const source = await addSource(db, {
      host: 'packers-wire.example',
      feedUrl: 'https://packers-wire.example/feed',
    });
    const parsed = parseFeed(
      rssFeed('packers-wire.example', [
        {
          title: 'Packers sign veteran kicker Mason Crosby',
          link: 'https://packers-wire.example/crosby',
          date: new Date('2026-11-20T10:00:00Z'),
        },
      ]),
      { now: NOW },
    );
    if (parsed.kind !== 'ok') throw new Error(parsed.message);
    await ingestFeed(db, source, parsed.feed, { tagIndex, now: NOW });
    const { rows } = await db.query<{ id: number | string; teamId: number }>(
      `SELECT a.id, t.team_id AS "teamId" FROM articles a JOIN article_teams t ON t.article_id = a.id
        WHERE a.title LIKE '%Mason Crosby'`,
    );
    const leadId = Number(rows[0]?.id);
    const teamIds = rows.map((r) => r.teamId);
    expect(teamIds.length).toBeGreaterThan(0);
    // The store remembered the new lead's signature for the batches to come.
    expect(leadSignaturesOf(db).get(leadId)?.terms).toContain('crosby');

    const rewrite = 'Green Bay Packers sign kicker Mason Crosby to one-year deal';
    const remembered = await assignCounting(leadSignaturesOf(db), rewrite, teamIds);
    // A process that has not seen the lead (restarted, or another worker) reads it in full.
    const fresh = new LeadSignatures();
    const unknown = await assignCounting(fresh, rewrite, teamIds);

    expect(remembered.detailReads).toBe(0);
    expect(unknown.detailReads).toBe(1);
    expect(fresh.get(leadId)?.terms).toContain('crosby');
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
