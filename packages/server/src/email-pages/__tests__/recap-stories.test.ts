// The stories of a recap mail: the team's lead articles of the period first, among them the story the
// most sources carry, then older ones; grouped sub-articles and other teams' news stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { migrate, readMigrations } from '../../db/migrate.js';
import { RECAP_STORIES_PER_TEAM, recapStories } from '../recap-newsletter.js';

let testDb: TestDatabase;
const hour = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();

beforeAll(async () => {
  testDb = await createEmptyDatabase();
  await migrate(testDb.db, readMigrations());
  const { db } = testDb;
  await db.exec(`
    INSERT INTO sports (id, slug, name) VALUES (901, 'r-sport', 'R Sport');
    INSERT INTO teams (id, sport_id, slug, name, full_name, short_name)
      VALUES (901, 901, 'r-team', 'R', 'R Team', 'RT'), (902, 901, 'r-other', 'O', 'R Other', 'RO');
    INSERT INTO domains (id, host, name) VALUES (901, 'r.example', 'R');
    INSERT INTO sources (id, domain_id, kind, feed_url, title)
      VALUES (901, 901, 'news', 'https://r.example/1', 'R Daily'), (902, 901, 'news', 'https://r.example/2', 'R Weekly');`);
  // [id, title, hours ago, sources carrying its story, lead, team]
  const articles: [number, string, number, number, boolean, number][] = [
    [9001, 'Fresh, one source', 2, 1, true, 901],
    [9002, 'Fresh, carried by four sources', 5, 4, true, 901],
    [9003, 'Fresh, a sub-article of that story', 4, 4, false, 901],
    [9004, 'Old but big', 60, 9, true, 901],
    [9005, 'Old and small', 50, 1, true, 901],
    [9006, 'Fresh news of another team', 1, 7, true, 902],
  ];
  for (const [id, title, hoursAgo, sources, lead, team] of articles) {
    await db.query(
      `INSERT INTO clusters (id, lead_article_id, sources_count, first_seen_at, last_seen_at)
       VALUES ($1, $1, $2, $3, $3)`,
      [id, sources, at(hoursAgo)],
    );
    await db.query(
      `INSERT INTO articles (id, source_id, domain_id, guid, url, canonical_url, title, published_at, cluster_id, is_lead)
       VALUES ($1, $2, 901, $7, $3, $3, $4, $5, $1, $6)`,
      [id, id % 2 ? 901 : 902, `https://r.example/${id}`, title, at(hoursAgo), lead, `g${id}`],
    );
    await db.query(
      `INSERT INTO article_teams (article_id, team_id, published_at, source_id, is_lead)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, team, at(hoursAgo), id % 2 ? 901 : 902, lead],
    );
  }
});

afterAll(async () => {
  await testDb.dispose();
});

describe('recapStories', () => {
  it("lists the period's stories first, the most carried first, then older ones", async () => {
    const stories = await recapStories(testDb.db, [901], new Date(Date.now() - 24 * hour));
    expect(stories.map((s) => s.title)).toEqual([
      'Fresh, carried by four sources',
      'Fresh, one source',
      'Old but big',
      'Old and small',
    ]);
    expect(stories[0]).toEqual({
      title: 'Fresh, carried by four sources',
      url: 'https://r.example/9002',
      source: 'R Weekly',
    });
  });

  it('takes a few stories per team across the teams asked for', async () => {
    const stories = await recapStories(testDb.db, [901, 902], new Date(Date.now() - 24 * hour));
    expect(stories.map((s) => s.title).slice(0, 2)).toEqual([
      'Fresh news of another team',
      'Fresh, carried by four sources',
    ]);
    expect(stories.length).toBeLessThanOrEqual(2 * RECAP_STORIES_PER_TEAM);
    expect(await recapStories(testDb.db, [], new Date())).toEqual([]);
  });
});
