/**
 * Infinite scroll of a paged list in React (spec 2 §9): core's `createInfiniteScroll` fed by the
 * window's scroll events. Near the end of the page the next page is read and appended, at most 5 pages
 * in all counting the one the URL shows, with scroll events handled at most once per 50 ms (core's
 * rules); after that, or without script, the pager's links go on. The pages read by scrolling are kept
 * apart, each with its number, so a list can place its ads by each page's own slot table.
 * @module
 */
import { createInfiniteScroll, type InfiniteScrollSnapshot } from '@sportspyder/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from './useStore.js';

/** Options of {@link useInfinitePages}. */
export interface UseInfinitePagesOptions<T> {
  /** Names the list: another key (another team, another feed) starts over. */
  key: string;
  /** The page the URL shows, from 1. */
  startPage: number;
  /** The list's page count once its first answer says it; null while unknown (nothing loads yet). */
  totalPages: number | null;
  /** Reads the items of page `page`. */
  fetchPage: (page: number) => Promise<readonly T[]>;
}

/** One page read by scrolling. */
export interface InfinitePage<T> {
  /** Its number. */
  readonly page: number;
  /** Its items. */
  readonly items: readonly T[];
}

/** What the list renders. */
export interface InfinitePages<T> extends InfiniteScrollSnapshot {
  /** The pages read by scrolling after the first one shown, in order. */
  readonly more: readonly InfinitePage<T>[];
  /** The last page shown: the pager goes on from it. */
  readonly lastPage: number;
  /** Reads the next page now (a button's action). */
  loadMore(): Promise<void>;
}

/**
 * The pages a list adds as the reader scrolls.
 *
 * @example
 * ```tsx
 * const scroll = useInfinitePages({
 *   key: team.slug, startPage: page, totalPages: data?.meta.pagination.totalPages ?? null,
 *   fetchPage: async (p) => (await listTeamArticles(client, { teamId: team.slug, page: p })).articles,
 * });
 * // render page `page`'s list, then each of scroll.more, then <Pagination page={scroll.lastPage} … />
 * ```
 */
export function useInfinitePages<T>({
  key,
  startPage,
  totalPages,
  fetchPage,
}: UseInfinitePagesOptions<T>): InfinitePages<T> {
  const id = `${key}@${startPage}`;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const totalRef = useRef(totalPages ?? 0);
  totalRef.current = totalPages ?? 0;
  const [loaded, setLoaded] = useState<{ id: string; more: readonly InfinitePage<T>[] }>({ id, more: [] });
  const known = totalPages !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one controller per list and first page
  const controller = useMemo(
    () =>
      createInfiniteScroll({
        // The controller counts pages shown from 1; the list's pages start at the URL's.
        loadPage: async (shown) => {
          const page = startPage + shown - 1;
          const items = await fetchRef.current(page);
          setLoaded((now) => ({ id, more: [...(now.id === id ? now.more : []), { page, items }] }));
          return page < totalRef.current;
        },
        initial: { pages: 1, hasMore: startPage < (totalPages ?? 0) },
      }),
    [id, known],
  );

  useEffect(() => {
    if (!known || typeof window === 'undefined') return;
    const onScroll = () =>
      controller.onScroll({
        scrollTop: window.scrollY,
        viewportHeight: window.innerHeight,
        contentHeight: document.documentElement.scrollHeight,
      });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      controller.dispose();
    };
  }, [controller, known]);

  const snapshot = useStore(controller);
  const more = loaded.id === id ? loaded.more : [];
  return {
    ...snapshot,
    more,
    lastPage: more.at(-1)?.page ?? startPage,
    loadMore: controller.loadMore,
  };
}
