/**
 * The "Downloads" list of My Podcasts (issue 49): the episodes downloaded on this device, each with its
 * play button and "Remove", and how much of the bound they use. It needs no API read, so it works
 * offline: the list keeps the episodes as they were when downloaded, the spoiler shield's mark included
 * (`episode.spoiler`, issue 49): a title that gave a hidden result away then stays blurred here behind a
 * reveal control, and its play and remove buttons are named after the podcast, as in every episode list.
 * @module
 */
import {
  EPISODE_DOWNLOADS_MAX,
  EPISODE_DOWNLOADS_MAX_BYTES,
  type EpisodeDownload,
  episodeName,
  formatBytes,
} from '@sportspyder/core';
import { PlayButton, SpoilerBlur } from '@sportspyder/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEpisodeToggle } from '../player/useSitePlayer.js';
import { useEpisodeDownloads } from './episodeDownloads.js';
import './offline.css';

function DownloadRow({ item, onRemove }: { item: EpisodeDownload; onRemove: () => void }) {
  const { state, toggle } = useEpisodeToggle(item.episode);
  // A revealed title names the buttons again.
  const [revealed, setRevealed] = useState(false);
  const name = revealed ? item.episode.title : episodeName(item.episode);
  return (
    <li className="ss-downloads__item">
      <PlayButton state={state} title={name} onClick={toggle} size={20} />
      <div className="ss-downloads__text">
        <SpoilerBlur
          hidden={item.episode.spoiler === true}
          text={item.episode.title}
          onReveal={() => setRevealed(true)}
        >
          <Link to={`/podcasts/${item.episode.podcastId}/episodes/${item.episode.id}`}>
            {item.episode.title}
          </Link>
        </SpoilerBlur>
        <span className="ss-downloads__meta">
          {item.episode.podcast.title} · {formatBytes(item.bytes)}
        </span>
      </div>
      <button
        type="button"
        className="ss-button ss-button--secondary"
        onClick={onRemove}
        aria-label={`Remove the download of ${name}`}
      >
        Remove
      </button>
    </li>
  );
}

/** The downloads of this device. */
export function DownloadsList() {
  const { store, snapshot } = useEpisodeDownloads();
  if (!snapshot.supported) return null;
  const used = snapshot.downloads.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section className="ss-downloads" aria-labelledby="ss-downloads-title">
      <h2 id="ss-downloads-title" className="ss-section-title">
        Downloads
      </h2>
      {snapshot.downloads.length === 0 ? (
        <p className="ss-page__description">
          Episodes you download with “Download for offline” play here without a connection.
        </p>
      ) : (
        <>
          <p className="ss-page__description">
            {snapshot.downloads.length} of {EPISODE_DOWNLOADS_MAX} episodes, {formatBytes(used)} of{' '}
            {formatBytes(EPISODE_DOWNLOADS_MAX_BYTES)}.
          </p>
          <ul className="ss-downloads__list">
            {snapshot.downloads.map((item) => (
              <DownloadRow
                key={item.episode.id}
                item={item}
                onRemove={() => void store.remove(item.episode.id)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
