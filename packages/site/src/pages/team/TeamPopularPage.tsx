/**
 * The team popular page (/:sportId/:teamId, spec 2 §2): the team feed's top articles (with team
 * ads) under the summary pills, its trending players, recent podcast episodes and videos, beside the games sidebar.
 * @module
 */
import { ArticleList, SpoilerBlur, TrendingPlayers, useClient, VideoList } from '@sportspyder/react';
import { Link, useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { TeamPageTitle } from './TeamPageTitle.js';
import { TeamSidebar } from './TeamSidebar.js';
import { TeamSummary } from './TeamSummary.js';
import { useTeamContent } from './useTeamContent.js';
import { useTeamListSettings } from './useTeamListSettings.js';
import './team.css';
import { getTeamFeed } from '@sportspyder/core';

/** Videos shown on a popular page (spec 2 §9: up to 5). */
const POPULAR_VIDEOS = 5;
/** Players shown on a popular page (spec 2 §9: up to 6). */
const POPULAR_PLAYERS = 6;

/** The team popular page. */
export function TeamPopularPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { platform, adsVisible, adContext, linksInNewWindow } = useTeamListSettings(team);
  useDocumentTitle(team.fullName);
  const feed = useTeamContent('feed', { team: team.slug }, () => getTeamFeed(client, { teamId: team.slug }));
  const data = feed.data?.feed;
  const base = `/${team.sportSlug}/${team.slug}`;

  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <TeamPageTitle team={team} title={`Popular ${team.fullName} News`} />
      </header>
      <div className="ss-team-page__columns">
        <div className="ss-team-page__feed">
          <TeamSummary team={team} linksInNewWindow={linksInNewWindow} />
          {feed.status === 'error' && !data ? (
            <p className="ss-page__description">The news could not be loaded. Try again later.</p>
          ) : data ? (
            <>
              <section className="ss-team-section" aria-label="Top articles">
                <ArticleList
                  articles={data.articles}
                  context={adContext}
                  platform={platform}
                  adsVisible={adsVisible}
                  linksInNewWindow={linksInNewWindow}
                  headingLevel={2}
                />
                <p>
                  <Link to={`${base}/news`}>All {team.fullName} News</Link>
                </p>
              </section>
              {data.players.length > 0 && (
                <section className="ss-team-section">
                  <TrendingPlayers
                    title={`Trending ${team.name} Players`}
                    players={data.players}
                    max={POPULAR_PLAYERS}
                  />
                </section>
              )}
              {data.episodes.length > 0 && (
                <section className="ss-card ss-team-section">
                  <h2 className="ss-card__title">Podcast Episodes</h2>
                  <ul className="ss-team-insert__list">
                    {data.episodes.map((episode) => (
                      <li key={episode.id}>
                        <SpoilerBlur hidden={episode.spoiler === true} text={episode.title}>
                          <Link to={`${base}/episodes/${episode.id}`}>{episode.title}</Link>
                        </SpoilerBlur>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {data.videos.length > 0 && (
                <section className="ss-team-section">
                  <h2 className="ss-section-title">Videos</h2>
                  <VideoList
                    videos={data.videos.slice(0, POPULAR_VIDEOS)}
                    context={{ ctype: 'Team', cid: team.id }}
                  />
                  <p>
                    <Link to={`${base}/videos`}>All {team.fullName} Videos</Link>
                  </p>
                </section>
              )}
            </>
          ) : (
            <p className="ss-loading-text">Loading…</p>
          )}
        </div>
        {/* The page's body lists the trending players already. */}
        <TeamSidebar team={team} trendingPlayers={false} />
      </div>
    </article>
  );
}
