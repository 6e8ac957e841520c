/**
 * Scroll positions across navigations, as browsers keep them for ordinary pages: a new page opens at
 * the top (or at its `#hash`), and Back or Forward returns to where the reader was on that entry, also
 * after a reload of the tab (positions kept in sessionStorage). React Router's own ScrollRestoration
 * needs its data router, which the site does not load (docs/decisions/performance-and-caching.md).
 * @module
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'ss-scroll-positions';
/** Entries remembered: older ones are dropped first (a long session stays a small storage item). */
const MAX_ENTRIES = 50;
/**
 * How long a restore waits for the page to grow tall enough: on Back the page may first show its
 * loading frame (a lazy route, data not yet in memory), and the saved position only exists once the
 * list is back.
 */
const RESTORE_WAIT_MS = 3000;
/** What the reader does that ends a pending restore: they have started to move on their own. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to `y` once the document is tall enough, watching it grow; gives up after RESTORE_WAIT_MS
 * or at the reader's first input. Answers the function that cancels it.
 */
function restoreWhenTallEnough(y: number): () => void {
  const reachable = () => document.documentElement.scrollHeight - window.innerHeight >= y;
  if (reachable()) {
    window.scrollTo(0, y);
    return () => undefined;
  }
  window.scrollTo(0, 0);
  const observer = new ResizeObserver(() => {
    if (!reachable()) return;
    window.scrollTo(0, y);
    stop();
  });
  const timer = window.setTimeout(() => {
    // As far as the page goes: the list may be shorter than when it was left.
    window.scrollTo(0, y);
    stop();
  }, RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

function readPositions(): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused (private mode): positions are kept for this page's life only.
  }
}

/** Keeps and restores the window's scroll position per history entry (see the module comment). */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read once per mount; written back when the page is hidden (a reload, another site).
  const [positions] = useState(readPositions);
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        // Deleted first so the entry moves to the end: the oldest entries are the ones dropped.
        positions.delete(currentKey.current);
        positions.set(currentKey.current, window.scrollY);
      });
    };
    const onPageHide = () => writePositions(positions);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [positions]);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) return restoreWhenTallEnough(saved);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // A first load keeps where the browser put it (zero); a new entry starts at the top.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType, positions]);
}
