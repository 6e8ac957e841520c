import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { OneRowBatch } from '../../../db/one-row-batch.js';
import { loadArticles } from '../load-articles.js';
import { TEAM_DIRECTORY_MS, TeamDirectory } from '../team-directory.js';
import { type ContentFixture, insertArticle, seedContent } from './content-fixtures.js';

let testDb: TestDatabase;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

async function addTeam(slug: string, fullName: string): Promise<number> {
  const { rows } = await testDb.db.query<{ id: number }>(
    `INSERT INTO teams (slug, sport_id, name, full_name, short_name)
     SELECT $1, sport_id, $2, $2, 'NEW' FROM teams WHERE id = $3 RETURNING id`,
    [slug, fullName, fx.packers],
  );
  return (rows[0] as { id: number }).id;
}

const teamSlugs = async (articleId: number) =>
  (await loadArticles(testDb.db, [articleId]))[0]?.teams.map((t) => t.slug);

describe('the team tags of loaded articles', () => {
  it('names every tagged team, ordered by full name, with its sport and logo', async () => {
    const id = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'Raiders at Packers',
      hoursAgo: 1,
      teams: [fx.raiders, fx.packers],
    });
    const [article] = await loadArticles(testDb.db, [id]);
    // "Green Bay Packers" sorts before "Las Vegas Raiders", whatever order the tags were stored in.
    expect(article?.teams.map((t) => t.fullName)).toEqual(['Green Bay Packers', 'Las Vegas Raiders']);
    expect(article?.teams[0]).toMatchObject({
      id: fx.packers,
      slug: 'green-bay-packers',
      sportSlug: 'nfl',
      logo: '/logos/teams/green-bay-packers.svg',
    });
  });

  it('names a team added after the teams were read, at once', async () => {
    // The directory has been read by the test above; this team is newer than that read.
    const added = await addTeam('aardvark-united', 'Aardvark United');
    const id = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'Aardvarks visit Green Bay',
      hoursAgo: 1,
      teams: [fx.packers, added],
    });
    expect(await teamSlugs(id)).toEqual(['aardvark-united', 'green-bay-packers']);
  });

  it('leaves out a tag of a team that does not exist, without reading the table again for it', async () => {
    // Tags have no foreign key: the row of a deleted team can outlive it.
    const id = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'A team that was never seeded',
      hoursAgo: 1,
      teams: [987_654, fx.packers],
    });
    const view = databaseView();
    expect((await loadArticles(view, [id]))[0]?.teams.map((t) => t.slug)).toEqual(['green-bay-packers']);
    // A fresh read of the table that misses the team is enough: it is not read again for it.
    expect(view.teamReads).toBe(1);
    await loadArticles(view, [id]);
    expect(view.teamReads).toBe(1);
  });

  it('serves a statement batch from the table of the database behind it', async () => {
    expect(TeamDirectory.of(new OneRowBatch(testDb.db))).toBe(TeamDirectory.of(testDb.db));
  });

  it('reads a renamed team again once the table is older than its time to live', async () => {
    let now = 1_000_000;
    const directory = TeamDirectory.of(databaseView(), () => now);
    expect((await directory.lookup([fx.packers])).sorted([fx.packers])[0]?.name).toBe('Packers');
    await testDb.db.query("UPDATE teams SET name = 'Green Bay' WHERE id = $1", [fx.packers]);
    now += TEAM_DIRECTORY_MS - 1;
    expect((await directory.lookup([fx.packers])).sorted([fx.packers])[0]?.name).toBe('Packers');
    now += 1;
    expect((await directory.lookup([fx.packers])).sorted([fx.packers])[0]?.name).toBe('Green Bay');
    await testDb.db.query("UPDATE teams SET name = 'Packers' WHERE id = $1", [fx.packers]);
  });
});

/**
 * The test database under another handle, so it gets a directory of its own (with the test's clock),
 * counting the reads of the team table.
 */
function databaseView() {
  const db = testDb.db;
  const view = {
    teamReads: 0,
    query: ((sql: string, params?: unknown[]) => {
      if (sql.includes('FROM teams t JOIN sports s')) view.teamReads += 1;
      return db.query(sql, params);
    }) as typeof db.query,
    exec: db.exec.bind(db),
  };
  return view;
}
