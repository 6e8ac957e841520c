/**
 * Whether the page's boot is over: the load event has fired and the browser then had an idle moment
 * (or 2 s passed). For parts of the frame no first screen shows (the player bar, which appears only
 * once an episode is loaded, and the sticky ad): mounted with the page, their chunks, stores and
 * renders ran inside the first screen's render on a phone's slow CPU (issue 46: total blocking time).
 * @module
 */
import { useEffect, useState } from 'react';

/** The longest wait for an idle moment after load. */
export const AFTER_BOOT_TIMEOUT_MS = 2000;

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

let booted = false;

/**
 * Calls `callback` once the page has loaded and been idle; returns the function that cancels it.
 * Without `requestIdleCallback` (Safari, the tests' DOM) a zero timeout after load stands in.
 */
export function whenBooted(callback: () => void): () => void {
  if (booted) {
    callback();
    return () => undefined;
  }
  const w = window as IdleWindow;
  let cancel: () => void = () => undefined;
  const done = () => {
    booted = true;
    callback();
  };
  const afterLoad = () => {
    if (w.requestIdleCallback) {
      const handle = w.requestIdleCallback(done, { timeout: AFTER_BOOT_TIMEOUT_MS });
      cancel = () => w.cancelIdleCallback?.(handle);
    } else {
      const handle = setTimeout(done, 0);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}

/** False during the page's boot, then true for good (see {@link whenBooted}). */
export function useAfterBoot(): boolean {
  const [ready, setReady] = useState(booted);
  useEffect(() => {
    if (ready) return;
    return whenBooted(() => setReady(true));
  }, [ready]);
  return ready;
}
