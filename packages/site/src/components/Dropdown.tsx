/**
 * A button that opens a panel below it (account menu, user bar menus, the visitor's bell panel).
 * Closes on a second press, Escape, a click outside, and after a link inside is followed.
 * @module
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** Props of {@link Dropdown}. */
export interface DropdownProps {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the toggle when its content is not text. */
  ariaLabel?: string;
  /** Class of the wrapper. */
  className?: string;
  /** Class of the toggle button. */
  buttonClassName?: string;
  /** `menu` for lists of actions (sets ARIA menu semantics), `dialog` for an informative panel. */
  kind?: 'menu' | 'dialog';
  /** Which edge of the button the panel aligns to. */
  align?: 'start' | 'end';
  /** Panel content. */
  children: ReactNode;
}

/** A disclosure button with its panel. */
export function Dropdown({
  label,
  ariaLabel,
  className,
  buttonClassName,
  kind = 'menu',
  align = 'start',
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  // Following a link inside changes the location: close then, whatever the link's kind.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const panelClass = `ss-dropdown__panel ss-dropdown__panel--${align}`;
  const panelLabel = typeof label === 'string' ? label : ariaLabel;
  return (
    <div ref={wrapper} className={`ss-dropdown${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        className={buttonClassName ?? 'ss-dropdown__toggle'}
        aria-haspopup={kind === 'menu' ? 'menu' : 'dialog'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open &&
        (kind === 'menu' ? (
          <div id={panelId} className={panelClass} role="menu" aria-label={panelLabel}>
            {children}
          </div>
        ) : (
          <div id={panelId} className={panelClass} role="dialog" aria-label={panelLabel}>
            {children}
          </div>
        ))}
    </div>
  );
}
