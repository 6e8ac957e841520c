/**
 * /my/podcasts (spec 3 §2): members are sent to their podcast settings; visitors see that only
 * podcasts played on this device are listed, with a Sign in link, and up to 8 recently played
 * podcasts (from this device's listens).
 * @module
 */
import type { PodcastListen } from '@sportspyder/contract';
import { DASHBOARD_RECENT_LISTENS } from '@sportspyder/core';
import { EmptyState, useSession } from '@sportspyder/react';
import { Link, Navigate } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { rememberLoginOrigin } from '../guards/loginOrigin.js';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';
import { DownloadsList } from '../offline/DownloadsList.js';
import { useRecentListens } from '../player/useRecentListens.js';
import './podcasts/podcasts.css';

/** The device-only notice of /my/podcasts. */
export const DEVICE_PODCASTS_TEXT = 'Only podcasts played on this device are listed here.';

/** The distinct podcasts of `listens`, most recent first, at most `max`. */
export function recentPodcasts(listens: readonly PodcastListen[], max = DASHBOARD_RECENT_LISTENS) {
  const seen = new Set<number>();
  const podcasts: PodcastListen['podcastEpisode']['podcast'][] = [];
  for (const listen of listens) {
    const podcast = listen.podcastEpisode.podcast;
    if (seen.has(podcast.id)) continue;
    seen.add(podcast.id);
    podcasts.push(podcast);
    if (podcasts.length === max) break;
  }
  return podcasts;
}

function DevicePodcasts() {
  const listens = useRecentListens(DASHBOARD_RECENT_LISTENS);
  if (!listens.data) return <p className="ss-loading-text">Loading…</p>;
  const podcasts = recentPodcasts(listens.data.podcastListens);
  if (podcasts.length === 0) {
    return <EmptyState title="No podcasts yet" text="Podcasts you play on this device will show up here." />;
  }
  return (
    <ul className="ss-recent-podcasts" aria-label="Recently played podcasts">
      {podcasts.map((podcast) => (
        <li key={podcast.id}>
          <Link to={`/podcasts/${podcast.id}`}>
            {podcast.imageUrl && <img src={podcast.imageUrl} alt="" width={64} height={64} loading="lazy" />}
            <span>{podcast.shortTitle || podcast.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** My Podcasts for visitors, a redirect for members. */
export function MyPodcastsPage() {
  const { loading, loggedIn } = useSession();
  useDocumentTitle('My Podcasts');
  if (loading) return <LoadingFrame />;
  if (loggedIn) return <Navigate to="/settings/podcasts" replace />;
  return (
    <article className="ss-page ss-my-podcasts">
      <header className="ss-page__header">
        <h1 className="ss-page__title">My Podcasts</h1>
      </header>
      <p className="ss-podcasts-notice">
        <span>{DEVICE_PODCASTS_TEXT}</span>{' '}
        <Link
          to="/login"
          state={{ from: '/my/podcasts' }}
          onClick={() => rememberLoginOrigin('/my/podcasts')}
        >
          Sign in
        </Link>{' '}
        to sync your podcasts across devices.
      </p>
      <DevicePodcasts />
      <DownloadsList />
    </article>
  );
}
