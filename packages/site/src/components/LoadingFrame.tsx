/**
 * The placeholder shown while the session or reference data needed to decide a page is loading.
 * @module
 */

/** A quiet loading state that keeps the layout's height so the footer does not jump. */
export function LoadingFrame({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="ss-loading" role="status" aria-live="polite">
      <span className="ss-loading__spinner" aria-hidden="true" />
      <span className="ss-visually-hidden">{label}</span>
    </div>
  );
}
