/**
 * My Podcasts in the settings (/settings/podcasts/:type?; spec 3 §2): tabs Latest (the latest
 * episodes of the followed podcasts, 25 per page), Following and Subscribed (the podcasts) and
 * Listens (the recent listens, 8, with delete), each with its empty state. Latest is the default.
 * @module
 */
import { listProfilePodcastEpisodes, listProfilePodcasts, setPodcastSubscription } from '@sportspyder/core';
import { EmptyState, Pagination, PodcastBox, useClient, useSession } from '@sportspyder/react';
import { Navigate, useParams } from 'react-router';
import { SettingsTabs } from '../../components/SettingsTabs.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { DownloadsList } from '../../offline/DownloadsList.js';
import { EpisodeList } from '../../player/EpisodeList.js';
import { RecentListens } from '../../player/RecentListens.js';
import { PODCAST_CONTENT_KEY, pagePath, usePageParam, usePodcastContent } from './usePodcastContent.js';
import './podcasts.css';

/** The tabs of My Podcasts, in order. */
export const PODCAST_SETTINGS_TABS = [
  { type: 'latest', label: 'Latest' },
  { type: 'following', label: 'Following' },
  { type: 'subscribed', label: 'Subscribed' },
  { type: 'listens', label: 'Listens' },
] as const;

/** A tab of My Podcasts. */
export type PodcastSettingsTab = (typeof PODCAST_SETTINGS_TABS)[number]['type'];

/** The empty state of the podcast tabs (spec 3 §9). */
export const NO_FOLLOWED_PODCASTS_TEXT = "You haven't followed any podcasts on the product yet.";

function LatestTab() {
  const client = useClient();
  const page = usePageParam();
  const episodes = usePodcastContent('profile-episodes', { page }, () =>
    listProfilePodcastEpisodes(client, { page }),
  );
  if (!episodes.data) return <p className="ss-loading-text">Loading…</p>;
  const list = episodes.data.podcastEpisodes;
  if (list.length === 0) return <EmptyState title="No episodes" text={NO_FOLLOWED_PODCASTS_TEXT} />;
  return (
    <>
      <EpisodeList
        episodes={list}
        hrefFor={(episode) => `/podcasts/${episode.podcast.id}/episodes/${episode.id}`}
      />
      <Pagination
        page={page}
        totalPages={episodes.data.meta.pagination.totalPages}
        hrefFor={(p) => pagePath('/settings/podcasts/latest', p)}
      />
    </>
  );
}

function PodcastsTab({ type }: { type: 'following' | 'subscribed' }) {
  const client = useClient();
  const page = usePageParam();
  const podcasts = usePodcastContent('profile-podcasts', { type, page }, () =>
    listProfilePodcasts(client, { type, page }),
  );
  if (!podcasts.data) return <p className="ss-loading-text">Loading…</p>;
  const list = podcasts.data.podcasts;
  if (list.length === 0) return <EmptyState title="No podcasts" text={NO_FOLLOWED_PODCASTS_TEXT} />;
  return (
    <>
      <div className="ss-podcast-grid">
        {list.map((podcast) => (
          <PodcastBox
            key={podcast.id}
            podcast={podcast}
            loggedIn
            onSignInRequired={() => undefined}
            onToggle={async (p) => {
              try {
                await setPodcastSubscription(client, {
                  podcast: { id: p.id, title: p.shortTitle || p.title },
                  subscribed: !p.following,
                });
                await client.cache.invalidate(PODCAST_CONTENT_KEY);
              } catch {
                client.toasts.show('Something went wrong. Try again.', 'error');
              }
            }}
          />
        ))}
      </div>
      <Pagination
        page={page}
        totalPages={podcasts.data.meta.pagination.totalPages}
        hrefFor={(p) => pagePath(`/settings/podcasts/${type}`, p)}
      />
    </>
  );
}

/** My Podcasts (members; the settings frame guards it). */
export function SettingsPodcastsPage() {
  const { type } = useParams();
  const { loggedIn } = useSession();
  useDocumentTitle('My Podcasts');
  const tab = (type ?? 'latest') as PodcastSettingsTab;
  if (!PODCAST_SETTINGS_TABS.some((t) => t.type === tab)) return <Navigate to="/settings/podcasts" replace />;
  return (
    <article className="ss-page ss-podcast-settings">
      <header className="ss-page__header">
        <h1 className="ss-page__title">My Podcasts</h1>
      </header>
      <SettingsTabs
        label="My Podcasts sections"
        base="/settings/podcasts"
        tabs={PODCAST_SETTINGS_TABS}
        current={tab}
      />
      <DownloadsList />
      {!loggedIn ? null : tab === 'latest' ? (
        <LatestTab />
      ) : tab === 'listens' ? (
        <RecentListens />
      ) : (
        <PodcastsTab type={tab} />
      )}
    </article>
  );
}
