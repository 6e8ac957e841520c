/**
 * "Download for offline" on an episode (issue 49): stores the episode's audio so the player plays it
 * without a connection; once downloaded, the same place offers "Remove download". Shown only where the
 * audio can be downloaded (core `canDownloadEpisode`): the site's own audio for anyone, a podcast host's
 * for members (it comes through the server's relay, which answers members only).
 * @module
 */
import type { PodcastEpisode } from '@sportspyder/contract';
import { canDownloadEpisode, DownloadError } from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { useState } from 'react';
import { useEpisodeDownloads } from './episodeDownloads.js';
import './offline.css';

/** The download control of `episode`. */
export function DownloadButton({ episode }: { episode: PodcastEpisode }) {
  const { store, snapshot } = useEpisodeDownloads();
  const { loggedIn } = useSession();
  const [message, setMessage] = useState<string | null>(null);
  if (!snapshot.supported || !canDownloadEpisode(episode, window.location.href, loggedIn)) return null;
  const downloaded = snapshot.downloads.some((item) => item.episode.id === episode.id);
  const pending = snapshot.pending.includes(episode.id);
  const onClick = async () => {
    setMessage(null);
    try {
      if (downloaded) {
        await store.remove(episode.id);
        setMessage('Download removed.');
      } else {
        await store.download(episode);
        setMessage('Downloaded: this episode plays offline.');
      }
    } catch (error) {
      setMessage(error instanceof DownloadError ? error.message : 'The download failed. Try again later.');
    }
  };
  return (
    <div className="ss-download">
      <button type="button" className="ss-button ss-download__button" onClick={onClick} disabled={pending}>
        {pending ? 'Downloading…' : downloaded ? 'Remove download' : 'Download for offline'}
      </button>
      <p className="ss-download__message" role="status">
        {message}
      </p>
    </div>
  );
}
