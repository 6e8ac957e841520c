/**
 * The error pages of spec 1 §8: not found (404), server error (500) and too many tries (429).
 * The headings come from the core's text constants, word for word as the spec has them.
 * @module
 */
import { NOT_FOUND_TEXT, SERVER_ERROR_TEXT } from '@sportspyder/core';
import type { ReactNode } from 'react';
import { type LinkComponent, useLinkComponent } from './Link.js';

/** The too-many-tries page heading. */
export const TOO_MANY_TRIES_TEXT = 'Too many tries';

/** A team offered as a way back in from the 404 page. */
export interface ErrorPageTeam {
  /** Team slug. */
  slug: string;
  /** Sport slug of the team. */
  sportSlug: string;
  /** Name shown on the link. */
  fullName: string;
}

/** Props shared by the error pages. */
export interface ErrorPageProps {
  /** Link component override (defaults to the {@link LinkProvider}'s). */
  LinkComponent?: LinkComponent;
}

/** Props of {@link NotFoundPage}. */
export interface NotFoundPageProps extends ErrorPageProps {
  /** Teams linked under "Popular teams" (their news pages). */
  teams?: readonly ErrorPageTeam[];
}

function Frame({ kind, title, children }: { kind: string; title: string; children: ReactNode }) {
  return (
    <section className={`ss-error ss-error--${kind}`} aria-labelledby={`ss-error-${kind}`}>
      <h1 id={`ss-error-${kind}`} className="ss-error__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * The 404 page: the spec's sentence, Home and Search links, and links to teams.
 *
 * @example
 * ```tsx
 * <NotFoundPage teams={popularTeams} />
 * ```
 */
export function NotFoundPage({ teams = [], LinkComponent }: NotFoundPageProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <Frame kind="not-found" title={NOT_FOUND_TEXT}>
      <p className="ss-error__text">
        It may have moved, or the address may be mistyped. Try one of these instead:
      </p>
      <p className="ss-error__actions">
        <Link href="/" className="ss-button">
          Home
        </Link>
        <Link href="/search" className="ss-button ss-button--secondary">
          Search
        </Link>
      </p>
      {teams.length > 0 && (
        <nav className="ss-error__teams" aria-label="Popular teams">
          <h2>Popular teams</h2>
          <ul>
            {teams.map((team) => (
              <li key={`${team.sportSlug}/${team.slug}`}>
                <Link href={`/${team.sportSlug}/${team.slug}/news`}>{team.fullName}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Frame>
  );
}

/**
 * The 500 page: the spec's sentence, that the team is notified, and a contact link.
 *
 * @example
 * ```tsx
 * <ServerErrorPage />
 * ```
 */
export function ServerErrorPage({ LinkComponent }: ErrorPageProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <Frame kind="server-error" title={SERVER_ERROR_TEXT}>
      <p className="ss-error__text">
        Our team has been notified and is looking into it. Please try again in a moment.
      </p>
      <p className="ss-error__text">
        If the problem continues, <Link href="/contact/1">contact us</Link> and tell us what you were doing.
      </p>
      <p className="ss-error__actions">
        <Link href="/" className="ss-button">
          Home
        </Link>
      </p>
    </Frame>
  );
}

/**
 * The too-many-tries page shown after a 429: why requests are limited, and a contact link to /contact/1.
 *
 * @example
 * ```tsx
 * <TooManyTriesPage />
 * ```
 */
export function TooManyTriesPage({ LinkComponent }: ErrorPageProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <Frame kind="too-many-tries" title={TOO_MANY_TRIES_TEXT}>
      <p className="ss-error__text">
        To protect SportSpyder from bots and abuse, we limit how many requests can be made in a short time,
        and this limit was reached. Please wait a minute, then try again.
      </p>
      <p className="ss-error__text">
        If you think this is a mistake, please <Link href="/contact/1">contact us</Link>.
      </p>
    </Frame>
  );
}

/** Which error page {@link ErrorPage} shows. */
export type ErrorPageVariant = 'not-found' | 'server-error' | 'too-many-tries';

/** Props of {@link ErrorPage}. */
export interface ErrorPageSwitchProps extends NotFoundPageProps {
  /** The page to show. */
  variant: ErrorPageVariant;
}

/**
 * Shows one of the three error pages by name.
 *
 * @example
 * ```tsx
 * <ErrorPage variant="too-many-tries" />
 * ```
 */
export function ErrorPage({ variant, ...props }: ErrorPageSwitchProps) {
  if (variant === 'not-found') return <NotFoundPage {...props} />;
  if (variant === 'too-many-tries') return <TooManyTriesPage LinkComponent={props.LinkComponent} />;
  return <ServerErrorPage LinkComponent={props.LinkComponent} />;
}
