/**
 * The new-items banner (spec 1 §4.7, spec 2 §4): "N new articles" once the poller found new items;
 * clicking it refreshes the list. After the page is scrolled more than 200 px it sticks to the top
 * of the viewport so the reader still sees it.
 * @module
 */
import { NEW_ITEMS_BANNER_FIXED_SCROLL_PX } from '@sportspyder/core';
import { useEffect, useState } from 'react';

/** Props of {@link NewItemsBanner}. */
export interface NewItemsBannerProps {
  /** New items found by the poller; nothing is shown at 0. */
  count: number;
  /** Reloads the list (and resets the poller). */
  onRefresh: () => void;
  /** The page's vertical scroll offset in px (e.g. from {@link useScrollY}); default 0. */
  scrollY?: number;
  /** The item noun, singular (default "article"). */
  noun?: string;
}

/** "1 new article", "3 new articles". */
export function newItemsLabel(count: number, noun = 'article'): string {
  return `${count} new ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The page's vertical scroll offset, updated on scroll (passive listener; 0 outside a browser).
 *
 * @example
 * ```tsx
 * const scrollY = useScrollY();
 * <NewItemsBanner count={count} onRefresh={refresh} scrollY={scrollY} />
 * ```
 */
export function useScrollY(): number {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onScroll = () => setY(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return y;
}

/**
 * The "N new articles" button above a feed.
 *
 * @example
 * ```tsx
 * <NewItemsBanner count={poller.count} onRefresh={reload} scrollY={useScrollY()} />
 * ```
 */
export function NewItemsBanner({ count, onRefresh, scrollY = 0, noun }: NewItemsBannerProps) {
  if (count <= 0) return null;
  const fixed = scrollY > NEW_ITEMS_BANNER_FIXED_SCROLL_PX;
  return (
    <div className={`ss-new-items${fixed ? ' is-fixed' : ''}`} data-testid="new-items-banner">
      <button type="button" className="ss-new-items__button" onClick={onRefresh}>
        {newItemsLabel(count, noun)}
      </button>
    </div>
  );
}
