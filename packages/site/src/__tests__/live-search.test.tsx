// The header's live search in the site (spec 1 §4.3, §2.6): results from the network (msw) in the
// desktop header and in the mobile search panel, the router taking the visitor to the chosen row,
// and the mobile panel closing behind them.
import type { LiveSearchResult } from '@sportspyder/contract';
import { SEARCH_PLACEHOLDER } from '@sportspyder/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, server, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const happyDOM = () =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;

// Rows pointing at pages that need no data of their own, so the test stays on what it checks.
const RESULTS: LiveSearchResult[] = [
  { id: 'topic-1', name: 'Promoted Content', url: '/promoted', logo: null, label: 'Topic' },
  { id: 'source-2', name: 'Pro Football Talk', url: '/about/pro', logo: null, label: 'Source' },
];
const asked: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  asked.length = 0;
  server.use(
    http.get(`${API}/api/v1/search/live_results`, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json({ liveResults: q.toLowerCase().startsWith('pro') ? RESULTS : [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  happyDOM().setViewport({ width: 1280 });
});

const optionTexts = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('live search in the header', () => {
  // First in the file: the live box's chunk is not loaded yet, so the plain form shows first.
  it('carries what was typed in the plain form, and the focus, over to the live box when it arrives', async () => {
    happyDOM().setViewport({ width: 1280 });
    const site = renderSite('/');
    const header = await waitFor(() => document.querySelector('.ss-header') as HTMLElement);
    const plain = within(header).getByRole('searchbox', { name: SEARCH_PLACEHOLDER }) as HTMLInputElement;
    expect(plain.getAttribute('role')).toBeNull();
    plain.focus();
    fireEvent.input(plain, { target: { value: 'pro' } });
    await site;
    const live = (await within(header).findByRole('combobox', {
      name: SEARCH_PLACEHOLDER,
    })) as HTMLInputElement;
    await waitFor(() => expect(live.value).toBe('pro'));
    expect(document.activeElement).toBe(live);
    await waitFor(() => expect(optionTexts(header)).toHaveLength(3));
  });

  it('shows the results of what is typed and opens the highlighted one with Enter', async () => {
    happyDOM().setViewport({ width: 1280 });
    const site = await renderSite('/');
    const header = document.querySelector('.ss-header') as HTMLElement;
    const input = await within(header).findByRole('combobox', { name: SEARCH_PLACEHOLDER });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pro' } });
    await waitFor(() => expect(optionTexts(header)).toHaveLength(3));
    const [first, second, last] = within(header).getAllByRole('option');
    expect(first?.textContent).toContain('Promoted Content');
    expect(first?.querySelector('mark')?.textContent).toBe('Pro');
    expect(second?.textContent).toContain('Pro Football Talk');
    expect(last?.textContent).toBe('See all results for "pro"');
    expect(asked).toEqual(['pro']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(site.path()).toBe('/about/pro'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('submits the text to the search page when no row is highlighted', async () => {
    const site = await renderSite('/');
    const header = document.querySelector('.ss-header') as HTMLElement;
    const input = await within(header).findByRole('combobox', { name: SEARCH_PLACEHOLDER });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pro bowl' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(site.path()).toBe('/search?q=pro+bowl'));
  });
});

describe('live search in the mobile panel', () => {
  it('lists the results under the box and closes the panel on the chosen row', async () => {
    happyDOM().setViewport({ width: 400 });
    const site = await renderSite('/');
    // The mobile header arrives in its own chunk.
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const panel = screen.getByRole('dialog', { name: 'Search' });
    const input = within(panel).getByRole('combobox', { name: SEARCH_PLACEHOLDER });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'prom' } });
    await waitFor(() => expect(optionTexts(panel)).toHaveLength(3));
    fireEvent.click(within(panel).getAllByRole('option')[0] as HTMLElement);
    await waitFor(() => expect(site.path()).toBe('/promoted'));
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });
});
