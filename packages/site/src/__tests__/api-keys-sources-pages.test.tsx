// /settings/api and /settings/sources against msw. API keys: the page for a member with the api flag
// (list, create with 'API key created' and the token shown once with Copy, delete after confirming
// with 'Successfully deleted API key'), the note for a member without it, the menu entry only with the
// flag. My Sources: the three tabs with latest by default, each list, each empty state, unknown tabs
// back to latest, Unsubscribe on the subscribed tab.
import type { Source } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeArticle, page } from './content-fixtures.js';
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

const TOKEN = `ss_${'k'.repeat(43)}`;
const listed = (id: number, description: string | null) => ({
  id,
  token: `ss_key${id}abcd…`,
  description,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: id === 1 ? '2026-11-24T10:00:00.000Z' : null,
});
const keyList = (keys: unknown[]) => ({
  apiKeys: keys,
  meta: { pagination: { page: 1, perPage: 10, totalPages: 1, totalCount: keys.length } },
});

describe('/settings/api', () => {
  it('lists, creates (the token shown once with Copy) and deletes after confirming', async () => {
    backend.session = signedInSession(makeUser({ api: true }));
    let keys = [listed(1, 'Stats script')];
    const posted: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/api/v1/profile/api_keys`, () => HttpResponse.json(keyList(keys))),
      http.post(`${API}/api/v1/profile/api_keys`, async ({ request }) => {
        posted.push(await request.json());
        keys = [listed(2, null), ...keys];
        return HttpResponse.json({ apiKey: { ...listed(2, null), token: TOKEN } }, { status: 201 });
      }),
      http.delete(`${API}/api/v1/profile/api_keys/:id`, ({ params }) => {
        deleted.push(String(params.id));
        const gone = keys.find((k) => String(k.id) === params.id);
        keys = keys.filter((k) => String(k.id) !== params.id);
        return HttpResponse.json({ apiKey: gone });
      }),
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderSite('/settings/api');
    expect(await screen.findByRole('heading', { level: 1, name: 'API Keys' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/settings/api');
    const first = await screen.findByTestId('api-key');
    expect(first.textContent).toContain('ss_key1abcd…');
    expect(first.textContent).toContain('Stats script');
    expect(first.textContent).toContain('November 24, 2026');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    });
    expect(await screen.findByText('API key created')).toBeTruthy();
    expect(posted).toEqual([{ apiKey: {} }]);
    const panel = await screen.findByTestId('new-api-key');
    expect((within(panel).getByLabelText('API key') as HTMLInputElement).value).toBe(TOKEN);
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(within(panel).getByRole('status').textContent).toBe('Copied to the clipboard.');
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));
    // The list never shows the whole token; Done hides it for good.
    for (const row of screen.getAllByTestId('api-key')) expect(row.textContent).not.toContain(TOKEN);
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete API key Stats script' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the API key Stats script?');
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete API key Stats script' }));
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete this key' }),
      );
    });
    expect(await screen.findByText('Successfully deleted API key')).toBeTruthy();
    expect(deleted).toEqual(['1']);
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(1));
  });

  it('tells a member without the api flag how to ask, and the menu has no API entry', async () => {
    backend.session = signedInSession(makeUser({ api: false }));
    await renderSite('/settings/api');
    expect(await screen.findByText(/API access is not enabled for your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask us for API access' }).getAttribute('href')).toBe(
      '/contact/7',
    );
    const menu = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(menu).queryByRole('link', { name: 'API' })).toBeNull();
  });
});

function makeSource(id: number, label: string, following = true): Source {
  return {
    id,
    description: `${label} covers the Packers.`,
    dailyVolume: 3,
    articlesCount: 40,
    domain: { id, name: `${id}.example`, favicon: null, description: null, isYoutube: false, label },
    lastArticle: null,
    teams: [],
    following,
    egg: { id },
  };
}

describe('/settings/sources', () => {
  it('shows the latest articles by default, then the subscribed sources and the reads', async () => {
    backend.session = signedInSession();
    let following = true;
    const unfollowed: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/profile/source_articles`, () =>
        HttpResponse.json(page('articles', [makeArticle('Packers sign a kicker', { id: 301 })])),
      ),
      http.get(`${API}/api/v1/profile/sources`, () =>
        HttpResponse.json(page('sources', following ? [makeSource(7, 'Cheesehead Chronicle')] : [])),
      ),
      http.delete(`${API}/api/v1/profile/source_follows/x`, async ({ request }) => {
        unfollowed.push(await request.json());
        following = false;
        return HttpResponse.json({ sourceFollow: { id: 1, sourceId: 7 } });
      }),
      http.get(`${API}/api/v1/profile/article_views`, () =>
        HttpResponse.json(
          page('articleViews', [
            {
              id: 9,
              createdAt: '2026-11-24T10:00:00.000Z',
              article: makeArticle('Read it before', { id: 302 }),
            },
          ]),
        ),
      ),
    );
    await renderSite('/settings/sources');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sources' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'My Sources sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Latest', 'Subscribed', 'Reads']);
    expect(within(tabs).getByRole('link', { name: 'Latest' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Packers sign a kicker')).toBeTruthy();

    await act(async () => fireEvent.click(within(tabs).getByRole('link', { name: 'Subscribed' })));
    expect(await screen.findByRole('link', { name: 'Cheesehead Chronicle' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe Cheesehead Chronicle' }));
    });
    expect(await screen.findByText("You haven't subscribed to any sources yet.")).toBeTruthy();
    expect(unfollowed).toEqual([{ sourceFollow: { sourceId: 7 } }]);

    await act(async () => fireEvent.click(within(tabs).getByRole('link', { name: 'Reads' })));
    expect(await screen.findByText('Read it before')).toBeTruthy();
  });

  it('shows the empty state of each tab, and an unknown tab goes back to latest', async () => {
    backend.session = signedInSession();
    server.use(
      http.get(`${API}/api/v1/profile/source_articles`, () => HttpResponse.json(page('articles', []))),
      http.get(`${API}/api/v1/profile/article_views`, () => HttpResponse.json(page('articleViews', []))),
    );
    const site = await renderSite('/settings/sources/nonsense');
    await waitFor(() => expect(site.path()).toBe('/settings/sources'));
    expect(
      await screen.findByText(
        "You either haven't followed any sources yet or those sources haven't published anything lately.",
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Reads' })));
    expect(
      await screen.findByText(
        "You haven't read any articles yet. Start reading some news articles to see them here",
      ),
    ).toBeTruthy();
  });
});
