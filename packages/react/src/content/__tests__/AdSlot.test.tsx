// Ad slots (spec 1 §4.5, spec 2 §9): a named, sized, empty box a publisher's script fills; it announces
// itself, and again when the reader comes back after more than 30 s away (not after 29 s); lists
// interleave slots at the table's positions and wait while the ad decision is not known.
import { createClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SportSpyderProvider } from '../../SportSpyderProvider.js';
import { AD_REFRESH_EVENT, AD_SLOT_EVENT, AdList, AdSlot, type AdSlotEventDetail } from '../AdSlot.js';
import { ArticleList } from '../ArticleList.js';
import { makeArticle } from './content-fixtures.js';

let visibility: 'visible' | 'hidden' = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

function withClient(node: React.ReactNode) {
  const client = createClient({
    baseUrl: 'http://localhost',
    storage: memoryStorage(),
    realtime: createFakeCable(),
    location: () => 'http://localhost/',
  });
  return <SportSpyderProvider client={client}>{node}</SportSpyderProvider>;
}

function setVisibility(next: 'visible' | 'hidden') {
  act(() => {
    visibility = next;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Collects the slot events that reach the document. */
function listen(type: string) {
  const events: AdSlotEventDetail[] = [];
  const onEvent = (event: Event) => events.push((event as CustomEvent<AdSlotEventDetail>).detail);
  document.addEventListener(type, onEvent);
  return { events, stop: () => document.removeEventListener(type, onEvent) };
}

describe('AdSlot', () => {
  it('is an empty, labelled box with its name and size, reserved before any ad', () => {
    render(<AdSlot list="articles" context="team" platform="desktop" slot={2} />);
    const slot = screen.getByRole('group', { name: 'Advertisement' });
    expect(slot.tagName).toBe('DIV');
    expect(slot.getAttribute('data-ad-name')).toBe('team-articles-desktop-2');
    expect(slot.getAttribute('data-ad-size')).toBe('300x250');
    expect(slot.getAttribute('data-ad-refresh')).toBe('0');
    expect(slot.style.minHeight).toBe('250px');
    expect(slot.style.maxWidth).toBe('300px');
    expect(slot.childElementCount).toBe(0);
    expect(document.querySelector('script')).toBeNull();
  });

  it('sizes the sticky and full-width slots', () => {
    render(
      <>
        <AdSlot list="sticky" platform="mobile" />
        <AdSlot list="home" platform="desktop" slot={0} />
      </>,
    );
    const [sticky, home] = screen.getAllByTestId('ad-slot');
    expect(sticky?.getAttribute('data-ad-name')).toBe('sticky-mobile');
    expect(sticky?.getAttribute('data-ad-size')).toBe('320x50');
    expect(sticky?.style.minHeight).toBe('50px');
    expect(home?.getAttribute('data-ad-name')).toBe('home-desktop-0');
    expect(home?.getAttribute('data-ad-size')).toBe('728x90');
  });

  it('announces itself to the page when it appears', () => {
    const appeared = listen(AD_SLOT_EVENT);
    render(<AdSlot list="podcasts" platform="mobile" slot={3} />);
    appeared.stop();
    expect(appeared.events).toEqual([{ name: 'podcasts-mobile-3', size: '300x250', refresh: 0 }]);
  });

  it('re-announces itself when the tab comes back after more than 30 s hidden', () => {
    vi.useFakeTimers();
    const refreshed = listen(AD_REFRESH_EVENT);
    render(withClient(<AdSlot list="articles" platform="desktop" slot={2} />));
    const slot = screen.getByTestId('ad-slot');

    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(29_000));
    setVisibility('visible');
    expect(slot.getAttribute('data-ad-refresh')).toBe('0');
    expect(refreshed.events).toEqual([]);

    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(31_000));
    setVisibility('visible');
    expect(slot.getAttribute('data-ad-refresh')).toBe('1');
    expect(refreshed.events).toEqual([{ name: 'articles-desktop-2', size: '300x250', refresh: 1 }]);
    refreshed.stop();
  });

  it('re-announces itself when the window comes back after more than 30 s unfocused', () => {
    vi.useFakeTimers();
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    render(withClient(<AdSlot list="sidebar" platform="desktop" slot={0} />));
    const slot = screen.getByTestId('ad-slot');
    const before = Number(slot.getAttribute('data-ad-refresh'));
    act(() => {
      focused = false;
      window.dispatchEvent(new Event('blur'));
      vi.advanceTimersByTime(31_000);
    });
    act(() => {
      focused = true;
      window.dispatchEvent(new Event('focus'));
    });
    expect(Number(slot.getAttribute('data-ad-refresh'))).toBe(before + 1);
  });
});

const names = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix} ${i}`);

describe('AdList', () => {
  it('puts a slot after the items at the table positions, in list items of its own', () => {
    render(
      <AdList
        className="things"
        list="videos"
        ads={{ context: 'team', platform: 'desktop' }}
        adClassName="thing-ad"
      >
        {names('video').map((name) => (
          <li key={name}>{name}</li>
        ))}
      </AdList>,
    );
    const rows = Array.from(document.querySelectorAll('.things > li')).map((li) =>
      li.classList.contains('thing-ad')
        ? `ad ${li.querySelector('[data-ad-name]')?.getAttribute('data-ad-name')}`
        : li.textContent,
    );
    expect(rows.filter((row) => row?.startsWith('ad'))).toEqual([
      'ad team-videos-desktop-2',
      'ad team-videos-desktop-5',
      'ad team-videos-desktop-9',
    ]);
    expect(rows.indexOf('ad team-videos-desktop-2')).toBe(rows.indexOf('video 2') + 1);
  });

  it('shows no slot without ads', () => {
    render(
      <AdList list="posts" ads={null} adClassName="x">
        {names('post').map((name) => (
          <li key={name}>{name}</li>
        ))}
      </AdList>,
    );
    expect(screen.queryAllByTestId('ad-slot')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });
});

describe('ArticleList while the ad decision is pending', () => {
  it('shows its loading line, not the items, until it is known', () => {
    const articles = Array.from({ length: 13 }, (_, i) => makeArticle({ title: `A${i}` }));
    const { rerender } = render(<ArticleList articles={articles} platform="desktop" adsVisible={null} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);
    expect(screen.queryAllByTestId('ad-slot')).toHaveLength(0);
    rerender(<ArticleList articles={articles} platform="desktop" adsVisible />);
    expect(screen.getAllByTestId('article-card')).toHaveLength(13);
    expect(screen.getAllByTestId('ad-slot')).toHaveLength(3);
  });
});
