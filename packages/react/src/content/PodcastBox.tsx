/**
 * A podcast box (spec 2 §2 podcast cards, §4): artwork with an optional play / pause disc, title
 * and author, the description preview with "see more" / "show less", the last-episode label
 * ("New episode today", ...), an optional volume, and the Subscribe / Unsubscribe button (the
 * sign-in prompt for visitors).
 * @module
 */
import type { Podcast } from '@sportspyder/contract';
import { lastEpisodeLabel, podcastsPerMonthLabel } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { ExpandableDescription } from './ExpandableDescription.js';
import { SubscribeButton } from './SubscribeButton.js';

/** Props of {@link PodcastBox}. */
export interface PodcastBoxProps {
  /** The podcast. */
  podcast: Podcast;
  /** True when a member is signed in. */
  loggedIn: boolean;
  /** Subscribes or unsubscribes (members); may return a promise. */
  onToggle: (podcast: Podcast) => unknown;
  /** Opens the sign-in / join prompt (visitors). */
  onSignInRequired: () => void;
  /** Episodes per month, when known (custom feeds): shown as "N podcasts/month". */
  monthlyVolume?: number;
  /** Where the title links (default `/podcasts/{id}`). */
  href?: string;
  /** True while this podcast's latest episode plays (the disc shows Pause). */
  playing?: boolean;
  /** Plays or pauses the latest episode; no disc without it. */
  onPlayToggle?: (podcast: Podcast) => void;
  /** The reference day of the last-episode label (default: today). */
  now?: Date;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
  /** Heading level of the title: 3 (default) in a list under a heading, 2 right below a page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * One podcast with its subscribe button.
 *
 * @example
 * ```tsx
 * <PodcastBox podcast={podcast} loggedIn={loggedIn} onToggle={togglePodcast} onSignInRequired={openJoin} />
 * ```
 */
export function PodcastBox({
  podcast,
  loggedIn,
  onToggle,
  onSignInRequired,
  monthlyVolume,
  href,
  playing = false,
  onPlayToggle,
  now,
  LinkComponent,
  headingLevel = 3,
}: PodcastBoxProps) {
  const Link = useLinkComponent(LinkComponent);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = podcast.shortTitle || podcast.title;
  return (
    <article className="ss-podcast" data-testid="podcast-box">
      <div className="ss-podcast__art">
        {podcast.imageUrl && <img src={podcast.imageUrl} alt="" width={80} height={80} loading="lazy" />}
        {onPlayToggle && podcast.lastEpisode && (
          <button
            type="button"
            className={`ss-podcast__disc${playing ? ' is-playing' : ''}`}
            aria-label={playing ? `Pause ${title}` : `Play ${title}`}
            aria-pressed={playing}
            onClick={() => onPlayToggle(podcast)}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
        )}
      </div>
      <div className="ss-podcast__body">
        <header className="ss-podcast__header">
          <div>
            <Heading className="ss-podcast__title">
              <Link href={href ?? `/podcasts/${podcast.id}`}>{title}</Link>
            </Heading>
            {podcast.author && <p className="ss-podcast__author">{podcast.author}</p>}
          </div>
          <SubscribeButton
            following={podcast.following}
            loggedIn={loggedIn}
            onToggle={() => onToggle(podcast)}
            onSignInRequired={onSignInRequired}
            name={title}
          />
        </header>
        <ExpandableDescription text={podcast.description ?? podcast.summary} />
        <p className="ss-podcast__stats">
          <span className="ss-podcast__last">{lastEpisodeLabel(podcast.lastEpisode?.publishedAt, now)}</span>
          {monthlyVolume != null && (
            <span className="ss-podcast__volume">{podcastsPerMonthLabel(monthlyVolume)}</span>
          )}
        </p>
      </div>
    </article>
  );
}
