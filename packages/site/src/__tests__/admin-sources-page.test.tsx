// /admin/sources against msw: a visitor is sent to sign in, a member gets the 403 page without the API
// being asked, an admin sees the health table with its state counts; a column header sorts (aria-sort
// and the request's sort follow); a preview refused with a 422 on `url` shows the reason beside the
// field; a found feed shows its items and the suggested Packers checked, and Save posts them.
import type { AdminSource } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

function source(overrides: Partial<AdminSource> = {}): AdminSource {
  return {
    id: 12,
    kind: 'news',
    title: 'Packers Wire',
    feedUrl: 'http://127.0.0.2:8080/feed.xml',
    siteUrl: null,
    origin: 'catalogue',
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

const listOf = (sources: AdminSource[]) => ({
  sources,
  meta: {
    pagination: { page: 1, perPage: 50, totalPages: 1, totalCount: sources.length },
    states: { active: 1, failing: 1, disabled: 0 },
  },
});

describe('/admin/sources', () => {
  it('sends a visitor to sign in', async () => {
    const site = await renderSite('/admin/sources');
    await waitFor(() => expect(site.path()).toBe('/login?out'));
  });

  it('shows a member the 403 page and never asks the admin API', async () => {
    backend.session = signedInSession(makeUser({ admin: false }));
    let asked = 0;
    server.use(
      http.get(`${API}/api/v1/admin/sources`, () => {
        asked++;
        return HttpResponse.json(listOf([]));
      }),
    );
    await renderSite('/admin/sources');
    await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" });
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(asked).toBe(0);
  });

  it('shows an admin the health table, sorts by a column, previews and saves a source', async () => {
    backend.session = signedInSession(makeUser({ admin: true }));
    const sorts: (string | null)[] = [];
    const created: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/admin/sources`, ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return HttpResponse.json(
          listOf([
            source(),
            source({
              id: 13,
              title: 'Broken Feed',
              state: 'failing',
              failureCount: 4,
              lastError: 'HTTP 503',
            }),
            source({ id: 15, title: 'Brand New Feed', lastFetchedAt: null, lastStatus: null }),
          ]),
        );
      }),
      http.get(`${API}/api/v1/admin/sources/:id`, ({ params }) =>
        HttpResponse.json({ source: source({ id: Number(params.id) }), items: [] }),
      ),
      http.post(`${API}/api/v1/admin/sources/preview`, async ({ request }) => {
        const { url } = (await request.json()) as { url: string };
        if (url.includes('nothing')) {
          return HttpResponse.json(
            { errors: [{ field: 'url', code: 'no_feed', title: 'No feed was found at this address.' }] },
            { status: 422 },
          );
        }
        return HttpResponse.json({
          feedUrl: 'http://127.0.0.2:8080/feed.xml',
          discoveredBy: 'link',
          candidates: [
            { url: 'http://127.0.0.2:8080/feed.xml', title: 'Lambeau', type: 'application/rss+xml' },
          ],
          kind: 'news',
          title: 'Lambeau Loopback',
          siteUrl: 'http://127.0.0.2:8080/',
          items: [{ title: 'Packers activate their kicker', url: null, publishedAt: null }],
          suggested: {
            sport: { id: 1, slug: 'nfl', name: 'NFL' },
            teams: [{ id: 9, slug: 'green-bay-packers', name: 'Green Bay Packers' }],
          },
          existingSourceId: null,
        });
      }),
      http.post(`${API}/api/v1/admin/sources`, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(
          { source: source({ id: 14, title: 'Lambeau Loopback', lastFetchedAt: null }), items: [] },
          { status: 201 },
        );
      }),
    );
    await renderSite('/admin/sources');
    await screen.findByRole('heading', { level: 1, name: 'Sources' });
    const rows = await screen.findAllByTestId('admin-source-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Failing')).toBeTruthy();
    // Active, but not fetched yet: said beside the state, not only by an empty "Last fetch".
    expect(within(rows[2] as HTMLElement).getByText('Not fetched yet')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText('Not fetched yet')).toBeNull();
    expect(screen.getByRole('button', { name: '1 Failing' })).toBeTruthy();

    const failures = screen.getByRole('columnheader', { name: /Failures/ });
    expect(failures.getAttribute('aria-sort')).toBeNull();
    await act(async () => {
      fireEvent.click(within(failures).getByRole('button'));
    });
    await waitFor(() => expect(sorts.at(-1)).toBe('-failureCount'));
    expect(failures.getAttribute('aria-sort')).toBe('descending');

    // A refused preview: the reason beside the field.
    const field = screen.getByLabelText('Feed or site address');
    fireEvent.change(field, { target: { value: 'http://nothing.test/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('No feed was found at this address.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    // A found feed: its items, the suggested team checked, then Save.
    fireEvent.change(field, { target: { value: 'http://127.0.0.2:8080/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('source-preview');
    expect(within(preview).getByText('Packers activate their kicker')).toBeTruthy();
    expect(within(preview).getByText(/link rel="alternate"/)).toBeTruthy();
    const packers = within(preview).getByRole('checkbox', { name: 'Green Bay Packers' }) as HTMLInputElement;
    expect(packers.checked).toBe(true);
    fireEvent.click(within(preview).getByRole('button', { name: 'Save source' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      feedUrl: 'http://127.0.0.2:8080/feed.xml',
      kind: 'news',
      title: 'Lambeau Loopback',
      sport: 'nfl',
      teams: ['green-bay-packers'],
    });
    // The table then shows the newest first, so the new source is on top.
    await waitFor(() => expect(sorts.at(-1)).toBe('-createdAt'));
  });
});
