/**
 * The empty state of a list or box: a title and a sentence (spec 2 §8), e.g. "No Articles" /
 * "There are no recent articles for {player}".
 * @module
 */
import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** The heading, e.g. the core's `NO_ARTICLES_TITLE`; optional for one-line states. */
  title?: string;
  /** The sentence, e.g. the core's `NO_GAMES_TEXT`. */
  text?: string;
  /** Extra content (a link, a button). */
  children?: ReactNode;
}

/**
 * An empty list's message.
 *
 * @example
 * ```tsx
 * <EmptyState title={NO_ARTICLES_TITLE} text={noPlayerArticlesText(fantasyPlayer.name)} />
 * ```
 */
export function EmptyState({ title, text, children }: EmptyStateProps) {
  return (
    <div className="ss-empty" role="status">
      {title && <h3 className="ss-empty__title">{title}</h3>}
      {text && <p className="ss-empty__text">{text}</p>}
      {children}
    </div>
  );
}
