/**
 * The frame of the static pages (about, features, PRO, members, publishers, developers, privacy,
 * promoted, featured, version): the tab title, one h1 with an introduction, then the page's
 * sections, each a card with an h2, and the links to the other about pages.
 * @module
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import './about.css';

/** Props of {@link StaticPage}. */
export interface StaticPageProps {
  /** The tab title and, unless `heading` is given, the h1. */
  title: string;
  /** The h1 when it differs from the title. */
  heading?: string;
  /** The introduction under the heading. */
  intro: ReactNode;
  /** The sections (usually {@link StaticSection}s). */
  children: ReactNode;
}

/** The about pages the "More about SportSpyder" links list. */
export const ABOUT_LINKS: readonly { href: string; label: string }[] = [
  { href: '/about', label: 'About SportSpyder' },
  { href: '/about/features', label: 'Feature guide' },
  { href: '/about/members', label: 'For members' },
  { href: '/about/pro', label: 'SportSpyder PRO' },
  { href: '/about/publishers', label: 'For publishers' },
  { href: '/about/developers', label: 'For developers' },
  { href: '/privacy', label: 'Privacy policy' },
  { href: '/contact', label: 'Contact us' },
];

/** A static page. */
export function StaticPage({ title, heading, intro, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article className="ss-page ss-static">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{heading ?? title}</h1>
        <p className="ss-static__intro">{intro}</p>
      </header>
      {children}
      <nav className="ss-static__more" aria-label="More about SportSpyder">
        <h2 className="ss-static__more-title">More about SportSpyder</h2>
        <ul>
          {ABOUT_LINKS.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

/** Props of {@link StaticSection}. */
export interface StaticSectionProps {
  /** The section's h2. */
  title: string;
  children: ReactNode;
}

/** One titled section of a static page. */
export function StaticSection({ title, children }: StaticSectionProps) {
  return (
    <section className="ss-card ss-static__section" aria-label={title}>
      <h2 className="ss-static__title">{title}</h2>
      {children}
    </section>
  );
}
