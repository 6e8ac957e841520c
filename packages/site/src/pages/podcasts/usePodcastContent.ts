/**
 * A podcast page read: a core resource function run through the cache under a `site/podcasts/<name>`
 * key (see the sport pages' `useContent`), plus the `?page=` of the URL.
 * @module
 */
import type { QueryParams, ResourceSnapshot } from '@sportspyder/core';
import { useResource } from '@sportspyder/react';
import { useSearchParams } from 'react-router';

/** The cache prefix of every podcast page read (invalidated after follows and listens changes). */
export const PODCAST_CONTENT_KEY = 'site/podcasts';

/** Loads `fetcher` under `site/podcasts/<name>` with `params` in the key. */
export function usePodcastContent<T>(
  name: string,
  params: QueryParams,
  fetcher: () => Promise<T>,
  enabled = true,
): ResourceSnapshot<T> {
  return useResource<T>({ path: `${PODCAST_CONTENT_KEY}/${name}`, params }, fetcher, { enabled });
}

/** The page of `?page=` (1 when missing or invalid). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(raw) && raw > 0 ? raw : 1;
}

/** `base` with `?page=N` for pages after the first. */
export function pagePath(base: string, page: number): string {
  return page > 1 ? `${base}?page=${page}` : base;
}
