/**
 * The episode page (/podcasts/:podcastId/episodes/:id, /episodes/:id, and inside a sport or team
 * frame; spec 2 "Podcast and episode pages"): breadcrumbs "All Episodes" then the episode title, the
 * play button (Play, Pause while loading or playing, Completed), the podcast, date, duration and
 * description, its comments (spec 3 §2, `?messageId=` pointing one out), and related episodes. A
 * `?t=` in the URL starts playback there (deep link). An episode the spoiler shield marks (issue 49)
 * shows its title blurred behind a reveal control, and its description only once revealed; the tab
 * title, the breadcrumb and the play button name the podcast until then.
 * @module
 */

import type { PodcastEpisode } from '@sportspyder/contract';
import { episodeArtwork, episodeName, getPodcastEpisode, shareChannelScopes } from '@sportspyder/core';
import { formatDuration, PlayButton, SpoilerBlur, useClient } from '@sportspyder/react';
import { useState } from 'react';
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

function EpisodeDetails({
  episode,
  scope,
  hidden,
}: {
  episode: PodcastEpisode;
  scope: PodcastScope;
  /** The shield hides the title (until revealed): the description, which may tell the result, waits. */
  hidden: boolean;
}) {
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
          <PlayButton
            state={state}
            title={hidden ? episodeName(episode) : episode.title}
            onClick={toggle}
            showText
            size={24}
          />
          <DownloadButton episode={episode} />
        </div>
      </div>
      {text && !hidden && <p className="ss-episode-page__description">{text}</p>}
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
  // The shield's mark, until the member reveals this episode's title on this page (the page stays
  // mounted when a suggestion opens another episode: the reveal is per episode).
  const [revealedId, setRevealedId] = useState<number | null>(null);
  const hidden = episode?.spoiler === true && revealedId !== episode.id;
  const name = episode ? (hidden ? episodeName(episode) : episode.title) : 'Episode';
  useDocumentTitle(name);
  return (
    <article className="ss-page ss-episode-page">
      {episode && (
        <nav className="ss-breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to={podcastPath(scope, episode.podcast.id)}>All Episodes</Link>
            </li>
            <li aria-current="page">{name}</li>
          </ol>
        </nav>
      )}
      <header className="ss-page__header">
        <h1 className="ss-page__title">
          {episode ? (
            <SpoilerBlur
              key={episode.id}
              hidden={episode.spoiler === true}
              text={episode.title}
              onReveal={() => setRevealedId(episode.id)}
            >
              {episode.title}
            </SpoilerBlur>
          ) : (
            'Episode'
          )}
        </h1>
      </header>
      <SignedOutNotice />
      {episode ? (
        <>
          <EpisodeDetails episode={episode} scope={scope} hidden={hidden} />
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
