/**
 * The team news page (/:sportId/:teamId/news?page=N, spec 2 §2): the team's articles with team
 * ads, infinite scroll (the next pages appended as the reader nears the end, up to 5 pages, spec 2 §9)
 * then the pager, the team feed inserts on page 1, "hide this source" for members (the card turns
 * into a notice with Undo and Configure) and a sidebar of games and trending players.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import { teamFeedInserts } from '@sportspyder/core';
import {
  ArticleCard,
  ArticleList,
  HideNotice,
  useClient,
  useConnectivity,
  useInfinitePages,
} from '@sportspyder/react';
import { useDeferredValue } from 'react';
import { Link, useOutletContext } from 'react-router';
import { MorePages } from '../../components/MorePages.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { NeedsConnection } from '../../offline/OfflineStatus.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { TeamCustomizeLink } from './TeamCustomizeLink.js';
import { TeamFeedInsert, useFeedInsertsReady } from './TeamFeedInsert.js';
import { TeamPageTitle } from './TeamPageTitle.js';
import { TeamSidebar } from './TeamSidebar.js';
import { useHiddenSources } from './useHiddenSources.js';
import { useTeamContent } from './useTeamContent.js';
import { useTeamListSettings } from './useTeamListSettings.js';
import './team.css';
import { listTeamArticles } from '@sportspyder/core';

/** The team news page. */
export function TeamNewsPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { page, platform, adsVisible, adContext, linksInNewWindow, loggedIn } = useTeamListSettings(team);
  const title = `${team.fullName} News`;
  useDocumentTitle(title);
  const articles = useTeamContent('articles', { team: team.slug, page }, () =>
    listTeamArticles(client, { teamId: team.slug, page }),
  );
  const { hidden, hide, undo } = useHiddenSources(team);
  const { online } = useConnectivity();
  // The feed renders its new articles in an interruptible background render (as home does), so the
  // answer arriving after load is not one long task of 13 cards, their inserts and ads.
  const data = useDeferredValue(articles.data);
  const list = data?.articles ?? [];
  const totalPages = data?.meta.pagination.totalPages ?? 0;
  const base = `/${team.sportSlug}/${team.slug}/news`;
  const scroll = useInfinitePages({
    key: `team-news/${team.slug}`,
    startPage: page,
    totalPages: data ? totalPages : null,
    fetchPage: async (p) => (await listTeamArticles(client, { teamId: team.slug, page: p })).articles,
  });
  const inserts = teamFeedInserts({ loggedIn, podcastsEnabled: team.podcastsEnabled, platform, page });
  const insertsReady = useFeedInsertsReady(
    team,
    inserts.map((insert) => insert.kind),
  );

  const renderItem = (article: Article) => {
    const label = hidden.get(article.id);
    if (label !== undefined) {
      return (
        <HideNotice
          itemLabel={label}
          teamName={team.fullName}
          onUndo={() => undo(article)}
          configureHref={`/settings/configure/sources/${team.slug}`}
        />
      );
    }
    return (
      <ArticleCard
        article={article}
        headingLevel={2}
        linksInNewWindow={linksInNewWindow}
        {...(loggedIn && article.egg ? { onHide: () => hide(article) } : {})}
      />
    );
  };

  // Every page of the feed, the first and those read by scrolling, is shown alike.
  const listProps = { context: adContext, platform, adsVisible, linksInNewWindow, renderItem };

  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <TeamPageTitle team={team} title={title} rss={data?.meta.rss ?? null} />
        <p className="ss-page__description">
          <Link to={`${base}/discover`}>Discover {team.fullName} news sources</Link>
          {' · '}
          <TeamCustomizeLink team={team} type="sources" />
        </p>
      </header>
      <div className="ss-team-page__columns">
        <div className="ss-team-page__feed">
          {articles.status === 'error' && list.length === 0 && !online ? (
            <NeedsConnection />
          ) : articles.status === 'error' && list.length === 0 ? (
            <p className="ss-page__description">The news could not be loaded. Try again later.</p>
          ) : data && insertsReady ? (
            <>
              <ArticleList
                {...listProps}
                articles={list}
                page={page}
                inserts={inserts}
                renderInsert={(kind) => <TeamFeedInsert kind={kind} team={team} />}
              />
              {/* The pages read by scrolling, each with its own page's ads (no feed inserts). */}
              <MorePages
                scroll={scroll}
                list={listProps}
                totalPages={totalPages}
                hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
              />
            </>
          ) : (
            <p className="ss-loading-text">Loading…</p>
          )}
        </div>
        <TeamSidebar
          team={team}
          trendingPlayers={!inserts.some((insert) => insert.kind === 'trendingPlayers')}
        />
      </div>
    </article>
  );
}
