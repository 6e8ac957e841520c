/**
 * Whether an element has come within a margin of the viewport (and then stays true): for parts of a
 * page that cost a chunk and API reads but are seldom on the first screen. On a phone the team page's
 * chat sits below the feed; mounting it with the page made its code and two chat reads compete with the
 * feed for the phone's CPU and network (issue 46: the team page's total blocking time).
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How far outside the viewport an element counts as near, so it is ready when scrolled to. */
export const NEAR_VIEWPORT_MARGIN = '400px';

/**
 * A ref callback for the element, and whether it has been near the viewport. Without an
 * IntersectionObserver (old browsers, tests' DOM) everything counts as near at once.
 *
 * @example
 * ```tsx
 * const [ref, near] = useNearViewport<HTMLDivElement>();
 * return <div ref={ref}>{near ? <Heavy /> : null}</div>;
 * ```
 */
export function useNearViewport<T extends Element>(): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        watch.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    watch.observe(element);
    observer.current = watch;
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, near];
}
