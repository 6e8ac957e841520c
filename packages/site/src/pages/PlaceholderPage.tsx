/**
 * The frame of a page whose content arrives with a later issue: its real title and heading, and one
 * sentence saying what it will show. No invented data.
 * @module
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** Props of {@link PlaceholderPage}. */
export interface PlaceholderPageProps {
  /** Page title (the tab shows "<title> | SportSpyder"; the heading shows it too unless `heading` is set). */
  title: string;
  /** Heading when it differs from the title. */
  heading?: string;
  /** What the page will show. */
  description: ReactNode;
  /** Extra content below the description (real links, real data). */
  children?: ReactNode;
}

/** A titled page frame with a description. */
export function PlaceholderPage({ title, heading, description, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{heading ?? title}</h1>
      </header>
      <div className="ss-card">
        <p className="ss-page__description">{description}</p>
        {children}
      </div>
    </article>
  );
}
