/**
 * A feed of article cards with ad slots interleaved at the positions the core computes for the
 * list kind, context, platform and page, and optionally the team feed inserts (newsletter,
 * podcasts notice, ...) rendered by the page. PRO members (`adsVisible` false) get no slots at all.
 * While the ad decision is not known yet (`adsVisible` null: the session is loading) the list shows
 * its loading line instead of its items, so a slot never appears between items already on screen.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import {
  type AdContext,
  type AdListKind,
  type AdPlatform,
  adSlots,
  feedEntries,
  NO_ARTICLES_TITLE,
  type TeamFeedInsert,
  type TeamFeedInsertKind,
} from '@sportspyder/core';
import type { ReactNode } from 'react';
import type { LinkComponent } from '../components/Link.js';
import { AdSlot } from './AdSlot.js';
import { ArticleCard } from './ArticleCard.js';
import { EmptyState } from './EmptyState.js';

/** Props of {@link ArticleList}. */
export interface ArticleListProps<T extends Article = Article> {
  /** The articles of this page. */
  articles: readonly T[];
  /** The ad table row to use (default `'articles'`; video feeds pass `'videos'`). */
  list?: AdListKind;
  /** Where the list is shown (default `'default'`). */
  context?: AdContext;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** The feed page (mobile ads stop from page 5). */
  page?: number;
  /**
   * False hides every ad slot (PRO and trial members, experiment off); null means not known yet
   * (the session is loading): the list waits, showing its loading line.
   */
  adsVisible?: boolean | null;
  /** Team feed inserts (from the core's `teamFeedInserts`), rendered by `renderInsert`. */
  inserts?: readonly TeamFeedInsert[];
  /** Renders an insert box. */
  renderInsert?: (kind: TeamFeedInsertKind) => ReactNode;
  /** Renders one article (default: an {@link ArticleCard}). */
  renderItem?: (article: T, index: number) => ReactNode;
  /** Open article links in a new window. */
  linksInNewWindow?: boolean;
  /** Offers a "Hide" action on each card. */
  onHide?: (article: T) => void;
  /** The reference time of the relative dates. */
  now?: Date;
  /** Empty-state heading (default "No Articles"). */
  emptyTitle?: string;
  /** Empty-state sentence. */
  emptyText?: string;
  /** Cards in a grid (2 per row from 768 px, 3 from 1100 px) instead of one column. */
  grid?: boolean;
  /** Link component override. */
  LinkComponent?: LinkComponent;
  /** Heading level of the default cards' titles (2 when the list follows the page's h1; default 3). */
  headingLevel?: 2 | 3;
}

/**
 * A page of articles with its ad slots.
 *
 * @example
 * ```tsx
 * <ArticleList articles={articles} context="team" platform={isMobile ? 'mobile' : 'desktop'} page={page}
 *   adsVisible={visibility.ads} />
 * ```
 */
export function ArticleList<T extends Article = Article>(props: ArticleListProps<T>) {
  const {
    articles,
    list = 'articles',
    context = 'default',
    platform,
    page = 1,
    adsVisible = true,
    inserts,
    renderInsert,
    renderItem,
    linksInNewWindow,
    onHide,
    now,
    emptyTitle = NO_ARTICLES_TITLE,
    emptyText,
    grid = false,
    LinkComponent,
    headingLevel,
  } = props;
  if (adsVisible === null) return <p className="ss-loading-text">Loading…</p>;
  if (articles.length === 0) return <EmptyState title={emptyTitle} text={emptyText} />;
  const slots = adsVisible ? adSlots({ list, context, platform, page }) : [];
  const entries = feedEntries(articles, { adSlots: slots, inserts: renderInsert ? inserts : [] });
  return (
    <ol className={`ss-article-list${grid ? ' ss-article-list--grid' : ''}`}>
      {entries.map((entry) => {
        if (entry.kind === 'ad') {
          return (
            <li key={`ad-${entry.slot}`} className="ss-article-list__ad">
              <AdSlot list={list} context={context} platform={platform} slot={entry.slot} page={page} />
            </li>
          );
        }
        if (entry.kind === 'insert') {
          return (
            <li key={`insert-${entry.insert}`} className="ss-article-list__insert">
              {renderInsert?.(entry.insert)}
            </li>
          );
        }
        return (
          <li key={entry.item.id} className="ss-article-list__item">
            {renderItem ? (
              renderItem(entry.item, entry.index)
            ) : (
              <ArticleCard
                article={entry.item}
                linksInNewWindow={linksInNewWindow}
                now={now}
                onHide={onHide as ((article: Article) => void) | undefined}
                LinkComponent={LinkComponent}
                headingLevel={headingLevel}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
