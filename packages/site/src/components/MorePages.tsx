/**
 * The end of a news feed that reads its next pages by scrolling (spec 2 §9): each page read so far as
 * its own article list (with that page's ads), the live status line, then the pager, which goes on from
 * the last page shown. The sport, team and shared news feed pages render it after their first page.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import { ArticleList, type ArticleListProps, type InfinitePages, Pagination } from '@sportspyder/react';
import { InfiniteScrollStatus } from './InfiniteScrollStatus.js';

/** Props of {@link MorePages}. */
export interface MorePagesProps<T extends Article = Article> {
  /** The list's pages read by scrolling (from `useInfinitePages`). */
  scroll: InfinitePages<T>;
  /** How each page's list is shown: the first page's props but its articles, page and feed inserts. */
  list: Omit<ArticleListProps<T>, 'articles' | 'page' | 'inserts' | 'renderInsert'>;
  /** The list's page count. */
  totalPages: number;
  /** The link of page `n`. */
  hrefFor: (page: number) => string;
  /** Show the loading and failure line (default true); false where nothing is read by scrolling. */
  status?: boolean;
}

/**
 * The pages a feed added by scrolling, its status line and its pager.
 *
 * @example
 * ```tsx
 * <ArticleList {...list} articles={articles} page={page} />
 * <MorePages scroll={scroll} list={list} totalPages={totalPages} hrefFor={(p) => `?page=${p}`} />
 * ```
 */
export function MorePages<T extends Article = Article>({
  scroll,
  list,
  totalPages,
  hrefFor,
  status = true,
}: MorePagesProps<T>) {
  return (
    <>
      {scroll.more.map((more) => (
        <ArticleList key={more.page} {...list} articles={more.items} page={more.page} />
      ))}
      {status && <InfiniteScrollStatus loading={scroll.loading} failed={scroll.error !== null} />}
      <Pagination page={scroll.lastPage} totalPages={totalPages} hrefFor={hrefFor} />
    </>
  );
}
