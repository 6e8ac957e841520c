/**
 * The episode page (/podcasts/:podcastId/episodes/:id, /episodes/:id, and inside a sport or team
 * frame; spec 2 "Podcast and episode pages"): breadcrumbs "All Episodes" then the episode title, the
 * play button (Play, Pause while loading or playing, Completed), the podcast, date, duration and
 * description, its comments (spec 3 §2, `?messageId=` pointing one out), and related episodes. A
 * `?t=` in the URL starts playback there (deep link).
 * @module
 */

import type { PodcastEpisode } from '@sportspyder/contract';
import { episodeArtwork, getPodcastEpisode, shareChannelScopes } from '@sportspyder/core';
import { formatDuration, PlayButton, useClient } from '@sportspyder/react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { DownloadButton } from '../../offline/DownloadButton.js';
import { EpisodeList } from '../../player/EpisodeList.js';
import { startTimeOf, useEpisodeToggle } from '../../player/useSitePlayer.js';
import { CommentsSection } from '../chat/CommentsSection.js';
import { episodePath, type PodcastScope, podcastPath, scopeContext } from './podcastScope.js';
import { SignedOutNotice } from './SignedOutNotice.js';
import { usePodcastContent } from './usePodcastContent.js';
import './podcasts.css';

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function EpisodeDetails({ episode, scope }: { episode: PodcastEpisode; scope: PodcastScope }) {
  const location = useLocation();
  const { state, toggle } = useEpisodeToggle(episode, scopeContext(scope), startTimeOf(location.search));
  const text = episode.description ?? episode.summary ?? '';
  const artwork = episodeArtwork(episode);
  return (
    <div className="ss-card ss-episode-page__card">
      <div className="ss-episode-page__top">
        {artwork && <img className="ss-episode-page__art" src={artwork} alt="" width={120} height={120} />}
        <div>
          <p className="ss-episode-page__podcast">
            <Link to={podcastPath(scope, episode.podcast.id)}>{episode.podcast.title}</Link>
          </p>
          <p className="ss-episode-page__meta">
            <time dateTime={episode.publishedAt}>{DATE.format(new Date(episode.publishedAt))}</time>
            {episode.duration != null && <span>{formatDuration(episode.duration)}</span>}
          </p>
          <PlayButton state={state} title={episode.title} onClick={toggle} showText size={24} />
          <DownloadButton episode={episode} />
        </div>
      </div>
      {text && <p className="ss-episode-page__description">{text}</p>}
    </div>
  );
}

/** The episode page of `:id`. */
export function EpisodePage({ scope }: { scope: PodcastScope }) {
  const client = useClient();
  const episodeId = Number(useParams().id);
  const [search] = useSearchParams();
  const answer = usePodcastContent('episode', { id: episodeId }, () =>
    getPodcastEpisode(client, { episodeId }),
  );
  const episode = answer.data?.podcastEpisode;
  useDocumentTitle(episode ? episode.title : 'Episode');
  return (
    <article className="ss-page ss-episode-page">
      {episode && (
        <nav className="ss-breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to={podcastPath(scope, episode.podcast.id)}>All Episodes</Link>
            </li>
            <li aria-current="page">{episode.title}</li>
          </ol>
        </nav>
      )}
      <header className="ss-page__header">
        <h1 className="ss-page__title">{episode ? episode.title : 'Episode'}</h1>
      </header>
      <SignedOutNotice />
      {episode ? (
        <>
          <EpisodeDetails episode={episode} scope={scope} />
          <CommentsSection
            target={{ episodeId: episode.id }}
            initialCount={episode.messagesCount}
            highlightId={Number(search.get('messageId')) || null}
            share={{
              kind: 'episode',
              id: episode.id,
              title: episode.title,
              // The podcast's teams' and sports' channels, before the general ones.
              scopes: shareChannelScopes({ teams: episode.podcast.teams, sports: episode.podcast.sports }),
            }}
          />
          {episode.suggestions.length > 0 && (
            <section aria-label="More episodes">
              <h2 className="ss-section-title">More episodes</h2>
              <EpisodeList
                episodes={episode.suggestions}
                hrefFor={(item) => episodePath(scope, item)}
                context={scopeContext(scope)}
              />
            </section>
          )}
        </>
      ) : answer.status === 'error' ? (
        <p className="ss-page__description">The episode could not be loaded. Try again later.</p>
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}
