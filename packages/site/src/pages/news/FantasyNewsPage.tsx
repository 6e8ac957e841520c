/**
 * The fantasy team news page (/fantasy_teams/:fantasyTeamId/news, spec 2 §2 "Fantasy team news"):
 * news about the players of a fantasy team (their names under the title), with paging.
 * @module
 */
import { getFantasyTeam, listFantasyTeamArticles } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { Navigate, useParams } from 'react-router';
import { useListSettings } from '../sport/useListSettings.js';
import { NewsFeedPage, pageHref } from './NewsFeedPage.js';
import { numericId, useNewsContent } from './useNewsContent.js';

/** The fantasy team news page. */
export function FantasyNewsPage() {
  const fantasyTeamId = numericId(useParams().fantasyTeamId);
  if (fantasyTeamId === null) return <Navigate to="/page-not-found" replace />;
  return <FantasyNews fantasyTeamId={fantasyTeamId} />;
}

function FantasyNews({ fantasyTeamId }: { fantasyTeamId: number }) {
  const client = useClient();
  const { page } = useListSettings();
  const team = useNewsContent('fantasy-team', { fantasyTeamId }, () =>
    getFantasyTeam(client, { fantasyTeamId }),
  );
  const articles = useNewsContent('fantasy-articles', { fantasyTeamId, page }, () =>
    listFantasyTeamArticles(client, { fantasyTeamId, page }),
  );
  const data = team.data?.fantasyTeam;
  const name = data?.name ?? 'Fantasy Team';
  return (
    <NewsFeedPage
      title={`${name} News`}
      articles={articles}
      hrefFor={(p) => pageHref(`/fantasy_teams/${fantasyTeamId}/news`, p)}
      scroll={{
        key: `fantasy/${fantasyTeamId}`,
        fetchPage: async (p) => (await listFantasyTeamArticles(client, { fantasyTeamId, page: p })).articles,
      }}
      emptyText={`There are no recent articles about the players of ${name}.`}
      header={
        data && data.rosters.length > 0 ? (
          <p className="ss-page__description">
            {data.sport}: {data.rosters.map((entry) => entry.name).join(', ')}
          </p>
        ) : null
      }
    />
  );
}
