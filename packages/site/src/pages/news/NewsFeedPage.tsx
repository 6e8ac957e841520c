/**
 * The shared news feed page of spec 2 §2 (player, source, topic, fantasy team and user news): a title
 * with the RSS link when the list's meta has one, an optional header and tabs, the article list with
 * its ads, infinite scroll (spec 2 §9: the next pages appended as the reader nears the end, up to 5
 * pages) when the page says how to read a page, pagination by `?page=` and the empty state.
 * @module
 */
import type { Article, ArticleList as ArticleListResponse } from '@sportspyder/contract';
import type { ResourceSnapshot } from '@sportspyder/core';
import { ArticleList, EmptyState, RssLink, useInfinitePages } from '@sportspyder/react';
import type { ReactNode } from 'react';
import { MorePages } from '../../components/MorePages.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { useListSettings } from '../sport/useListSettings.js';
import './news.css';

/** Props of {@link NewsFeedPage}. */
export interface NewsFeedPageProps {
  /** The page title (also the document title). */
  title: string;
  /** The articles of the current page. */
  articles: ResourceSnapshot<ArticleListResponse>;
  /** The link of page `n` (keeps the page's own query, e.g. `fantasyTeamId`). */
  hrefFor: (page: number) => string;
  /** A header above the list (player or source box). */
  header?: ReactNode;
  /** Tabs under the title. */
  tabs?: ReactNode;
  /** The empty state's title (default "No Articles"). */
  emptyTitle?: string;
  /** The empty state's text. */
  emptyText?: string;
  /** Extra class name of the page. */
  className?: string;
  /**
   * Infinite scroll: the list's name (another name starts over) and how to read page `n`'s articles.
   * Left out (a one-page list), the pager alone pages.
   */
  scroll?: { key: string; fetchPage: (page: number) => Promise<readonly Article[]> };
}

/**
 * A titled news feed with its RSS link, ads, paging and empty state.
 *
 * @example
 * ```tsx
 * <NewsFeedPage title="Golf News" articles={snapshot} hrefFor={(p) => `/s/golf?page=${p}`} />
 * ```
 */
export function NewsFeedPage({
  title,
  articles,
  hrefFor,
  header,
  tabs,
  emptyTitle = 'No Articles',
  emptyText = 'There are no recent articles.',
  className,
  scroll,
}: NewsFeedPageProps) {
  useDocumentTitle(title);
  const { page, platform, adsVisible, linksInNewWindow } = useListSettings();
  const list = articles.data?.articles ?? [];
  const totalPages = articles.data?.meta.pagination.totalPages ?? 0;
  const more = useInfinitePages({
    key: scroll?.key ?? 'none',
    startPage: page,
    // Without a reader of pages nothing loads by scrolling.
    totalPages: scroll && articles.data ? totalPages : null,
    fetchPage: (p) => scroll?.fetchPage(p) ?? Promise.resolve([]),
  });
  // Every page of the feed, the first and those read by scrolling, is shown alike.
  const listProps = { context: 'default', platform, adsVisible, linksInNewWindow, headingLevel: 2 } as const;
  return (
    <article className={`ss-page ss-news-page${className ? ` ${className}` : ''}`}>
      <header className="ss-page__header ss-news-page__header">
        <h1 className="ss-page__title">{title}</h1>
        <RssLink href={articles.data?.meta.rss} feed={title} />
      </header>
      {header}
      {tabs}
      <NewsFeedBody
        articles={articles}
        empty={<EmptyState title={emptyTitle} text={emptyText} />}
        list={
          <>
            <ArticleList {...listProps} articles={list} page={page} />
            <MorePages
              scroll={more}
              list={listProps}
              totalPages={totalPages}
              hrefFor={hrefFor}
              status={scroll !== undefined}
            />
          </>
        }
      />
    </article>
  );
}

/** Loading, error, empty or the list, by the state of the read. */
function NewsFeedBody({
  articles,
  empty,
  list,
}: {
  articles: ResourceSnapshot<ArticleListResponse>;
  empty: ReactNode;
  list: ReactNode;
}) {
  if (articles.data) return articles.data.articles.length === 0 ? empty : list;
  if (articles.status === 'error') {
    return <p className="ss-page__description">The news could not be loaded. Try again later.</p>;
  }
  return <p className="ss-loading-text">Loading…</p>;
}

/** The link of page `page` of `path`, keeping `query` (page 1 has no `page` parameter). */
export function pageHref(path: string, page: number, query: Record<string, string | null | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
