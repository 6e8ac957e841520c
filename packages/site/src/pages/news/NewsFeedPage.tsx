/**
 * The shared news feed page of spec 2 §2 (player, source, topic, fantasy team and user news): a title
 * with the RSS link when the list's meta has one, an optional header and tabs, the article list with
 * its ads, pagination by `?page=` and the empty state.
 * @module
 */
import type { ArticleList as ArticleListResponse } from '@sportspyder/contract';
import type { ResourceSnapshot } from '@sportspyder/core';
import { ArticleList, EmptyState, Pagination } from '@sportspyder/react';
import type { ReactNode } from 'react';
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
}: NewsFeedPageProps) {
  useDocumentTitle(title);
  const { page, platform, adsVisible, linksInNewWindow } = useListSettings();
  const rss = articles.data?.meta.rss;
  const list = articles.data?.articles ?? [];
  const totalPages = articles.data?.meta.pagination.totalPages ?? 0;
  return (
    <article className={`ss-page ss-news-page${className ? ` ${className}` : ''}`}>
      <header className="ss-page__header ss-news-page__header">
        <h1 className="ss-page__title">{title}</h1>
        {rss && (
          <a className="ss-rss-link" href={rss} title={`${title} RSS feed`}>
            RSS
          </a>
        )}
      </header>
      {header}
      {tabs}
      <NewsFeedBody
        articles={articles}
        empty={<EmptyState title={emptyTitle} text={emptyText} />}
        list={
          <>
            <ArticleList
              articles={list}
              context="default"
              platform={platform}
              page={page}
              adsVisible={adsVisible}
              linksInNewWindow={linksInNewWindow}
              headingLevel={2}
            />
            <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />
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
