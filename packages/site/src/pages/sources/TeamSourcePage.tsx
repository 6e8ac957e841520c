/**
 * The team's news or videos from one source (/:sportId/:teamId/sources/:id/news and
 * /sources/:id/videos, spec 2 §2 "Team pages"): the source box (Subscribe / Unsubscribe, the
 * sign-in prompt for visitors) above the team's articles or videos of that source, paged.
 * @module
 */
import { getSource, listTeamArticles, listTeamVideos } from '@sportspyder/core';
import {
  ArticleList,
  EmptyState,
  Pagination,
  SourceBox,
  useClient,
  useResource,
  useSession,
  VideoList,
} from '@sportspyder/react';
import { Link, Navigate, useOutletContext, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { listAds } from '../sport/useListSettings.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { SignInPrompt } from '../team/SignInPrompt.js';
import { useTeamListSettings } from '../team/useTeamListSettings.js';
import { SOURCES_KEY, sourceName, useSourceToggle } from './useSourceToggle.js';
import './sources.css';

/** Props of {@link TeamSourcePage}. */
export interface TeamSourcePageProps {
  /** `news` lists the source's articles, `videos` its videos. */
  kind: 'news' | 'videos';
}

/** The team's news or videos of one source. */
export function TeamSourcePage({ kind }: TeamSourcePageProps) {
  const raw = useParams().id ?? '';
  const sourceId = /^\d+$/.test(raw) ? Number(raw) : null;
  if (sourceId === null) return <Navigate to="/page-not-found" replace />;
  return <TeamSource kind={kind} sourceId={sourceId} />;
}

function TeamSource({ kind, sourceId }: TeamSourcePageProps & { sourceId: number }) {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { loggedIn } = useSession();
  const { page, platform, adsVisible, adContext, linksInNewWindow } = useTeamListSettings(team);
  const source = useResource({ path: `${SOURCES_KEY}/source`, params: { sourceId } }, () =>
    getSource(client, { id: sourceId }),
  );
  const params = { team: team.slug, sourceId, page };
  const articles = useResource(
    { path: `${SOURCES_KEY}/articles`, params },
    () => listTeamArticles(client, { teamId: team.slug, sourceId, page }),
    { enabled: kind === 'news' },
  );
  const videos = useResource(
    { path: `${SOURCES_KEY}/videos`, params },
    () => listTeamVideos(client, { teamId: team.slug, sourceId, page }),
    { enabled: kind === 'videos' },
  );
  const { toggle, prompt, setPrompt } = useSourceToggle(team.slug);
  const data = source.data?.source;
  const name = data ? sourceName(data) : null;
  const what = kind === 'news' ? 'News' : 'Videos';
  const title = name ? `${team.fullName} ${what} from ${name}` : `${team.fullName} ${what}`;
  useDocumentTitle(title);
  const teamBase = `/${team.sportSlug}/${team.slug}`;
  const base = `${teamBase}/sources/${sourceId}/${kind}`;
  const list = kind === 'news' ? articles : videos;
  const totalPages = list.data?.meta.pagination.totalPages ?? 0;
  const empty =
    kind === 'news'
      ? `There are no recent ${team.fullName} articles from ${name ?? 'this source'}.`
      : `There are no recent ${team.fullName} videos from ${name ?? 'this channel'}.`;

  return (
    <article className="ss-page ss-team-page ss-team-source">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
        <p className="ss-page__description">
          <Link to={`${teamBase}/${kind}`}>
            All {team.fullName} {what}
          </Link>
          {' · '}
          <Link to={`${teamBase}/${kind}/discover`}>
            {kind === 'news' ? 'Discover news sources' : 'Discover video channels'}
          </Link>
        </p>
      </header>
      {data && (
        <div className="ss-team-source__box">
          <SourceBox
            source={data}
            headingLevel={2}
            loggedIn={loggedIn}
            onToggle={toggle}
            onSignInRequired={() => setPrompt(sourceName(data))}
            href={base}
          />
          {prompt && <SignInPrompt action={`subscribe to ${prompt}`} onClose={() => setPrompt(null)} />}
        </div>
      )}
      {list.status === 'error' && !list.data ? (
        <p className="ss-page__description">This list could not be loaded. Try again later.</p>
      ) : kind === 'news' && articles.data ? (
        articles.data.articles.length === 0 ? (
          <EmptyState text={empty} />
        ) : (
          <ArticleList
            articles={articles.data.articles}
            context={adContext}
            platform={platform}
            page={page}
            adsVisible={adsVisible}
            linksInNewWindow={linksInNewWindow}
            headingLevel={2}
          />
        )
      ) : kind === 'videos' && videos.data && adsVisible !== null ? (
        <VideoList
          videos={videos.data.videos}
          emptyText={empty}
          ads={listAds({ adsVisible, platform, page }, adContext)}
          context={{ ctype: 'Team', cid: team.id }}
        />
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)} />
    </article>
  );
}
