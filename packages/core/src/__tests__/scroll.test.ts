// Scroll behaviour (spec 1 §4.6): the navigation hides past 150 px while scrolling down and comes back
// on scroll up; an open video pins past its layout's threshold (436, 411, 447 px); the page is read once
// per animation frame and only while someone watches.
import { describe, expect, it, vi } from 'vitest';
import { NAV_HIDE_SCROLL_PX, PIN_SCROLL_THRESHOLDS_PX } from '../constants.js';
import {
  createScrollWatcher,
  createVideoPinWatcher,
  isVideoPinned,
  navHiddenAfterScroll,
  type ScrollAdapter,
  videoPinThreshold,
} from '../scroll.js';

/** A page whose scroll position and animation frames the test drives. */
function fakePage(startY = 0) {
  let y = startY;
  const listeners = new Set<() => void>();
  let frames: Array<() => void> = [];
  const reads = vi.fn(() => y);
  const adapter: ScrollAdapter = {
    scrollY: reads,
    onScroll(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    requestFrame(callback) {
      frames.push(callback);
      return frames.length;
    },
    cancelFrame() {
      frames = [];
    },
  };
  return {
    adapter,
    reads,
    listenerCount: () => listeners.size,
    /** Scrolls to `to` with `events` scroll events, without running a frame. */
    scroll(to: number, events = 1) {
      y = to;
      for (let i = 0; i < events; i++) for (const l of listeners) l();
    },
    /** Runs the pending animation frames. */
    frame() {
      const pending = frames;
      frames = [];
      for (const f of pending) f();
    },
    pendingFrames: () => frames.length,
  };
}

describe('navHiddenAfterScroll', () => {
  it('hides only when scrolling down past 150 px', () => {
    expect(NAV_HIDE_SCROLL_PX).toBe(150);
    expect(navHiddenAfterScroll({ previousY: 100, y: 150, wasHidden: false })).toBe(false);
    expect(navHiddenAfterScroll({ previousY: 150, y: 151, wasHidden: false })).toBe(true);
    expect(navHiddenAfterScroll({ previousY: 0, y: 2000, wasHidden: false })).toBe(true);
  });

  it('shows on any scroll up, and near the top whatever the direction', () => {
    expect(navHiddenAfterScroll({ previousY: 900, y: 899, wasHidden: true })).toBe(false);
    expect(navHiddenAfterScroll({ previousY: 100, y: 120, wasHidden: true })).toBe(false);
    expect(navHiddenAfterScroll({ previousY: 500, y: 500, wasHidden: true })).toBe(true);
    expect(navHiddenAfterScroll({ previousY: 500, y: 500, wasHidden: false })).toBe(false);
  });
});

describe('video pinning', () => {
  it('uses the three thresholds of the spec by layout', () => {
    expect(PIN_SCROLL_THRESHOLDS_PX).toEqual([436, 411, 447]);
    expect(videoPinThreshold('teamDesktop')).toBe(436);
    expect(videoPinThreshold('mobile')).toBe(411);
    expect(videoPinThreshold('sportDesktop')).toBe(447);
  });

  it('pins once the page has scrolled past the video by more than the threshold', () => {
    expect(isVideoPinned({ y: 600 + 436, videoTop: 600, layout: 'teamDesktop' })).toBe(false);
    expect(isVideoPinned({ y: 600 + 437, videoTop: 600, layout: 'teamDesktop' })).toBe(true);
    expect(isVideoPinned({ y: 412, videoTop: 0, layout: 'mobile' })).toBe(true);
    expect(isVideoPinned({ y: 447, videoTop: 0, layout: 'sportDesktop' })).toBe(false);
  });
});

describe('createScrollWatcher', () => {
  it('reads the page once per animation frame however many scroll events come', () => {
    const page = fakePage();
    const watcher = createScrollWatcher(page.adapter);
    watcher.subscribe(() => undefined);
    page.reads.mockClear();
    page.scroll(400, 12);
    expect(page.pendingFrames()).toBe(1);
    expect(page.reads).not.toHaveBeenCalled();
    page.frame();
    expect(page.reads).toHaveBeenCalledTimes(1);
    expect(watcher.getSnapshot().navHidden).toBe(true);
  });

  it('notifies when the navigation hides and when it comes back, not on every frame', () => {
    const page = fakePage();
    const watcher = createScrollWatcher(page.adapter);
    const listener = vi.fn();
    watcher.subscribe(listener);
    listener.mockClear();
    for (const y of [50, 120, 200, 400, 800]) {
      page.scroll(y);
      page.frame();
    }
    expect(listener).toHaveBeenCalledTimes(1);
    expect(watcher.getSnapshot()).toEqual({ y: 200, navHidden: true });
    page.scroll(780);
    page.frame();
    expect(watcher.getSnapshot().navHidden).toBe(false);
    page.scroll(900);
    page.frame();
    expect(watcher.getSnapshot().navHidden).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('stops listening after the last subscriber leaves', () => {
    const page = fakePage();
    const watcher = createScrollWatcher(page.adapter);
    const offA = watcher.subscribe(() => undefined);
    const offB = watcher.subscribe(() => undefined);
    expect(page.listenerCount()).toBe(1);
    offA();
    expect(page.listenerCount()).toBe(1);
    page.scroll(300);
    offB();
    expect(page.listenerCount()).toBe(0);
    expect(page.pendingFrames()).toBe(0);
  });
});

describe('createVideoPinWatcher', () => {
  it('pins and unpins as the page scrolls past the video and back', () => {
    const page = fakePage();
    const pinned = createVideoPinWatcher({ layout: 'mobile', videoTop: () => 300 }, page.adapter);
    const listener = vi.fn();
    pinned.subscribe(listener);
    expect(pinned.getSnapshot()).toBe(false);
    page.scroll(300 + 411);
    page.frame();
    expect(pinned.getSnapshot()).toBe(false);
    page.scroll(300 + 412);
    page.frame();
    expect(pinned.getSnapshot()).toBe(true);
    page.scroll(500);
    page.frame();
    expect(pinned.getSnapshot()).toBe(false);
  });
});
