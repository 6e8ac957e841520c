import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { buildMemberApp, type ContentFixture, insertContent, signedIn, visitor } from './member-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let content: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await buildMemberApp(testDb.db));
  content = await insertContent(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const viewUrl = (id: number) => `/api/v1/articles/${id}/article_views`;
const READS = '/api/v1/profile/article_views';

describe('POST api/v1/articles/:articleId/article_views', () => {
  it('records a visitor read (201) without a user', async () => {
    const jar = await visitor(app);
    const [articleId] = content.articleIds as [number];
    const res = await jar.request(app, {
      method: 'POST',
      url: viewUrl(articleId),
      payload: { hash: 'device-1', teamId: 5, sportId: 1, p: 1, first: true, v: 3 },
    });
    expect(res.statusCode).toBe(201);
    const { articleView } = res.json();
    expect(articleView).toEqual({ id: expect.any(Number) });
    const { rows } = await testDb.db.query(
      'SELECT article_id, hash, user_id, team_id, sport_id, p, first, v FROM article_views WHERE id = $1',
      [articleView.id],
    );
    expect(rows[0]).toEqual({
      article_id: expect.anything(),
      hash: 'device-1',
      user_id: null,
      team_id: 5,
      sport_id: 1,
      p: 1,
      first: true,
      v: 3,
    });
    expect(Number(rows[0]?.article_id)).toBe(articleId);
  });

  it('answers 404 for an unknown article and 422 without a hash', async () => {
    const jar = await visitor(app);
    const missing = await jar.request(app, { method: 'POST', url: viewUrl(999_999), payload: { hash: 'd' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
    const noHash = await jar.request(app, {
      method: 'POST',
      url: viewUrl(content.articleIds[0] as number),
      payload: {},
    });
    expect(noHash.statusCode).toBe(422);
    expect(noHash.json().errors[0]).toMatchObject({ code: 'blank', field: 'hash' });
  });
});

describe('GET api/v1/profile/article_views', () => {
  it('answers 401 when signed out', async () => {
    const jar = await visitor(app);
    const res = await jar.request(app, { method: 'GET', url: READS });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('unauthorized');
  });

  it("lists the member's reads newest first, one per article, paged, with the articles", async () => {
    const jar = await signedIn(app, 'demo');
    const [a1, a2, a3] = content.articleIds as [number, number, number];
    for (const id of [a1, a2, a3, a1]) {
      const res = await jar.request(app, { method: 'POST', url: viewUrl(id), payload: { hash: 'device-2' } });
      expect(res.statusCode).toBe(201);
    }
    // Reads of another member and of visitors are not listed.
    const other = await signedIn(app, 'pro');
    await other.request(app, { method: 'POST', url: viewUrl(a2), payload: { hash: 'device-3' } });

    const page1 = await jar.request(app, { method: 'GET', url: `${READS}?perPage=2` });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.articleViews.map((v: { article: { id: number } }) => v.article.id)).toEqual([a1, a3]);
    expect(body.articleViews[0]).toMatchObject({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      article: { id: a1, title: 'Packers story 1', domain: { name: 'Cheesehead Daily' } },
    });
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 2, totalPages: 2, totalCount: 3 });

    const page2 = (await jar.request(app, { method: 'GET', url: `${READS}?perPage=2&page=2` })).json();
    expect(page2.articleViews.map((v: { article: { id: number } }) => v.article.id)).toEqual([a2]);
    const beyond = (await jar.request(app, { method: 'GET', url: `${READS}?page=9` })).json();
    expect(beyond.articleViews).toEqual([]);
  });
});
