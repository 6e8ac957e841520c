/**
 * The team discover pages (/:sportId/:teamId/news/discover and /videos/discover, spec 2 §2 "Team
 * pages"): the team's news sources or video channels as source boxes (description preview, volume,
 * last article, Subscribe / Unsubscribe; visitors get the sign-in prompt), paged.
 * @module
 */
import { listTeamSources } from '@sportspyder/core';
import { EmptyState, Pagination, SourceBox, useClient, useResource, useSession } from '@sportspyder/react';
import { Link, useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { SignInPrompt } from '../team/SignInPrompt.js';
import { useTeamListSettings } from '../team/useTeamListSettings.js';
import { SOURCES_KEY, sourceName, useSourceToggle } from './useSourceToggle.js';
import './sources.css';

/** Source boxes per discover page. */
export const DISCOVER_PER_PAGE = 12;

/** Props of {@link TeamDiscoverSourcesPage}. */
export interface TeamDiscoverSourcesPageProps {
  /** `news` lists the news sources, `videos` the video channels. */
  kind: 'news' | 'videos';
}

/** "Discover {team} News Sources" or "Discover {team} Video Channels". */
export function discoverTitle(kind: 'news' | 'videos', teamName: string): string {
  return kind === 'news' ? `Discover ${teamName} News Sources` : `Discover ${teamName} Video Channels`;
}

/** A team discover page. */
export function TeamDiscoverSourcesPage({ kind }: TeamDiscoverSourcesPageProps) {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { loggedIn } = useSession();
  const { page } = useTeamListSettings();
  const title = discoverTitle(kind, team.fullName);
  useDocumentTitle(title);
  const video = kind === 'videos';
  const sources = useResource(
    { path: `${SOURCES_KEY}/discover`, params: { team: team.slug, video, page } },
    () => listTeamSources(client, { teamId: team.slug, video, page, perPage: DISCOVER_PER_PAGE }),
  );
  const { toggle, prompt, setPrompt } = useSourceToggle(team.slug);
  const teamBase = `/${team.sportSlug}/${team.slug}`;
  const base = `${teamBase}/${kind}/discover`;
  const list = sources.data?.sources ?? [];
  return (
    <article className="ss-page ss-team-page ss-discover">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
        <p className="ss-page__description">
          {video ? 'Video channels' : 'News sources'} covering the {team.fullName}.{' '}
          <Link to={`${teamBase}/${kind}`}>
            Back to {team.fullName} {video ? 'Videos' : 'News'}
          </Link>
        </p>
      </header>
      {prompt && (
        <div className="ss-discover__prompt">
          <SignInPrompt action={`subscribe to ${prompt}`} onClose={() => setPrompt(null)} />
        </div>
      )}
      {sources.status === 'error' && !sources.data ? (
        <p className="ss-page__description">The sources could not be loaded. Try again later.</p>
      ) : !sources.data ? (
        <p className="ss-loading-text">Loading…</p>
      ) : list.length === 0 ? (
        <EmptyState
          text={
            video
              ? `No video channels for the ${team.fullName} yet.`
              : `No news sources for the ${team.fullName} yet.`
          }
        />
      ) : (
        <>
          <div className="ss-discover__grid">
            {list.map((source) => (
              <SourceBox
                key={source.id}
                source={source}
                loggedIn={loggedIn}
                onToggle={toggle}
                onSignInRequired={() => setPrompt(sourceName(source))}
                href={`${teamBase}/sources/${source.id}/${kind}`}
              />
            ))}
          </div>
          <Pagination
            page={page}
            totalPages={sources.data.meta.pagination.totalPages}
            hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
          />
        </>
      )}
    </article>
  );
}
