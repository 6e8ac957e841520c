/**
 * The toast messages (spec 1 §2.9): shown for 2.5 s by the core toast store, announced politely.
 * @module
 */
import type { Toast } from '@sportspyder/core';

/** Props of {@link ToastList}. */
export interface ToastListProps {
  /** The toasts to show, oldest first (the core store's snapshot). */
  toasts: readonly Toast[];
  /** Called with a toast id when its close button is pressed; no button without it. */
  onDismiss?: (id: number) => void;
}

/**
 * Renders the toasts in a live region. The region is always in the page so screen readers pick up
 * toasts that appear later.
 *
 * @example
 * ```tsx
 * const client = useClient();
 * <ToastList toasts={useToasts()} onDismiss={(id) => client.toasts.dismiss(id)} />
 * ```
 */
export function ToastList({ toasts, onDismiss }: ToastListProps) {
  return (
    <div className="ss-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`ss-toast ss-toast--${toast.kind}`}>
          <span className="ss-toast__text">{toast.text}</span>
          {onDismiss && (
            <button
              type="button"
              className="ss-toast__close"
              aria-label="Dismiss message"
              onClick={() => onDismiss(toast.id)}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
