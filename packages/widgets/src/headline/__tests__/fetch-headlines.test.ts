// Loading headlines over the network (msw): the answer, 404, API errors, 429, the 3 s timeout, sharing
// one request between embeds of the same team, and the 4-a-minute budget.
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHeadlineLoader } from '../fetch-headlines.js';
import { createRequestBudget } from '../request-budget.js';
import { articlesHandler, ORIGIN, server } from './helpers.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const newLoader = () => createHeadlineLoader(createRequestBudget());

describe('createHeadlineLoader', () => {
  it("asks for `limit` articles (the member's cookie only on the product's own origin) and maps them to headlines", async () => {
    const { handler, calls } = articlesHandler();
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get(`${ORIGIN}/api/v1/teams/:team/articles`, ({ request }) => {
        credentials = request.credentials;
      }),
      handler,
    );
    const result = await newLoader()(ORIGIN, 'green-bay-packers', 3);
    expect(calls.map((u) => u.pathname + u.search)).toEqual([
      '/api/v1/teams/green-bay-packers/articles?perPage=3',
    ]);
    expect(credentials).toBe('same-origin');
    expect(result).toMatchObject({ status: 'ok', teamName: 'Green Bay Packers' });
    if (result.status !== 'ok') throw new Error('not ok');
    expect(result.headlines).toHaveLength(3);
    expect(result.headlines[0]).toEqual({
      id: 1,
      title: 'Headline 1',
      url: 'https://news.example/story-1',
      source: 'News Example',
      postedAt: '2026-11-22T01:00:00Z',
      image: 'https://img.example/1.jpg',
    });
  });

  it("makes the product's site-relative images absolute, so they load on the publisher's page", async () => {
    server.use(
      http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () =>
        HttpResponse.json({
          articles: [
            {
              id: 7,
              title: 'Relative image',
              finalUrl: 'https://news.example/7',
              domain: { name: 'News Example' },
              postedDate: '2026-11-22T01:00:00Z',
              articleImage: { url: '/demo/images/7.jpg', homeUrl: null },
              teams: [],
            },
          ],
          meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: 1 } },
        }),
      ),
    );
    const result = await newLoader()(ORIGIN, 'green-bay-packers', 1);
    if (result.status !== 'ok') throw new Error('not ok');
    expect(result.headlines[0]?.image).toBe(`${ORIGIN}/demo/images/7.jpg`);
  });

  it("shows no image for a headline whose only image is the team's logo (a logo is not a picture)", async () => {
    server.use(
      http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () =>
        HttpResponse.json({
          articles: [
            {
              id: 8,
              title: 'Logo only',
              finalUrl: 'https://news.example/8',
              domain: { name: 'News Example' },
              postedDate: '2026-11-22T01:00:00Z',
              articleImage: { url: '/logos/teams/green-bay-packers.svg', homeUrl: null },
              teams: [{ slug: 'green-bay-packers', logo: '/logos/teams/green-bay-packers.svg' }],
            },
          ],
          meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: 1 } },
        }),
      ),
    );
    const result = await newLoader()(ORIGIN, 'green-bay-packers', 1);
    if (result.status !== 'ok') throw new Error('not ok');
    expect(result.headlines[0]?.image).toBeUndefined();
  });

  it('answers not-found for a 404', async () => {
    server.use(articlesHandler().handler);
    expect(await newLoader()(ORIGIN, 'nobody', 6)).toEqual({ status: 'not-found' });
  });

  it.each([429, 500, 503])('answers unavailable for a %i', async (status) => {
    server.use(http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () => new HttpResponse(null, { status })));
    expect(await newLoader()(ORIGIN, 'green-bay-packers', 6)).toEqual({ status: 'unavailable' });
  });

  it('answers unavailable when the network fails', async () => {
    server.use(http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () => HttpResponse.error()));
    expect(await newLoader()(ORIGIN, 'green-bay-packers', 6)).toEqual({ status: 'unavailable' });
  });

  it('gives up after 3 s when the fetch never settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const never = vi.fn(() => new Promise<Response>(() => {}));
    const load = createHeadlineLoader(createRequestBudget(), () => never);
    let result: unknown;
    void load(ORIGIN, 'green-bay-packers', 6).then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ status: 'unavailable' });
    expect(never).toHaveBeenCalledTimes(1);
  });

  it('gives up after 3 s when the API hangs (msw)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () => delay('infinite')));
    const pending = newLoader()(ORIGIN, 'green-bay-packers', 6);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toEqual({ status: 'unavailable' });
  });

  it('shares one request between embeds of the same team and limit', async () => {
    const { handler, calls } = articlesHandler();
    server.use(handler);
    const load = newLoader();
    const [a, b] = await Promise.all([
      load(ORIGIN, 'green-bay-packers', 6),
      load(ORIGIN, 'green-bay-packers', 6),
    ]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it('makes at most 4 requests a minute and reports unavailable beyond', async () => {
    const { handler, calls } = articlesHandler();
    server.use(handler);
    const load = newLoader();
    const teams = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(teams.map((t) => load(ORIGIN, t, 6)));
    expect(calls).toHaveLength(4);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'unavailable']);
  });
});
