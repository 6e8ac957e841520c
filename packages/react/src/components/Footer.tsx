/**
 * The site footer (spec 1 §2.7).
 * @module
 */
import { copyrightYears } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from './Link.js';

/** A social network link in the footer. */
export interface SocialLink {
  /** Network name, used as the accessible label. */
  label: string;
  /** Absolute URL of the profile. */
  href: string;
}

/** SportSpyder's profiles on social networks. */
export const DEFAULT_SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'X (Twitter)', href: 'https://twitter.com/sportspyder' },
  { label: 'Facebook', href: 'https://www.facebook.com/sportspyder' },
  { label: 'Mastodon', href: 'https://mastodon.social/@sportspyder' },
];

/** Props of {@link Footer}. */
export interface FooterProps {
  /** Today (defaults to the clock); the copyright runs from 2005 to its year. */
  now?: Date;
  /** Social links (defaults to {@link DEFAULT_SOCIAL_LINKS}). */
  socialLinks?: readonly SocialLink[];
  /** Link component override (defaults to the {@link LinkProvider}'s). */
  LinkComponent?: LinkComponent;
}

/**
 * Social links, Feedback, the copyright "© 2005-{year} SportSpyder", About, Contact Us, Advertise,
 * Privacy and the non-affiliation disclaimer.
 *
 * @example
 * ```tsx
 * <Footer />
 * ```
 */
export function Footer({ now, socialLinks = DEFAULT_SOCIAL_LINKS, LinkComponent }: FooterProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <footer className="ss-footer">
      <div className="ss-footer__inner">
        <ul className="ss-footer__social" aria-label="SportSpyder on social networks">
          {socialLinks.map((social) => (
            <li key={social.href}>
              <a href={social.href} target="_blank" rel="noopener noreferrer">
                {social.label}
              </a>
            </li>
          ))}
          <li>
            <Link href="/contact/1">Feedback</Link>
          </li>
        </ul>
        <nav className="ss-footer__links" aria-label="About SportSpyder">
          <Link href="/about">About</Link>
          <Link href="/contact">Contact Us</Link>
          <Link href="/contact/5">Advertise</Link>
          <Link href="/privacy">Privacy</Link>
        </nav>
        <p className="ss-footer__copyright">© {copyrightYears(now)} SportSpyder</p>
        <p className="ss-footer__disclaimer">
          SportSpyder is an independent news aggregator. It is not affiliated with, endorsed by or sponsored
          by the NFL, NBA, MLB, NHL, MLS, WNBA, the Premier League, the NCAA or any team or league. Team names
          and marks belong to their owners; articles belong to their publishers.
        </p>
      </div>
    </footer>
  );
}
