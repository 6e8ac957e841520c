/**
 * What a list loading its next page by scrolling says (spec 2 §9): "Loading more…" while a page is on
 * its way, or that it failed (scrolling again retries), in a live region so screen readers hear it.
 * The pager below the list stays the way on for everyone.
 * @module
 */

/** Props of {@link InfiniteScrollStatus}. */
export interface InfiniteScrollStatusProps {
  /** A page is loading. */
  loading: boolean;
  /** The last load failed. */
  failed: boolean;
}

/** The live status line under an infinitely scrolled list. */
export function InfiniteScrollStatus({ loading, failed }: InfiniteScrollStatusProps) {
  return (
    // A div (no margins while empty), always there: a live region announces changes only once present.
    <div className="ss-infinite-status" role="status" aria-live="polite">
      {loading
        ? 'Loading more…'
        : failed
          ? 'More could not be loaded. Scroll again or use the pages below.'
          : ''}
    </div>
  );
}
