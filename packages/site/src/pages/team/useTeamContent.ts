/**
 * A content read of a team page: a core resource function run through the cache under a
 * `site/team-<name>` key (so the page re-renders on changes), apart from the `api/v1/...` key the
 * resource function caches itself (the same key would make the request wait on itself).
 * @module
 */
import type { QueryParams, ResourceSnapshot } from '@sportspyder/core';
import { useResource } from '@sportspyder/react';

/** The cache key prefix of the team page reads named `name`. */
export function teamContentKey(name: string): string {
  return `site/team-${name}`;
}

/** Loads `fetcher` under `site/team-<name>` with `params` in the key; `enabled: false` loads nothing. */
export function useTeamContent<T>(
  name: string,
  params: QueryParams,
  fetcher: () => Promise<T>,
  enabled = true,
): ResourceSnapshot<T> {
  return useResource<T>({ path: teamContentKey(name), params }, fetcher, { enabled });
}
