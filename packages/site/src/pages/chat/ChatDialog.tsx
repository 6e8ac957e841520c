/**
 * The modal dialog of the chat screens (spec 3 §2 modals), after the WAI-ARIA dialog pattern: a
 * labelled `role="dialog"` with `aria-modal`, focus moved inside on open (the first field, else
 * the first button), Tab and Shift+Tab kept inside, Escape and the backdrop closing it, and the
 * focus given back to what had it. Router-free, so the chat embed can reuse it under preact/compat.
 * @module
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

/** Props of {@link ChatDialog}. */
export interface ChatDialogProps {
  /** The heading, which also names the dialog. */
  title: string;
  /** Closes the dialog (Escape, the backdrop, the close button). */
  onClose: () => void;
  /** The body. */
  children: ReactNode;
  /** The buttons under the body. */
  actions?: ReactNode;
  /** A sentence describing the dialog, read with its name. */
  description?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A chat modal. */
export function ChatDialog({ title, onClose, children, actions, description }: ChatDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = box.current;
    const first =
      root?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])') ??
      root?.querySelector<HTMLElement>('.ss-chat-dialog__body button:not([disabled])') ??
      root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const head = items[0] as HTMLElement;
      const tail = items[items.length - 1] as HTMLElement;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Back to where the member was, unless that element left the page meanwhile.
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a mouse shortcut; Escape and the close button are the keyboard's
    <div
      className="ss-chat-dialog"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className="ss-chat-dialog__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      >
        <div className="ss-chat-dialog__head">
          <h2 id={titleId} className="ss-chat-dialog__title">
            {title}
          </h2>
          <button type="button" className="ss-chat-dialog__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="ss-chat-dialog__description">
            {description}
          </p>
        )}
        <div className="ss-chat-dialog__body">{children}</div>
        {actions && <div className="ss-chat-dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}
