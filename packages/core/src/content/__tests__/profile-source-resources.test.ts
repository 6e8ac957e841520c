// My Sources in core: the tab of a path segment (latest by default, unknown ones refused), the three
// calls with their paging, and the spec's empty-state texts.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import {
  listProfileArticleViews,
  listProfileSourceArticles,
  listProfileSources,
  SOURCE_SETTINGS_EMPTY,
  sourceSettingsTab,
} from '../profile-source-resources.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const empty = (key: string, perPage: number) => ({
  [key]: [],
  meta: { pagination: { page: 2, perPage, totalPages: 0, totalCount: 0 } },
});

describe('My Sources', () => {
  it('picks the tab of the path, latest by default', () => {
    expect(sourceSettingsTab(undefined)).toBe('latest');
    expect(sourceSettingsTab('subscribed')).toBe('subscribed');
    expect(sourceSettingsTab('reads')).toBe('reads');
    expect(sourceSettingsTab('following')).toBeNull();
  });

  it('reads the three lists with the page asked for', async () => {
    const seen: string[] = [];
    const record =
      (key: string, perPage: number) =>
      ({ request }: { request: Request }) => {
        const url = new URL(request.url);
        seen.push(`${url.pathname}?${url.searchParams.toString()}`);
        return HttpResponse.json(empty(key, perPage));
      };
    server.use(
      http.get(api('profile/source_articles'), record('articles', 13)),
      http.get(api('profile/sources'), record('sources', 25)),
      http.get(api('profile/article_views'), record('articleViews', 25)),
    );
    const { client } = makeClient();
    expect((await listProfileSourceArticles(client, { page: 2 })).articles).toEqual([]);
    expect((await listProfileSources(client, { page: 2 })).sources).toEqual([]);
    expect((await listProfileArticleViews(client, { page: 2 })).articleViews).toEqual([]);
    expect(seen).toEqual([
      '/api/v1/profile/source_articles?page=2',
      '/api/v1/profile/sources?page=2',
      '/api/v1/profile/article_views?page=2',
    ]);
  });

  it("has the spec's empty states", () => {
    expect(SOURCE_SETTINGS_EMPTY.reads).toBe(
      "You haven't read any articles yet. Start reading some news articles to see them here",
    );
    expect(SOURCE_SETTINGS_EMPTY.latest).toMatch(
      /^You either haven't followed any sources .* haven't published anything lately\.$/,
    );
    expect(SOURCE_SETTINGS_EMPTY.subscribed).toMatch(/^You haven't subscribed to any sources /);
  });
});
