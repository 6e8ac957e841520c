// Core admin sources: the health table's query reaches the server without empty filters, the preview
// posts the trimmed URL and its 422 on `url` reaches the field, add/edit/remove/fetch-now send the
// contract's bodies and show their toasts, a 404 or 429 stays on the page (no navigation handler), the
// OPML import posts the text, and the sort and polling rules the table applies.
import type { AdminSource } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { formErrors } from '../../accounts/account-texts.js';
import {
  ADMIN_SOURCE_ADDED_TOAST,
  ADMIN_SOURCE_DISABLED_TOAST,
  ADMIN_SOURCE_ENABLED_TOAST,
  ADMIN_SOURCE_REMOVED_TOAST,
  ADMIN_SOURCE_SAVED_TOAST,
  adminSourceAriaSort,
  adminSourcesOpmlUrl,
  awaitingFirstFetch,
  createAdminSource,
  deleteAdminSource,
  fetchAdminSourceNow,
  getAdminSource,
  importAdminSourcesOpml,
  listAdminSources,
  nextAdminSourceSort,
  previewAdminSource,
  updateAdminSource,
} from '../admin-sources.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function source(overrides: Partial<AdminSource> = {}): AdminSource {
  return {
    id: 12,
    kind: 'news',
    title: 'Packers Wire',
    feedUrl: 'http://127.0.0.2:8080/feed.xml',
    siteUrl: 'http://127.0.0.2:8080/',
    origin: 'admin',
    sport: { id: 1, slug: 'nfl', name: 'NFL' },
    teams: [{ id: 9, slug: 'green-bay-packers', name: 'Green Bay Packers' }],
    state: 'active',
    enabled: true,
    lastFetchedAt: '2026-11-24T10:00:00.000Z',
    lastStatus: 200,
    lastError: null,
    lastErrorAt: null,
    failureCount: 0,
    failingSince: null,
    disabledReason: null,
    itemsPerDay: 4.5,
    medianFetchMs: 120,
    nextFetchAt: '2026-11-24T10:15:00.000Z',
    articleCount: 30,
    websub: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
const detail = (overrides: Partial<AdminSource> = {}) => ({ source: source(overrides), items: [] });
const toasts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);
const listBody = {
  sources: [source()],
  meta: {
    pagination: { page: 2, perPage: 25, totalPages: 3, totalCount: 60 },
    states: { active: 50, failing: 7, disabled: 3 },
  },
};

