/**
 * A news source box (spec 2 §2 discover and source pages, §4): favicon and name, the description
 * preview with "see more" / "show less", the volume ("N articles/day"), the last-article label, up
 * to 2 team names, and the Subscribe / Unsubscribe button (the sign-in prompt for visitors).
 * @module
 */
import type { Source } from '@sportspyder/contract';
import { articlesPerDayLabel, sourceLastArticleLabel } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { ExpandableDescription } from './ExpandableDescription.js';
import { SubscribeButton } from './SubscribeButton.js';

/** Team names shown on a source box (spec 2 §9). */
export const SOURCE_BOX_MAX_TEAMS = 2;

/** Props of {@link SourceBox}. */
export interface SourceBoxProps {
  /** The source. */
  source: Source;
  /** True when a member is signed in. */
  loggedIn: boolean;
  /** Subscribes or unsubscribes (members); may return a promise. */
  onToggle: (source: Source) => unknown;
  /** Opens the sign-in / join prompt (visitors). */
  onSignInRequired: () => void;
  /** Where the source's name links (default `/sources/{id}/news`). */
  href?: string;
  /** The reference day of the last-article label (default: today). */
  now?: Date;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
  /** Heading level of the name: 3 (default) in a list under a heading, 2 right below a page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * One source with its subscribe button.
 *
 * @example
 * ```tsx
 * <SourceBox source={source} loggedIn={loggedIn} onToggle={toggleSource} onSignInRequired={openJoin} />
 * ```
 */
export function SourceBox({
  source,
  loggedIn,
  onToggle,
  onSignInRequired,
  href,
  now,
  LinkComponent,
  headingLevel = 3,
}: SourceBoxProps) {
  const Link = useLinkComponent(LinkComponent);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = source.domain.label || source.domain.name;
  const teams = source.teams.slice(0, SOURCE_BOX_MAX_TEAMS);
  return (
    <article className="ss-source" data-testid="source-box">
      <header className="ss-source__header">
        {source.domain.favicon && (
          <img className="ss-source__favicon" src={source.domain.favicon} alt="" width={32} height={32} />
        )}
        <div className="ss-source__heading">
          <Heading className="ss-source__name">
            <Link href={href ?? `/sources/${source.id}/news`}>{name}</Link>
          </Heading>
          {teams.length > 0 && (
            <p className="ss-source__teams">{teams.map((team) => team.shortName || team.name).join(', ')}</p>
          )}
        </div>
        <SubscribeButton
          following={source.following}
          loggedIn={loggedIn}
          onToggle={() => onToggle(source)}
          onSignInRequired={onSignInRequired}
          name={name}
        />
      </header>
      <ExpandableDescription text={source.description ?? source.domain.description} />
      <p className="ss-source__stats">
        <span className="ss-source__volume">{articlesPerDayLabel(source.dailyVolume)}</span>
        <span className="ss-source__last">{sourceLastArticleLabel(source.lastArticle?.createdAt, now)}</span>
      </p>
    </article>
  );
}
