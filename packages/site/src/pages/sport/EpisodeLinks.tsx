/**
 * A compact list of podcast episodes (home blocks, sport popular page): the podcast artwork, the
 * episode title linking to its page and the podcast title. Shared by the home and sport pages.
 * @module
 */
import type { PodcastEpisode } from '@sportspyder/contract';
import { episodeArtwork } from '@sportspyder/core';
import { episodeHref, SpoilerBlur, useLinkComponent } from '@sportspyder/react';
import './sport.css';

/** Props of {@link EpisodeLinks}. */
export interface EpisodeLinksProps {
  /** The episodes to list. */
  episodes: readonly PodcastEpisode[];
  /** Renders bigger cards (the featured episodes). */
  big?: boolean;
}

/** A list of episode links. */
export function EpisodeLinks({ episodes, big = false }: EpisodeLinksProps) {
  const Link = useLinkComponent();
  if (episodes.length === 0) return null;
  return (
    <ul className={big ? 'ss-episodes ss-episodes--big' : 'ss-episodes'}>
      {episodes.map((episode) => {
        const artwork = episodeArtwork(episode);
        const size = big ? 96 : 48;
        return (
          <li key={episode.id} className="ss-episodes__item">
            {artwork ? (
              <img
                className="ss-episodes__image"
                src={artwork}
                alt=""
                width={size}
                height={size}
                loading="lazy"
              />
            ) : (
              // Same room as the artwork, so episodes without one line up with the others.
              <span className="ss-episodes__image" style={{ width: size, height: size }} aria-hidden="true" />
            )}
            <div>
              <SpoilerBlur hidden={episode.spoiler === true} text={episode.title}>
                <Link href={episodeHref(episode)} className="ss-episodes__title">
                  {episode.title}
                </Link>
              </SpoilerBlur>
              <p className="ss-episodes__podcast">{episode.podcast.title}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
