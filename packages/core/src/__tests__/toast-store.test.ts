// Toasts disappear after 2.5 s (spec 1 §2.9), driven with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../constants.js';
import { createToastStore } from '../toast-store.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ToastStore', () => {
  it('shows a toast and dismisses it after 2500 ms', () => {
    const toasts = createToastStore();
    const listener = vi.fn();
    toasts.subscribe(listener);
    toasts.show('Signed out successfully');
    expect(toasts.getSnapshot()).toEqual([{ id: 1, text: 'Signed out successfully', kind: 'success' }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(TOAST_DURATION_MS).toBe(2500);
  });

  it('keeps each toast its own lifetime and allows early dismissal', () => {
    const toasts = createToastStore();
    const first = toasts.show('one', 'info');
    vi.advanceTimersByTime(1000);
    toasts.show('two', 'error');
    const before = toasts.getSnapshot();
    expect(toasts.getSnapshot()).toBe(before);
    vi.advanceTimersByTime(1500);
    expect(toasts.getSnapshot().map((t) => t.text)).toEqual(['two']);
    toasts.dismiss(first); // already gone: nothing changes
    const id = toasts.show('three');
    toasts.dismiss(id);
    expect(toasts.getSnapshot().map((t) => t.text)).toEqual(['two']);
    toasts.clear();
    expect(toasts.getSnapshot()).toEqual([]);
  });
});