describe('admin sources calls', () => {
  it('lists a page with the filters set and leaves the empty ones out', async () => {
    let search = '';
    server.use(
      http.get(api('admin/sources'), ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json(listBody);
      }),
    );
    const { client } = makeClient();
    const list = await listAdminSources(client, {
      page: 2,
      perPage: 25,
      q: 'packers',
      state: 'failing',
      kind: undefined,
      sport: '',
      sort: '-failureCount',
    });
    expect(list.meta.states.failing).toBe(7);
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      page: '2',
      perPage: '25',
      q: 'packers',
      state: 'failing',
      sort: '-failureCount',
    });
  });

  it('reads one source with its latest items', async () => {
    server.use(
      http.get(api('admin/sources/:id'), ({ params }) =>
        HttpResponse.json({
          source: source({ id: Number(params.id) }),
          items: [{ title: 'Packers sign a kicker', url: 'http://x.test/1', publishedAt: null }],
        }),
      ),
    );
    const { client } = makeClient();
    const read = await getAdminSource(client, 44);
    expect(read.source.id).toBe(44);
    expect(read.items[0]?.title).toBe('Packers sign a kicker');
  });

  it('previews the trimmed URL and hands a 422 on url to the field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('admin/sources/preview'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { errors: [{ field: 'url', code: 'no_feed', title: 'No feed was found at this address.' }] },
          { status: 422 },
        );
      }),
    );
    const { client } = makeClient();
    const error = await previewAdminSource(client, '  http://127.0.0.2:8080/  ').catch((e: unknown) => e);
    expect(bodies).toEqual([{ url: 'http://127.0.0.2:8080/' }]);
    expect(formErrors(error).fields.url?.title).toBe('No feed was found at this address.');
  });

  it('keeps a 404 and a 429 on the page instead of navigating away', async () => {
    const onNotFound = vi.fn();
    const onRateLimited = vi.fn();
    server.use(
      http.get(api('admin/sources/:id'), () =>
        HttpResponse.json({ errors: [{ code: 'not_found', title: 'Not found' }] }, { status: 404 }),
      ),
      http.post(api('admin/sources/preview'), () =>
        HttpResponse.json(
          { errors: [{ code: 'rate_limited', title: 'Slow down' }] },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const { client } = makeClient();
    client.setHandlers({ onNotFound, onRateLimited });
    await expect(getAdminSource(client, 1)).rejects.toMatchObject({ status: 404 });
    const error = await previewAdminSource(client, 'http://x.test').catch((e: unknown) => e);
    expect(formErrors(error).titles[0]).toMatch(/Too many attempts/);
    expect(onNotFound).not.toHaveBeenCalled();
    expect(onRateLimited).not.toHaveBeenCalled();
  });

  it('adds a source with the chosen sport and teams and toasts', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('admin/sources'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(detail({ lastFetchedAt: null }), { status: 201 });
      }),
    );
    const { client } = makeClient();
    const created = await createAdminSource(client, {
      feedUrl: 'http://127.0.0.2:8080/feed.xml',
      sport: 'nfl',
      teams: ['green-bay-packers'],
    });
    expect(created.source.lastFetchedAt).toBeNull();
    expect(bodies).toEqual([
      { feedUrl: 'http://127.0.0.2:8080/feed.xml', sport: 'nfl', teams: ['green-bay-packers'] },
    ]);
    expect(toasts(client)).toContain(ADMIN_SOURCE_ADDED_TOAST);
  });

  it('disables, enables and re-tags with the toast that says which', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(api('admin/sources/:id'), async ({ request }) => {
        const body = (await request.json()) as { enabled?: boolean };
        bodies.push(body);
        return HttpResponse.json(
          detail(
            body.enabled === false
              ? { enabled: false, state: 'disabled', disabledReason: 'By an admin' }
              : {},
          ),
        );
      }),
    );
    const { client } = makeClient();
    const disabled = await updateAdminSource(client, 12, { enabled: false });
    expect(disabled.source.state).toBe('disabled');
    expect(toasts(client)).toContain(ADMIN_SOURCE_DISABLED_TOAST);
    await updateAdminSource(client, 12, { enabled: true });
    expect(toasts(client)).toContain(ADMIN_SOURCE_ENABLED_TOAST);
    await updateAdminSource(client, 12, { sport: 'nfl', teams: [] });
    expect(toasts(client)).toContain(ADMIN_SOURCE_SAVED_TOAST);
    expect(bodies).toEqual([{ enabled: false }, { enabled: true }, { sport: 'nfl', teams: [] }]);
  });

  it('removes a source saying whether its articles stay, and toasts', async () => {
    const asked: string[] = [];
    server.use(
      http.delete(api('admin/sources/:id'), ({ request, params }) => {
        asked.push(`${params.id}:${new URL(request.url).searchParams.get('articles')}`);
        return HttpResponse.json({ removedArticles: asked.length === 1 ? 0 : 30 });
      }),
    );
    const { client } = makeClient();
    expect(await deleteAdminSource(client, 12, 'keep')).toEqual({ removedArticles: 0 });
    expect(await deleteAdminSource(client, 13, 'delete')).toEqual({ removedArticles: 30 });
    expect(asked).toEqual(['12:keep', '13:delete']);
    expect(toasts(client)).toContain(ADMIN_SOURCE_REMOVED_TOAST);
  });

  it('asks for a fetch now and imports OPML text', async () => {
    let fetched = '';
    let imported: unknown;
    server.use(
      http.post(api('admin/sources/:id/fetch'), ({ params }) => {
        fetched = String(params.id);
        return HttpResponse.json(detail());
      }),
      http.post(api('admin/sources/opml'), async ({ request }) => {
        imported = await request.json();
        return HttpResponse.json({
          created: 2,
          existing: 1,
          failed: [{ feedUrl: 'ftp://x', reason: 'Not http' }],
        });
      }),
    );
    const { client } = makeClient();
    await fetchAdminSourceNow(client, 12);
    expect(fetched).toBe('12');
    const opml = '<opml version="2.0"><body><outline xmlUrl="http://a.test/feed"/></body></opml>';
    const result = await importAdminSourcesOpml(client, opml);
    expect(imported).toEqual({ opml });
    expect(result.created).toBe(2);
    expect(result.failed[0]?.reason).toBe('Not http');
  });

  it('rejects a refused edit without a success toast', async () => {
    server.use(
      http.patch(api('admin/sources/:id'), () =>
        HttpResponse.json(
          { errors: [{ code: 'forbidden', title: 'Only admins can manage sources.' }] },
          { status: 403 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await updateAdminSource(client, 12, { enabled: false }).catch((e: unknown) => e);
    expect(formErrors(error).titles).toContain('Only admins can manage sources.');
    expect(toasts(client)).not.toContain(ADMIN_SOURCE_DISABLED_TOAST);
  });
});

describe('admin sources table rules', () => {
  it('points the export at the OPML address', () => {
    expect(adminSourcesOpmlUrl()).toBe('/api/v1/admin/sources.opml');
    expect(adminSourcesOpmlUrl('https://api.example/')).toBe('https://api.example/api/v1/admin/sources.opml');
  });

  it('sorts names A to Z first and numbers largest first, and flips on a second click', () => {
    expect(nextAdminSourceSort(undefined, 'title')).toBe('title');
    expect(nextAdminSourceSort('title', 'title')).toBe('-title');
    expect(nextAdminSourceSort('-title', 'title')).toBe('title');
    expect(nextAdminSourceSort('title', 'failureCount')).toBe('-failureCount');
    expect(nextAdminSourceSort('-failureCount', 'failureCount')).toBe('failureCount');
    expect(adminSourceAriaSort('-failureCount', 'failureCount')).toBe('descending');
    expect(adminSourceAriaSort('title', 'title')).toBe('ascending');
    expect(adminSourceAriaSort('title', 'kind')).toBe('none');
  });

  it('polls while an enabled source shown has not been fetched yet', () => {
    expect(awaitingFirstFetch([source()])).toBe(false);
    expect(awaitingFirstFetch([source(), source({ id: 13, lastFetchedAt: null })])).toBe(true);
    expect(awaitingFirstFetch([source({ lastFetchedAt: null, enabled: false, state: 'disabled' })])).toBe(
      false,
    );
  });
});
