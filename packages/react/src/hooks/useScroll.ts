/**
 * Scroll behaviour in React (spec 1 §4.6): whether the navigation is hidden, and whether an open
 * video is pinned, over core's scroll watchers (passive listeners, one read per animation frame).
 * @module
 */
import {
  createScrollWatcher,
  createVideoPinWatcher,
  type Observable,
  type ScrollWatcher,
  type VideoLayout,
} from '@sportspyder/core';
import { type RefObject, useMemo } from 'react';
import { useStore } from './useStore.js';

// One watcher per page: every component that asks shares its listener and its frame.
let pageWatcher: ScrollWatcher | undefined;

const neverPinned: Observable<boolean> = { subscribe: () => () => undefined, getSnapshot: () => false };

/**
 * True while the navigation is hidden: the reader scrolled down past 150 px and has not scrolled up since.
 *
 * @example
 * ```tsx
 * const hidden = useNavHidden();
 * return <div className={hidden ? 'topbar is-hidden' : 'topbar'}>…</div>;
 * ```
 */
export function useNavHidden(): boolean {
  pageWatcher ??= createScrollWatcher();
  return useStore(pageWatcher).navHidden;
}

/**
 * True while the open video in `ref` is pinned: the page has scrolled past the video's top by more
 * than its layout's threshold (436 px in a desktop team column, 411 px on mobile, 447 px in a desktop
 * sport column). Always false while `active` is false (no video open).
 *
 * @example
 * ```tsx
 * import { useRef } from 'react';
 *
 * const box = useRef<HTMLDivElement>(null);
 * const pinned = useVideoPinned(box, 'teamDesktop', isOpen);
 * ```
 */
export function useVideoPinned(
  ref: RefObject<HTMLElement | null>,
  layout: VideoLayout,
  active: boolean,
): boolean {
  const store = useMemo(
    () =>
      active
        ? createVideoPinWatcher({
            layout,
            videoTop: () => {
              const box = ref.current;
              return box ? box.getBoundingClientRect().top + window.scrollY : Number.POSITIVE_INFINITY;
            },
          })
        : neverPinned,
    [ref, layout, active],
  );
  return useStore(store);
}
