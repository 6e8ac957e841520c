// The header's live search box (spec 1 §4.3) with its store over the network (msw): the ARIA
// combobox a screen reader reads, opening and closing, arrows with wrap-around and "see all" last,
// Enter on a row or on the text, blank submit, highlighted letters, and a stale answer never
// replacing a newer one.
import type { LiveSearchResult } from '@sportspyder/contract';
import { createClient, SEARCH_PLACEHOLDER, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SportSpyderProvider } from '../../SportSpyderProvider.js';
import { LiveSearchCombobox } from '../LiveSearchCombobox.js';
import { useLiveSearch } from '../useLiveSearch.js';

const team = (id: number, name: string, url: string, label = 'NFL'): LiveSearchResult => ({
  id: `team-${id}`,
  name,
  url,
  logo: null,
  label,
});

const ANSWERS: Record<string, LiveSearchResult[]> = {
  kan: [
    team(1, 'Kansas City Chiefs', '/nfl/kansas-city-chiefs/news'),
    team(2, 'Kansas City Royals', '/mlb/kansas-city-royals/news', 'MLB'),
    team(3, 'Kansas Jayhawks', '/ncaab/kansas-jayhawks/news', 'NCAAB'),
  ],
  ch: [team(4, 'Chelsea', '/premier/chelsea/news', 'Premier')],
  chi: [
    team(5, 'Chicago Bears', '/nfl/chicago-bears/news'),
    team(6, 'Chicago Bulls', '/nba/chicago-bulls/news'),
  ],
};

// Answers held back until released, to make an old answer arrive after a newer one.
const held = new Map<string, Promise<void>>();
const server = setupServer(
  http.get('http://localhost/api/v1/search/live_results', async ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    await held.get(q);
    return HttpResponse.json({ liveResults: ANSWERS[q] ?? [] });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let client: SportSpyderClient;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

function Box() {
  const search = useLiveSearch({ debounceMs: 20 });
  return (
    <>
      <LiveSearchCombobox
        query={search.query}
        onQueryChange={search.setQuery}
        results={search.results}
        term={search.term}
        loading={search.status === 'loading'}
        onNavigate={navigate}
        placeholder={SEARCH_PLACEHOLDER}
      />
      <p>outside</p>
    </>
  );
}

function renderBox() {
  render(
    <SportSpyderProvider client={client}>
      <Box />
    </SportSpyderProvider>,
  );
  return screen.getByRole('combobox', { name: SEARCH_PLACEHOLDER });
}

/** What a screen reader reads of a row: its text without the decorative parts. */
function spoken(element: Element | null | undefined): string | null {
  if (!element) return null;
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent;
}

/** The option whose text contains `text` (names are read from the text: happy-dom spaces out `<mark>`). */
function findOption(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.queryAllByRole('option').find((o) => spoken(o)?.includes(text));
    if (!option) throw new Error(`no option "${text}"`);
    return option;
  });
}

async function typeAndWait(input: HTMLElement, text: string, first: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  await findOption(first);
}

const optionNames = () => screen.queryAllByRole('option').map(spoken);
const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? spoken(document.getElementById(id)) : null;
};

beforeEach(() => {
  held.clear();
  client = createClient({
    baseUrl: 'http://localhost',
    storage: memoryStorage(),
    realtime: createFakeCable(),
  });
  navigate = vi.fn<(path: string) => void>();
});
afterEach(() => {
  cleanup();
});

describe('LiveSearchCombobox', () => {
  it('is a collapsed combobox that controls a listbox until something is typed', () => {
    const input = renderBox();
    fireEvent.focus(input);
    expect(input).toHaveProperty('type', 'search');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(listbox?.hidden).toBe(true);
  });

  it('opens with the results and "see all" as the last row, matched letters marked', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual([
      'Kansas City ChiefsNFL',
      'Kansas City RoyalsMLB',
      'Kansas JayhawksNCAAB',
      'See all results for "kan"',
    ]);
    const marks = [...document.querySelectorAll('[role=option] mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Kan', 'Kan', 'Kan']);
    expect(screen.getByRole('status').textContent).toContain('3 suggestions');
  });

  it('moves the highlight with the arrows, wrapping around, and announces it', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).toBe('Kansas City RoyalsMLB');
    expect(spoken(screen.getByRole('option', { selected: true }))).toBe('Kansas City RoyalsMLB');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).toBe('See all results for "kan"');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).toBe('Kansas City ChiefsNFL');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)).toBe('See all results for "kan"');
  });

  it('Enter goes to the highlighted result, closes the list and empties the box', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith('/mlb/kansas-city-royals/news');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('Enter on "see all" goes to the search page of the term', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith('/search?q=kan');
  });

  it('with nothing highlighted, submitting goes to /search?q=term; a blank submit drops q', async () => {
    const input = renderBox();
    await typeAndWait(input, '  kan ', 'Kansas City Chiefs');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(navigate).toHaveBeenLastCalledWith('/search?q=kan');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(navigate).toHaveBeenLastCalledWith('/search');
  });

  it('a click on a row goes to it', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    fireEvent.click(await findOption('Kansas Jayhawks'));
    expect(navigate).toHaveBeenCalledWith('/ncaab/kansas-jayhawks/news');
  });

  it('closes on Escape and on an outside click, and opens again on focus or typing', async () => {
    const input = renderBox();
    await typeAndWait(input, 'kan', 'Kansas City Chiefs');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'kans' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('never shows a slow answer for "ch" over the answer for "chi"', async () => {
    let release = () => {};
    held.set(
      'ch',
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ch' } });
    await new Promise((resolve) => setTimeout(resolve, 60));
    fireEvent.change(input, { target: { value: 'chi' } });
    await findOption('Chicago Bears');
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 60));
    });
    expect(optionNames()).toEqual(['Chicago BearsNFL', 'Chicago BullsNFL', 'See all results for "chi"']);
  });

  it('says so when nothing matches, keeping "see all"', async () => {
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('No suggestions'));
    expect(optionNames()).toEqual(['See all results for "zzzz"']);
  });
});
