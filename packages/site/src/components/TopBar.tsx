/**
 * The sticky top of every page (spec 1 §4.6): the header and the navigation stay at the top of the
 * viewport, slide away while the reader scrolls down past 150 px and come back on the first scroll up.
 * They also come back whenever keyboard focus is inside them (a hidden control must never hold focus)
 * and while one of their panels is open.
 * @module
 */
import { useNavHidden } from '@sportspyder/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The CSS variable holding how much of the viewport's top the bar covers (its height while shown,
 * 0 while hidden): fixed elements (the new-items button) and anchor jumps keep clear of it.
 */
export const TOP_BAR_OFFSET_VAR = '--ss-topbar-offset';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  /** The header (and navigation) to keep at the top. */
  children: ReactNode;
  /** True while something inside must stay visible (an open panel). */
  keepVisible?: boolean;
  /** Extra class (the mobile header's bar). */
  className?: string;
}

/** The sticky, hide-on-scroll wrapper of the header. */
export function TopBar({ children, keepVisible = false, className }: TopBarProps) {
  const navHidden = useNavHidden();
  const [focusInside, setFocusInside] = useState(false);
  const hidden = navHidden && !focusInside && !keepVisible;
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    // A custom property on the root restyles the whole document, so it is only set when it changes.
    let published = '';
    const publish = (value: string) => {
      if (value === published) return;
      published = value;
      root.setProperty(TOP_BAR_OFFSET_VAR, value);
    };
    const cleanUp = () => root.removeProperty(TOP_BAR_OFFSET_VAR);
    if (hidden) {
      publish('0px');
      return cleanUp;
    }
    if (typeof ResizeObserver === 'undefined') {
      publish(`${element.offsetHeight}px`);
      return cleanUp;
    }
    // The bar's height changes with the user bar (members) and the mobile panels. The observer reports
    // it after the browser's own layout, once at once and then on every change: reading offsetHeight
    // here instead forced a layout of the whole page in the middle of the first render (measured on the
    // join page: most of its script time before the first paint, docs/decisions/performance-and-caching.md).
    const observer = new ResizeObserver((entries) => {
      const size = entries[entries.length - 1]?.borderBoxSize?.[0];
      publish(`${size ? size.blockSize : element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cleanUp();
    };
  }, [hidden]);
  // Focus moving into the bar (Tab from the page, a skip link back up) shows it at once.
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const onFocusIn = () => setFocusInside(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocusInside(false);
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return (
    <div
      ref={bar}
      className={`ss-topbar${hidden ? ' is-hidden' : ''}${className ? ` ${className}` : ''}`}
      data-testid="top-bar"
    >
      {children}
    </div>
  );
}
