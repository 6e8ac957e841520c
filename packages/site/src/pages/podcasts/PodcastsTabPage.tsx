/**
 * The podcasts tab of a sport or team (/sports/:sportId/podcasts, /:sportId/:teamId/podcasts; spec 2
 * §2): the podcast picker ("Top Podcasts" first, Customize, Discover) and the latest episodes of the
 * sport's or team's podcasts with pagination; "No podcasts for this sport." when there are none.
 * The sport and team podcast pages (podcasts/:id) show the same picker above the podcast.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import { listSportPodcastEpisodes, listTeamPodcastEpisodes, noPodcastsText } from '@sportspyder/core';
import { EmptyState, Pagination, useClient } from '@sportspyder/react';
import { useOutletContext, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { EpisodeList } from '../../player/EpisodeList.js';
import { listAds, useListSettings } from '../sport/useListSettings.js';
import { EpisodePage } from './EpisodePage.js';
import { PodcastPage } from './PodcastPage.js';
import { PodcastPicker } from './PodcastPicker.js';
import { episodePath, type PodcastScope, scopeBase, scopeContext } from './podcastScope.js';
import { SignedOutNotice } from './SignedOutNotice.js';
import { pagePath, usePageParam, usePodcastContent } from './usePodcastContent.js';
import './podcasts.css';

type FrameScope = Extract<PodcastScope, { kind: 'sport' | 'team' }>;

/** The scope of the sport or team frame around the page. */
function useFrameScope(kind: 'sport' | 'team'): FrameScope {
  const context = useOutletContext<{ sport?: Sport; team?: Team }>();
  if (kind === 'sport' && context.sport) return { kind: 'sport', sport: context.sport };
  if (kind === 'team' && context.team) return { kind: 'team', team: context.team };
  throw new Error(`The ${kind} podcast pages need the ${kind} frame`);
}

/** The latest episodes of the sport's or team's podcasts. */
export function PodcastsTabPage({ kind }: { kind: 'sport' | 'team' }) {
  const client = useClient();
  const scope = useFrameScope(kind);
  const page = usePageParam();
  const settings = useListSettings();
  const slug = scope.kind === 'sport' ? scope.sport.slug : scope.team.slug;
  const name = scope.kind === 'sport' ? scope.sport.name : scope.team.fullName;
  const title = `${name} Podcasts`;
  useDocumentTitle(title);
  const episodes = usePodcastContent('tab-episodes', { scope: kind, slug, page }, () =>
    scope.kind === 'sport'
      ? listSportPodcastEpisodes(client, { sportId: slug, page })
      : listTeamPodcastEpisodes(client, { teamId: slug, page }),
  );
  const list = episodes.data?.podcastEpisodes ?? [];
  return (
    <article className="ss-page ss-podcasts-tab">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      <PodcastPicker scope={scope} selectedId={null} />
      <SignedOutNotice />
      {!episodes.data || settings.adsVisible === null ? (
        episodes.status === 'error' ? (
          <p className="ss-page__description">The episodes could not be loaded. Try again later.</p>
        ) : (
          <p className="ss-loading-text">Loading…</p>
        )
      ) : list.length === 0 ? (
        <EmptyState title="No podcasts" text={noPodcastsText(kind)} />
      ) : (
        <>
          <EpisodeList
            episodes={list}
            hrefFor={(episode) => episodePath(scope, episode)}
            context={scopeContext(scope)}
            ads={listAds(settings, scope.kind === 'team' ? 'team' : 'default')}
          />
          <Pagination
            page={page}
            totalPages={episodes.data.meta.pagination.totalPages}
            hrefFor={(p) => pagePath(`${scopeBase(scope)}/podcasts`, p)}
          />
        </>
      )}
    </article>
  );
}

/** A podcast page inside the sport or team frame, with the picker above it. */
export function FramePodcastPage({ kind }: { kind: 'sport' | 'team' }) {
  const scope = useFrameScope(kind);
  const id = Number(useParams().id);
  return <PodcastPage scope={scope} toolbar={<PodcastPicker scope={scope} selectedId={id} />} />;
}

/** An episode page inside the sport or team frame. */
export function FrameEpisodePage({ kind }: { kind: 'sport' | 'team' }) {
  return <EpisodePage scope={useFrameScope(kind)} />;
}
