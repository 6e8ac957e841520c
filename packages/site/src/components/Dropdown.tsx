/**
 * A button that opens a panel below it (account menu, user bar menus, the visitor's bell panel).
 * Closes on a second press, Escape, a click outside, and after a link inside is followed.
 * A `menu` follows the WAI-ARIA menu button pattern: opened from the keyboard (Enter, Space, Down)
 * its first item takes focus (Up: the last); Up and Down move between items and wrap, Home and End
 * jump; Escape closes and gives focus back to the button; Tab closes and moves on.
 * @module
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';

const ITEM_SELECTOR = '[role="menuitem"]';

/** Moves focus among a menu's items: `next` from the focused one, or to `first`/`last`. */
function focusItem(panel: HTMLElement | null, where: 'next' | 'previous' | 'first' | 'last'): void {
  if (!panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(ITEM_SELECTOR));
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const index =
    where === 'first'
      ? 0
      : where === 'last'
        ? items.length - 1
        : where === 'next'
          ? (current + 1) % items.length
          : (current - 1 + items.length) % items.length;
  items[index]?.focus();
}

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
  // Where focus goes once a menu opened from the keyboard has rendered its items.
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  // Following a link inside changes the location: close then, whatever the link's kind.
  // Only a change of page closes it, not the effect's first run (a click made before it must stand).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    setOpen(false);
  }, [location.key]);

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

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    focusItem(panel.current, focusOnOpen);
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  const onButtonKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (kind !== 'menu') return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if ((event.key === 'Enter' || event.key === ' ') && !open) {
      event.preventDefault();
      setOpen(true);
      setFocusOnOpen('first');
    }
  };

  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
      ArrowDown: 'next',
      ArrowUp: 'previous',
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusItem(panel.current, move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const panelClass = `ss-dropdown__panel ss-dropdown__panel--${align}`;
  const panelLabel = typeof label === 'string' ? label : ariaLabel;
  return (
    <div ref={wrapper} className={`ss-dropdown${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}>
      <button
        ref={button}
        type="button"
        className={buttonClassName ?? 'ss-dropdown__toggle'}
        aria-haspopup={kind === 'menu' ? 'menu' : 'dialog'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open &&
        (kind === 'menu' ? (
          <div
            ref={panel}
            id={panelId}
            className={panelClass}
            role="menu"
            aria-label={panelLabel}
            tabIndex={-1}
            onKeyDown={onMenuKey}
          >
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
