/**
 * The team videos page (/:sportId/:teamId/videos?page=N, spec 2 §2): the team's videos (select
 * opens one, select again closes it) with pagination; members may hide a video's channel from the
 * feed (a notice with Undo and Configure takes the video's place). Plays report the team as their
 * context.
 * @module
 */
import { HideNotice, Pagination, useClient, VideoList } from '@sportspyder/react';
import { Link, useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { listAds } from '../sport/useListSettings.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { TeamPageTitle } from './TeamPageTitle.js';
import { useHiddenSources } from './useHiddenSources.js';
import { useTeamContent } from './useTeamContent.js';
import { useTeamListSettings } from './useTeamListSettings.js';
import './team.css';
import { listTeamVideos } from '@sportspyder/core';

/** The team videos page. */
export function TeamVideosPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { page, loggedIn, platform, adsVisible, adContext } = useTeamListSettings(team);
  const { hidden, hide, undo } = useHiddenSources(team);
  const title = `${team.fullName} Videos`;
  useDocumentTitle(title);
  const videos = useTeamContent('videos', { team: team.slug, page }, () =>
    listTeamVideos(client, { teamId: team.slug, page }),
  );
  const base = `/${team.sportSlug}/${team.slug}/videos`;
  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <TeamPageTitle team={team} title={title} />
        <p className="ss-page__description">
          <Link to={`${base}/discover`}>Discover {team.fullName} video channels</Link>
        </p>
      </header>
      {videos.status === 'error' && !videos.data ? (
        <p className="ss-page__description">The videos could not be loaded. Try again later.</p>
      ) : videos.data && adsVisible !== null ? (
        <>
          <VideoList
            videos={videos.data.videos}
            ads={listAds({ adsVisible, platform, page }, adContext)}
            emptyText={`No videos for the ${team.fullName} yet.`}
            context={{ ctype: 'Team', cid: team.id }}
            {...(loggedIn ? { onHide: hide } : {})}
            renderItem={(video) => {
              const label = hidden.get(video.id);
              if (label === undefined) return undefined;
              return (
                <HideNotice
                  itemLabel={label}
                  teamName={team.fullName}
                  onUndo={() => undo(video)}
                  configureHref={`/settings/configure/sources/${team.slug}`}
                />
              );
            }}
          />
          <Pagination
            page={page}
            totalPages={videos.data.meta.pagination.totalPages}
            hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
          />
        </>
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}
