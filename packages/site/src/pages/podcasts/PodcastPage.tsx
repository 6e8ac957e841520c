/**
 * The podcast page (/podcasts/:id, and inside a sport or team frame; spec 2 "Podcast and episode
 * pages"): the podcast header, the visitors' sign-in notice and the episodes, 25 per page with
 * pagination; the first page shows only 5 until "Show All Episodes".
 * @module
 */
import {
  episodeListPreview,
  getPodcast,
  listPodcastEpisodes,
  SHOW_ALL_EPISODES_LABEL,
} from '@sportspyder/core';
import { EmptyState, Pagination, useClient } from '@sportspyder/react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { EpisodeList } from '../../player/EpisodeList.js';
import { listAds, useListSettings } from '../sport/useListSettings.js';
import { PodcastHeader } from './PodcastHeader.js';
import { episodePath, type PodcastScope, podcastPath, scopeContext } from './podcastScope.js';
import { SignedOutNotice } from './SignedOutNotice.js';
import { pagePath, usePageParam, usePodcastContent } from './usePodcastContent.js';
import './podcasts.css';

/** Props of {@link PodcastPage}. */
export interface PodcastPageProps {
  /** Where the page sits. */
  scope: PodcastScope;
  /** Shown above the podcast (the podcast picker of sport and team pages). */
  toolbar?: ReactNode;
}

/** The podcast page of `:id`. */
export function PodcastPage({ scope, toolbar }: PodcastPageProps) {
  const client = useClient();
  const podcastId = Number(useParams().id);
  const page = usePageParam();
  const [expanded, setExpanded] = useState(false);
  const settings = useListSettings();
  const podcast = usePodcastContent('podcast', { id: podcastId }, () => getPodcast(client, { podcastId }));
  const episodes = usePodcastContent('podcast-episodes', { id: podcastId, page }, () =>
    listPodcastEpisodes(client, { podcastId, page }),
  );
  const data = podcast.data?.podcast;
  useDocumentTitle(data ? data.shortTitle || data.title : 'Podcast');
  const list = episodes.data?.podcastEpisodes ?? [];
  const preview = page === 1 ? episodeListPreview(list, expanded) : { visible: list, showAll: false };
  const base = podcastPath(scope, podcastId);
  return (
    <article className="ss-page ss-podcast-page">
      {toolbar}
      <header className="ss-page__header">
        <h1 className="ss-page__title">{data ? data.title : 'Podcast'}</h1>
      </header>
      <SignedOutNotice />
      {data ? (
        <PodcastHeader podcast={data} scope={scope} />
      ) : (
        // The header's usual height while the podcast loads, so the episodes below do not jump (issue 46).
        <div className="ss-podcast-header ss-podcast-header--loading">
          <p className="ss-loading-text">Loading…</p>
        </div>
      )}
      <section className="ss-podcast-page__episodes" aria-label="Episodes">
        <h2 className="ss-section-title">Episodes</h2>
        {!episodes.data || settings.adsVisible === null ? (
          episodes.status === 'error' ? (
            <p className="ss-page__description">The episodes could not be loaded. Try again later.</p>
          ) : (
            <p className="ss-loading-text">Loading…</p>
          )
        ) : list.length === 0 ? (
          <EmptyState title="No episodes" text="This podcast has not published any episodes yet." />
        ) : (
          <>
            <EpisodeList
              episodes={preview.visible}
              hrefFor={(episode) => episodePath(scope, episode)}
              context={scopeContext(scope)}
              showPodcast={false}
              ads={listAds(settings)}
            />
            {preview.showAll && (
              <button type="button" className="ss-button ss-show-all" onClick={() => setExpanded(true)}>
                {SHOW_ALL_EPISODES_LABEL}
              </button>
            )}
            {!preview.showAll && (
              <Pagination
                page={page}
                totalPages={episodes.data.meta.pagination.totalPages}
                hrefFor={(p) => pagePath(base, p)}
              />
            )}
          </>
        )}
      </section>
    </article>
  );
}
