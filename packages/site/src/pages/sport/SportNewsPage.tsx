/**
 * The sport news page (/sports/:sportId/news?page=N, spec 2 §2): "The Latest {sport} News" with the
 * RSS link, the new-items banner, the article feed with its ads, infinite scroll (spec 2 §9) and
 * pagination, and a sidebar with the sport's games, trending players, the sport's chat (spec 3 §2; its box reserved at its height)
 * and an ad (at its end, so it pushes nothing down).
 * @module
 */
import {
  latestNewsTitle,
  listSportArticles,
  listSportGames,
  listSportHotPlayers,
  SIDEBAR_TRENDING_PLAYERS,
} from '@sportspyder/core';
import {
  AdSlot,
  ArticleList,
  GamesList,
  NewItemsBanner,
  RssLink,
  TrendingPlayers,
  useClient,
  useInfinitePages,
  useLiveGames,
  useScrollY,
} from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { MorePages } from '../../components/MorePages.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { useSpoilerShield } from '../../spoilers/useSpoilerShield.js';
import { LazyChatPanel } from '../chat/LazyChatPanel.js';
import type { SportOutletContext } from '../SportLayout.js';
import { contentKeyPrefix, useContent } from './useContent.js';
import { useListSettings } from './useListSettings.js';
import { useNewItems } from './useNewItems.js';
import './sport.css';

/** The sport news page. */
export function SportNewsPage() {
  const { sport } = useOutletContext<SportOutletContext>();
  const client = useClient();
  const { page, platform, adsVisible, linksInNewWindow } = useListSettings();
  const title = latestNewsTitle(sport.name);
  useDocumentTitle(title);
  const articles = useContent('sport-articles', { sport: sport.slug, page }, () =>
    listSportArticles(client, { sportId: sport.slug, page }),
  );
  const games = useContent('sport-games', { sport: sport.slug }, () =>
    listSportGames(client, { sportId: sport.slug }),
  );
  // Scores move while the page is open; after a dropped socket the games are read again.
  const shield = useSpoilerShield();
  const liveGames = useLiveGames(sport.slug, games.data?.games, {
    shieldedSlugs: shield.shieldedSlugs,
    onReconnect: () =>
      void client.cache
        .invalidate(`api/v1/sports/${sport.slug}/games`)
        .then(() => client.cache.invalidate(contentKeyPrefix('sport-games'))),
  });
  const players = useContent('sport-hot-players', { sport: sport.slug }, () =>
    listSportHotPlayers(client, { sportId: sport.slug, perPage: SIDEBAR_TRENDING_PLAYERS }),
  );
  const list = articles.data?.articles ?? [];
  const newest = page === 1 ? (list[0]?.id ?? null) : null;
  const newCount = useNewItems({ type: 'sport', id: sport.slug }, newest);
  const scrollY = useScrollY();
  const totalPages = articles.data?.meta.pagination.totalPages ?? 0;
  // Infinite scroll (spec 2 §9): the next pages are appended as the reader nears the end, up to 5.
  const scroll = useInfinitePages({
    key: `sport-news/${sport.slug}`,
    startPage: page,
    totalPages: articles.data ? totalPages : null,
    fetchPage: async (p) => (await listSportArticles(client, { sportId: sport.slug, page: p })).articles,
  });

  // Every page of the feed, the first and those read by scrolling, is shown alike.
  const listProps = { context: 'default', platform, adsVisible, linksInNewWindow, headingLevel: 2 } as const;

  // Drop the stale API entries first, then refetch the page's own entry (it has a listener).
  const refresh = async () => {
    await client.cache.invalidate(`api/v1/sports/${sport.slug}/articles`);
    await client.cache.invalidate(contentKeyPrefix('sport-articles'));
  };

  return (
    <article className="ss-page ss-sport-news">
      <header className="ss-page__header ss-sport-news__header">
        <h1 className="ss-page__title">{title}</h1>
        <RssLink href={articles.data?.meta.rss} feed={sport.name} />
      </header>
      <NewItemsBanner count={newCount} onRefresh={() => void refresh()} scrollY={scrollY} />
      <div className="ss-sport-news__columns">
        <div className="ss-sport-news__feed">
          {articles.status === 'error' && list.length === 0 ? (
            <p className="ss-page__description">The news could not be loaded. Try again later.</p>
          ) : articles.data ? (
            <>
              <ArticleList {...listProps} articles={list} page={page} />
              <MorePages
                scroll={scroll}
                list={listProps}
                totalPages={totalPages}
                hrefFor={(p) => `/sports/${sport.slug}/news${p > 1 ? `?page=${p}` : ''}`}
              />
            </>
          ) : (
            <p className="ss-loading-text">Loading…</p>
          )}
        </div>
        <aside className="ss-sport-news__sidebar" aria-label={`${sport.name} games and players`}>
          <section className="ss-card">
            <h2 className="ss-card__title">Games</h2>
            <GamesList
              games={liveGames ?? []}
              medium
              onReveal={(gameId) =>
                void shield
                  .reveal(gameId)
                  .catch(() => client.toasts.show('Something went wrong. Try again later.', 'error'))
              }
            />
          </section>
          <TrendingPlayers players={players.data?.players ?? []} max={SIDEBAR_TRENDING_PLAYERS} />
          <LazyChatPanel
            place={{ kind: 'sport', sportSlug: sport.slug }}
            scope={{ sportId: sport.slug }}
            variant="sidebar"
            label={`${sport.name} chat`}
          />
          {adsVisible && <AdSlot list="sidebar" platform={platform} slot={0} />}
        </aside>
      </div>
    </article>
  );
}
