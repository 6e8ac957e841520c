/**
 * The player pages (spec 2 §2 "Player pages"): /players/:playerId (Popular: the player's feed),
 * /players/:playerId/news (news with paging) and /players/:playerId/podcasts (episodes), with a
 * header (team, position, injury) and the tabs; the `fantasyTeamId` query is kept in the tab and page
 * links. Empty state "No Articles / There are no recent articles for {player}".
 * @module
 */
import type { ArticleList as ArticleListResponse, Player } from '@sportspyder/contract';
import {
  getPlayer,
  getPlayerFeed,
  listPlayerArticles,
  listPlayerPodcastEpisodes,
  NO_ARTICLES_TITLE,
  noPlayerArticlesText,
  PLAYER_EPISODES_COUNT,
  type ResourceSnapshot,
} from '@sportspyder/core';
import { EmptyState, useClient } from '@sportspyder/react';
import type { ReactNode } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { EpisodeList } from '../../player/EpisodeList.js';
import { useListSettings } from '../sport/useListSettings.js';
import { NewsFeedPage, pageHref } from './NewsFeedPage.js';
import { useNewsContent } from './useNewsContent.js';
import './news.css';

/** The tab a player page shows. */
export type PlayerTab = 'popular' | 'news' | 'podcasts';

/** Props of {@link PlayerPage}. */
export interface PlayerPageProps {
  /** Which tab. */
  tab: PlayerTab;
}

/** A player page. */
export function PlayerPage({ tab }: PlayerPageProps) {
  const { playerId = '' } = useParams();
  const [query] = useSearchParams();
  const fantasyTeamId = query.get('fantasyTeamId');
  const client = useClient();
  const { page } = useListSettings();
  const player = useNewsContent('player', { playerId }, () => getPlayer(client, { playerId }));
  const feed = useNewsContent(
    'player-feed',
    { playerId },
    () => getPlayerFeed(client, { playerId }),
    tab === 'popular',
  );
  const news = useNewsContent(
    'player-articles',
    { playerId, page },
    () => listPlayerArticles(client, { playerId, page }),
    tab === 'news',
  );
  const data = player.data?.player;
  // Until the player loads (or when it fails) the page says "Player".
  const name = data?.name ?? 'Player';
  const base = `/players/${playerId}`;
  const keep = { fantasyTeamId };
  const header = data ? <PlayerHeader player={data} /> : null;
  const tabs = (
    <nav className="ss-tabs" aria-label={`${name} sections`}>
      <NavLink end to={pageHref(base, 1, keep)} className="ss-tabs__tab">
        Popular
      </NavLink>
      <NavLink to={pageHref(`${base}/news`, 1, keep)} className="ss-tabs__tab">
        News
      </NavLink>
      <NavLink to={pageHref(`${base}/podcasts`, 1, keep)} className="ss-tabs__tab">
        Podcasts
      </NavLink>
    </nav>
  );
  if (tab === 'podcasts') {
    return <PlayerPodcasts playerId={playerId} name={name} header={header} tabs={tabs} />;
  }
  // The popular tab shows the feed's articles as one page without paging.
  const articles: ResourceSnapshot<ArticleListResponse> =
    tab === 'news'
      ? news
      : {
          ...feed,
          data: feed.data && {
            articles: feed.data.feed.articles,
            meta: { pagination: { page: 1, perPage: 0, totalPages: 1, totalCount: 0 } },
          },
        };
  return (
    <NewsFeedPage
      title={tab === 'news' ? `${name} News` : name}
      articles={articles}
      hrefFor={(p) => pageHref(tab === 'news' ? `${base}/news` : base, p, keep)}
      // The News tab scrolls on; the popular tab is one page.
      {...(tab === 'news'
        ? {
            scroll: {
              key: `player/${playerId}`,
              fetchPage: async (p: number) =>
                (await listPlayerArticles(client, { playerId, page: p })).articles,
            },
          }
        : {})}
      header={header}
      tabs={tabs}
      emptyTitle={NO_ARTICLES_TITLE}
      emptyText={noPlayerArticlesText(name)}
      className="ss-player-page"
    />
  );
}

/** The player's team logo, position and team, and the injury mark. */
function PlayerHeader({ player }: { player: Player }) {
  const details = [player.position?.name, player.team?.name].filter(Boolean).join(' - ');
  return (
    <div className="ss-player-header">
      {player.team && <img className="ss-player-header__logo" src={player.team.logo} alt="" />}
      <p className="ss-player-header__details">
        {player.number && <span>#{player.number} </span>}
        {details}
        {player.injured && (
          <span className="ss-player-header__injury" title="Injured">
            Injured
          </span>
        )}
      </p>
    </div>
  );
}

/** The podcasts tab: the latest episodes about the player. */
function PlayerPodcasts({
  playerId,
  name,
  header,
  tabs,
}: {
  playerId: string;
  name: string;
  header: ReactNode;
  tabs: ReactNode;
}) {
  const client = useClient();
  const title = `${name} Podcasts`;
  useDocumentTitle(title);
  const episodes = useNewsContent('player-episodes', { playerId }, () =>
    listPlayerPodcastEpisodes(client, { playerId, perPage: PLAYER_EPISODES_COUNT }),
  );
  const list = episodes.data?.podcastEpisodes ?? [];
  return (
    <article className="ss-page ss-news-page ss-player-page">
      <header className="ss-page__header ss-news-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      {header}
      {tabs}
      {!episodes.data ? (
        <p className="ss-loading-text">Loading…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No Episodes" text={`There are no recent podcast episodes for ${name}`} />
      ) : (
        // Playable rows, like every episode list (spec 2 player pages: the player's podcasts tab).
        <EpisodeList episodes={list} hrefFor={(episode) => `/episodes/${episode.id}`} />
      )}
    </article>
  );
}
