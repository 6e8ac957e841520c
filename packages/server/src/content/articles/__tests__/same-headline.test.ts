// An outlet that runs the same headline again shows it once on a page (issue 48: the Packers' news page 1
// showed one blog's "Is Matteo Gatling the right coach for the Packers?" three times): the newest, with
// the others among its subarticles; another outlet's same headline keeps its own card.
import type { Article } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { buildContentApp, type ContentFixture, insertArticle, seedContent } from './content-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let bears: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  const { rows } = await testDb.db.query<{ id: number }>("SELECT id FROM teams WHERE slug = 'chicago-bears'");
  bears = rows[0]!.id;
  app = await buildContentApp(testDb.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('one card per outlet and headline', () => {
  it('folds an outlet’s repeated headline into its newest card, and keeps another outlet’s', async () => {
    const headline = 'Is Matteo Gatling the right coach for the Bears?';
    const newest = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: headline,
      hoursAgo: 1,
      teams: [bears],
    });
    const between = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'Bears sign a kicker',
      hoursAgo: 2,
      teams: [bears],
    });
    // The same headline as the outlet ran it again (spacing and case aside), days apart.
    const again = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'Is Matteo Gatling  the right coach for the BEARS?',
      hoursAgo: 50,
      teams: [bears],
    });
    const oldest = await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: `${headline} `,
      hoursAgo: 120,
      teams: [bears],
    });
    const otherOutlet = await insertArticle(testDb.db, {
      sourceId: fx.sources.ledger,
      title: headline,
      url: 'https://ledger.example/gatling-column',
      hoursAgo: 3,
      teams: [bears],
    });

    const res = await app.inject({ method: 'GET', url: '/api/v1/teams/chicago-bears/articles' });
    expect(res.statusCode).toBe(200);
    const articles = res.json().articles as Article[];
    expect(articles.map((a) => a.id)).toEqual([newest, between, otherOutlet]);
    expect(articles[0]!.subarticles.map((s) => s.id)).toEqual([again, oldest]);
    expect(articles[2]!.subarticles).toEqual([]);
  });
});
