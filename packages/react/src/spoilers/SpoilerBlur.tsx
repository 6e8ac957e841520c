/**
 * A line hidden by the spoiler shield (issue 49): a blurred copy that assistive technology never reads
 * (`aria-hidden`, and plain text, so nothing in it takes focus), the words "Result hidden (spoiler
 * shield)" for screen readers, and a "Reveal" button that replaces the blur with the real content and
 * takes focus to it. The blur is the server's mark (`article.spoiler`); revealing a headline shows that
 * line on this page only (a game's score is revealed with the game, `GameCard`'s control).
 * @module
 */
import { RESULT_HIDDEN_LABEL, REVEAL_LABEL } from '@sportspyder/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Props of {@link SpoilerBlur}. */
export interface SpoilerBlurProps {
  /** Whether the shield hides the content; when false the children render as they are. */
  hidden: boolean;
  /** The text the blurred copy shows (never read aloud, never focusable). */
  text: string;
  /** The real content, rendered once revealed. */
  children: ReactNode;
  /** Called when the member reveals it. */
  onReveal?: () => void;
}

/**
 * Blurs `text` behind a reveal control while `hidden`.
 *
 * @example
 * ```tsx
 * <SpoilerBlur hidden text="Packers beat Bears 24-17">
 *   <a href="https://news.example/recap">Packers beat Bears 24-17</a>
 * </SpoilerBlur>
 * ```
 */
export function SpoilerBlur({ hidden, text, children, onReveal }: SpoilerBlurProps) {
  const [revealed, setRevealed] = useState(false);
  const shown = useRef<HTMLSpanElement>(null);
  const focusAfterReveal = useRef(false);
  useEffect(() => {
    if (revealed && focusAfterReveal.current) {
      focusAfterReveal.current = false;
      shown.current?.focus();
    }
  }, [revealed]);
  if (!hidden || revealed) {
    return revealed ? (
      <span ref={shown} tabIndex={-1} className="ss-spoiler-revealed">
        {children}
      </span>
    ) : (
      children
    );
  }
  return (
    <span className="ss-spoiler" data-testid="spoiler-blur">
      <span className="ss-spoiler__text" aria-hidden="true">
        {text}
      </span>
      <span className="ss-spoiler__label">{RESULT_HIDDEN_LABEL}</span>
      <button
        type="button"
        className="ss-spoiler__reveal"
        onClick={() => {
          focusAfterReveal.current = true;
          setRevealed(true);
          onReveal?.();
        }}
      >
        {REVEAL_LABEL}
      </button>
    </span>
  );
}
