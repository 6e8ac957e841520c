import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  hoursAgo,
  insertContentFixture,
  NOW,
} from '../../podcasts/__tests__/content-fixture.js';
import { mergeSectionsByLabel, refreshSummarySections, sectionLabel } from '../refresh-summary-sections.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildContentApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET api/v1/teams/:teamId/summary_sections', () => {
  it('computes the sections on first read: biggest story first, with summary, highlights and articles', async () => {
    const res = await get('/api/v1/teams/fx-alpha/summary_sections');
    expect(res.statusCode).toBe(200);
    const { summarySections, meta } = res.json();
    expect(summarySections.map((s: { label: string }) => s.label)).toEqual([
      'Jordan Quill',
      'Alphas sign backup kicker',
    ]);
    const [story] = summarySections[0].summaries;
    expect(story.id).toBe(fx.clusterId);
    expect(story.text).toBe('Jordan Quill and the Alphas beat the Betas 24-17 with four touchdowns.');
    expect(story.highlights.slice(0, 3)).toEqual(['Jordan Quill', 'Alphas', 'Betas']);
    expect(story.articles.map((a: { id: number }) => a.id)).toEqual([
      fx.articles.c1Lead,
      fx.articles.c1b,
      fx.articles.c1c,
    ]);
    expect(summarySections[1].summaries[0].articles.map((a: { id: number }) => a.id)).toEqual([
      fx.articles.single,
    ]);
    expect(meta.pagination.totalCount).toBe(2);
    const stored = await testDb.db.query(
      'SELECT count(*)::int AS n FROM summary_sections WHERE team_id = $1',
      [fx.teams.alpha],
    );
    expect(stored.rows[0]).toEqual({ n: 2 });
  });

  it('serves fresh stored sections without rebuilding them', async () => {
    await testDb.db.query("UPDATE summary_sections SET label = 'Kept' WHERE team_id = $1 AND position = 0", [
      fx.teams.alpha,
    ]);
    const { summarySections } = (await get('/api/v1/teams/fx-alpha/summary_sections')).json();
    expect(summarySections[0].label).toBe('Kept');
  });

  it('rebuilds stale sections on read', async () => {
    await testDb.db.query('UPDATE summary_sections SET generated_at = $2 WHERE team_id = $1', [
      fx.teams.alpha,
      hoursAgo(2),
    ]);
    const { summarySections } = (await get('/api/v1/teams/fx-alpha/summary_sections')).json();
    expect(summarySections[0].label).toBe('Jordan Quill');
  });

  it('answers an empty list for a team without recent news, 404 for an unknown team', async () => {
    expect((await get('/api/v1/teams/fx-gamma/summary_sections')).json().summarySections).toEqual([]);
    expect((await get('/api/v1/teams/nope/summary_sections')).statusCode).toBe(404);
  });
});

describe('refreshSummarySections', () => {
  it('leaves out news older than 48 hours and replaces the stored sections', async () => {
    const later = new Date(NOW.getTime() + 40 * 3_600_000);
    // 40 h later only the cluster's newest articles (6, 8 and 10 h old at NOW) are within 48 h.
    expect(await refreshSummarySections(testDb.db, fx.teams.alpha, later)).toBe(1);
    const { rows } = await testDb.db.query<{ label: string }>(
      'SELECT label FROM summary_sections WHERE team_id = $1 ORDER BY position',
      [fx.teams.alpha],
    );
    expect(rows.map((r) => r.label)).toEqual(['Jordan Quill']);
  });

  it('labels a section with a full name or the headline cut at a word', () => {
    expect(sectionLabel(['Alphas', 'Jordan Quill'], 'Headline')).toBe('Jordan Quill');
    expect(sectionLabel(['Alphas'], 'Short headline')).toBe('Short headline');
    expect(sectionLabel([], 'A very long headline about the Alphas winning')).toBe(
      'A very long headline about…',
    );
  });

  it('shows one pill per label: stories that share a label share the pill, in rank order', () => {
    const story = (id: number) => ({ id, text: `story ${id}`, highlights: [], articleIds: [id] });
    const merged = mergeSectionsByLabel(
      [
        { label: 'Nolan Corliss', summaries: [story(1)] },
        { label: 'Packers sign kicker', summaries: [story(2)] },
        { label: 'nolan corliss', summaries: [story(3)] },
        { label: 'Third story', summaries: [story(4)] },
      ],
      2,
    );
    expect(merged.map((s) => s.label)).toEqual(['Nolan Corliss', 'Packers sign kicker']);
    expect(merged[0]?.summaries.map((s) => s.id)).toEqual([1, 3]);
  });
});
