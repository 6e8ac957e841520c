/**
 * Keeps the active tab of a horizontally scrolling tab bar in view (issue "First-run quality": on a
 * phone the team tabs are cut at "Podcast…", and a reader who opened Roster or Widgets could not see
 * which tab they were on). Scrolls the bar only, never the page.
 * @module
 */
import { type RefObject, useEffect } from 'react';

/** Scrolls `bar` so its `.active` child is fully visible whenever `key` (the URL) changes. */
export function useActiveTabInView(bar: RefObject<HTMLElement | null>, key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab changes with the URL (key)
  useEffect(() => {
    const nav = bar.current;
    const active = nav?.querySelector<HTMLElement>('.active');
    if (!nav || !active) return;
    const left = active.offsetLeft - nav.offsetLeft;
    const right = left + active.offsetWidth;
    if (left < nav.scrollLeft) nav.scrollLeft = left;
    else if (right > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = right - nav.clientWidth;
  }, [bar, key]);
}
