/**
 * A small modal confirmation (e.g. removing a followed team, spec 2 §4): a question, a sentence and
 * the confirm and Cancel buttons. Cancel gets the focus, Tab stays inside, Escape cancels.
 * @module
 */
import { useEffect, useId, useRef } from 'react';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The question. */
  title: string;
  /** What confirming does. */
  text: string;
  /** The confirm button's label. */
  confirmLabel: string;
  /** Runs the action. */
  onConfirm: () => void;
  /** Closes the dialog without acting. */
  onCancel: () => void;
}

/** The confirmation dialog. */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
      // Tab stays inside the modal (WAI-ARIA dialog pattern): from the last button to the first and back.
      if (event.key === 'Tab' && box.current) {
        const buttons = [...box.current.querySelectorAll('button')];
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className="ss-confirm">
      <div
        ref={box}
        className="ss-confirm__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>{title}</h2>
        <p>{text}</p>
        <div className="ss-confirm__actions">
          <button ref={cancel} type="button" className="ss-button ss-button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="ss-button ss-button--danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
