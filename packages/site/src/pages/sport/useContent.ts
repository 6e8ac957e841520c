/**
 * A content read for a page: a core resource function run through the cache under a `site/<name>`
 * key (so the page re-renders on changes), kept apart from the `api/v1/...` key the resource
 * function caches itself (the same key would make the request wait on itself).
 * @module
 */
import type { QueryParams, ResourceSnapshot } from '@sportspyder/core';
import { useResource } from '@sportspyder/react';

/** The cache key prefix of the page reads named `name`. */
export function contentKeyPrefix(name: string): string {
  return `site/${name}`;
}

/** Loads `fetcher` under `site/<name>` with `params` in the key; `enabled: false` loads nothing. */
export function useContent<T>(
  name: string,
  params: QueryParams,
  fetcher: () => Promise<T>,
  enabled = true,
): ResourceSnapshot<T> {
  return useResource<T>({ path: contentKeyPrefix(name), params }, fetcher, { enabled });
}
