// Ad refresh (spec 1 §4.5, §9): the counter goes up when the reader comes back after more than 30 s
// away (hidden tab or unfocused window), not after 29 s or exactly 30 s; the clock is vitest's fake
// one, the page a fake visibility/focus adapter (and the browser default over stubbed globals).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_REFRESH_UNFOCUSED_MS } from '../../constants.js';
import { browserPageFocus, createAdRefresh, type PageFocusAdapter } from '../ad-refresh.js';

/** A page whose visibility and focus the test switches. */
function fakePage() {
  let hidden = false;
  let focused = true;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const adapter: PageFocusAdapter = {
    isAway: () => hidden || !focused,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    adapter,
    listeners,
    hide() {
      hidden = true;
      emit();
    },
    show() {
      hidden = false;
      emit();
    },
    blur() {
      focused = false;
      emit();
    },
    focus() {
      focused = true;
      emit();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createAdRefresh', () => {
  it('refreshes after the tab was hidden for more than 30 s', () => {
    const page = fakePage();
    const refresh = createAdRefresh({ page: page.adapter });
    const seen: number[] = [];
    refresh.subscribe(() => seen.push(refresh.getSnapshot()));
    expect(AD_REFRESH_UNFOCUSED_MS).toBe(30_000);
    page.hide();
    vi.advanceTimersByTime(31_000);
    page.show();
    expect(refresh.getSnapshot()).toBe(1);
    expect(seen).toEqual([1]);
  });

  it.each([29_000, 30_000])('does not refresh after %i ms away', (ms) => {
    const page = fakePage();
    const refresh = createAdRefresh({ page: page.adapter });
    refresh.subscribe(() => undefined);
    page.hide();
    vi.advanceTimersByTime(ms);
    page.show();
    expect(refresh.getSnapshot()).toBe(0);
  });

  it('counts a window blur as unfocused, and the time from the first of blur and hide', () => {
    const page = fakePage();
    const refresh = createAdRefresh({ page: page.adapter });
    refresh.subscribe(() => undefined);
    page.blur();
    vi.advanceTimersByTime(20_000);
    page.hide(); // still away: the period keeps its start
    vi.advanceTimersByTime(11_000);
    page.show(); // visible but not focused: still away
    expect(refresh.getSnapshot()).toBe(0);
    page.focus();
    expect(refresh.getSnapshot()).toBe(1);
  });

  it('refreshes once per return, and each return is measured on its own', () => {
    const page = fakePage();
    const refresh = createAdRefresh({ page: page.adapter });
    refresh.subscribe(() => undefined);
    page.blur();
    vi.advanceTimersByTime(40_000);
    page.focus();
    page.focus(); // a second focus event without leaving is no return
    expect(refresh.getSnapshot()).toBe(1);
    page.blur();
    vi.advanceTimersByTime(10_000);
    page.focus();
    page.blur();
    vi.advanceTimersByTime(25_000);
    page.focus(); // 10 s + 25 s in two short absences: no refresh
    expect(refresh.getSnapshot()).toBe(1);
    page.hide();
    vi.advanceTimersByTime(60_000);
    page.show();
    expect(refresh.getSnapshot()).toBe(2);
  });

  it('watches only while subscribed', () => {
    const page = fakePage();
    const refresh = createAdRefresh({ page: page.adapter });
    expect(page.listeners.size).toBe(0);
    const off = refresh.subscribe(() => undefined);
    expect(page.listeners.size).toBe(1);
    off();
    expect(page.listeners.size).toBe(0);
  });

  it('counts an absence that began before the first subscriber from the subscription', () => {
    const page = fakePage();
    page.hide();
    const refresh = createAdRefresh({ page: page.adapter });
    vi.advanceTimersByTime(5_000);
    refresh.subscribe(() => undefined);
    vi.advanceTimersByTime(31_000);
    page.show();
    expect(refresh.getSnapshot()).toBe(1);
  });
});

describe('browserPageFocus', () => {
  function stubBrowser() {
    const docListeners = new Map<string, () => void>();
    const winListeners = new Map<string, () => void>();
    const doc = {
      visibilityState: 'visible',
      focused: true,
      hasFocus() {
        return this.focused;
      },
      addEventListener: (type: string, listener: () => void) => docListeners.set(type, listener),
      removeEventListener: (type: string) => docListeners.delete(type),
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) =>
      winListeners.set(type, listener),
    );
    vi.stubGlobal('removeEventListener', (type: string) => winListeners.delete(type));
    return { doc, docListeners, winListeners };
  }

  it('reads hidden pages and unfocused windows as away, and refreshes through them', () => {
    const browser = stubBrowser();
    const refresh = createAdRefresh({ page: browserPageFocus() });
    const off = refresh.subscribe(() => undefined);
    expect([...browser.docListeners.keys()]).toEqual(['visibilitychange']);
    expect([...browser.winListeners.keys()].sort()).toEqual(['blur', 'focus']);

    browser.doc.visibilityState = 'hidden';
    browser.docListeners.get('visibilitychange')?.();
    vi.advanceTimersByTime(31_000);
    browser.doc.visibilityState = 'visible';
    browser.docListeners.get('visibilitychange')?.();
    expect(refresh.getSnapshot()).toBe(1);

    browser.doc.focused = false;
    browser.winListeners.get('blur')?.();
    vi.advanceTimersByTime(31_000); // the blur is read one task later, then 31 s pass
    browser.doc.focused = true;
    browser.winListeners.get('focus')?.();
    expect(refresh.getSnapshot()).toBe(2);

    off();
    expect(browser.docListeners.size + browser.winListeners.size).toBe(0);
  });

  it('does not count focus moving into an iframe of the page as leaving', () => {
    const browser = stubBrowser();
    const refresh = createAdRefresh({ page: browserPageFocus() });
    refresh.subscribe(() => undefined);
    // The window blurs, but the page (through its iframe) still has focus once it settles.
    browser.winListeners.get('blur')?.();
    vi.advanceTimersByTime(60_000);
    browser.winListeners.get('focus')?.();
    expect(refresh.getSnapshot()).toBe(0);
  });
});
