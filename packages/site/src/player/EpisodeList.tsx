/**
 * Episode rows with their play buttons (spec 3 "play button states": Play, Loading/Playing showing
 * Pause, Completed): artwork, title linking to the episode page, podcast, date, and either the
 * duration or, once started on this device, the listened share and the time left. A title the
 * spoiler shield marks (`episode.spoiler`, issue 49) is blurred behind a reveal control, as an article
 * card's headline is, and the play button is then named after the podcast.
 * @module
 */
import type { EpisodeContext } from '@sportspyder/core';
import { episodeArtwork, episodeName, listenProgressPercent, remainingLabel } from '@sportspyder/core';
import {
  AdList,
  formatDuration,
  type ListAds,
  PlayButton,
  SpoilerBlur,
  timeAgo,
  useLinkComponent,
} from '@sportspyder/react';
import { useState } from 'react';
import { type ListEpisode, useEpisodeToggle, useSitePlayer } from './useSitePlayer.js';

/** Props of {@link EpisodeItem}. */
export interface EpisodeItemProps {
  /** The episode. */
  episode: ListEpisode;
  /** Its page. */
  href: string;
  /** The page context sent with a play. */
  context?: EpisodeContext | null | undefined;
  /** Shows the podcast title (lists mixing podcasts). */
  showPodcast?: boolean | undefined;
  /** An extra action (e.g. a delete button of a listen). */
  action?: React.ReactNode;
}

/** One episode row. */
export function EpisodeItem({ episode, href, context, showPodcast = true, action }: EpisodeItemProps) {
  const Link = useLinkComponent();
  const player = useSitePlayer();
  const { state, toggle } = useEpisodeToggle(episode, context);
  const memory = player.getMemory();
  const current = player.getSnapshot();
  const isCurrent = current.episode?.id === episode.id;
  const saved = isCurrent ? current.time : (memory.times[String(episode.id)] ?? 0);
  const duration =
    (isCurrent ? current.duration : null) ?? memory.durations[String(episode.id)] ?? episode.duration;
  const speed = current.speed;
  const percent = state === 'completed' ? 100 : listenProgressPercent(saved, duration);
  const publishedAt = episode.publishedAt;
  const artwork = episodeArtwork(episode);
  // A revealed title names the play button again.
  const [revealed, setRevealed] = useState(false);
  return (
    <li className={`ss-episode-item${isCurrent ? ' is-current' : ''}`} data-testid="episode-item">
      <PlayButton state={state} title={revealed ? episode.title : episodeName(episode)} onClick={toggle} />
      {artwork ? (
        <img className="ss-episode-item__art" src={artwork} alt="" width={56} height={56} loading="lazy" />
      ) : null}
      <div className="ss-episode-item__body">
        <SpoilerBlur
          hidden={episode.spoiler === true}
          text={episode.title}
          onReveal={() => setRevealed(true)}
        >
          <Link href={href} className="ss-episode-item__title">
            {episode.title}
          </Link>
        </SpoilerBlur>
        <p className="ss-episode-item__meta">
          {showPodcast && <span>{episode.podcast.title}</span>}
          {publishedAt && <span>{timeAgo(publishedAt)}</span>}
          {state === 'completed' ? (
            <span className="ss-episode-item__done">Completed</span>
          ) : saved > 0 && duration ? (
            <span className="ss-episode-item__progress">
              {percent}% · {remainingLabel(saved, duration, speed)}
            </span>
          ) : (
            duration != null && <span>{formatDuration(duration)}</span>
          )}
        </p>
        {percent > 0 && percent < 100 && (
          <div className="ss-episode-item__bar" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      {action}
    </li>
  );
}

/** Props of {@link EpisodeList}. */
export interface EpisodeListProps {
  /** The episodes. */
  episodes: readonly ListEpisode[];
  /** Page of an episode. */
  hrefFor: (episode: ListEpisode) => string;
  /** The page context sent with plays. */
  context?: EpisodeContext | null | undefined;
  /** Shows the podcast of each episode (default true). */
  showPodcast?: boolean | undefined;
  /** Ad slots of the podcast table (spec 2 §9), given only when ads show. */
  ads?: ListAds | null | undefined;
}

/** A list of episode rows, with the podcast lists' ad slots when `ads` is given. */
export function EpisodeList({ episodes, hrefFor, context, showPodcast = true, ads }: EpisodeListProps) {
  return (
    <AdList className="ss-episode-items" list="podcasts" ads={ads} adClassName="ss-episode-items__ad">
      {episodes.map((episode) => (
        <EpisodeItem
          key={episode.id}
          episode={episode}
          href={hrefFor(episode)}
          context={context}
          showPodcast={showPodcast}
        />
      ))}
    </AdList>
  );
}
