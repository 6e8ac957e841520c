/**
 * Shared plumbing of the content resource functions: the slice of the client they need, how a
 * route url of the contract registry (`/api/v1/teams/:teamId/articles`) becomes a request path
 * (`api/v1/teams/dallas-cowboys/articles`), and cached reads. The url strings are copied from the
 * registry because core imports the contract for its types only.
 * @module
 */
import type { ListMeta } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import type { QueryParams } from '../transport.js';

/** The part of the client the content resources use (the real client satisfies it). */
export type ContentClient = Pick<SportSpyderClient, 'api' | 'cache' | 'session' | 'fetchResource' | 'toasts'>;

/** A path parameter value: a slug or a numeric id. */
export type PathValue = string | number;

/** Paging query of the list calls. */
export type PageParams = {
  /** Page number, from 1. */
  page?: number | undefined;
  /** Items per page (each list has its default, spec 2 §9). */
  perPage?: number | undefined;
};

/** A list answer `{ <plural>: T[], meta: { pagination } }` for the lists the contract does not name. */
export type ListOf<N extends string, T> = { [K in N]: T[] } & { meta: ListMeta };

/**
 * Fills the `:name` placeholders of a registry url and drops the leading slash, giving the path
 * the transport and the cache keys use. Values are URI-encoded.
 *
 * @example
 * ```ts
 * apiPath('/api/v1/teams/:teamId/articles', { teamId: 'dallas-cowboys' }); // 'api/v1/teams/dallas-cowboys/articles'
 * ```
 */
export function apiPath(url: string, params: Readonly<Record<string, PathValue>> = {}): string {
  const filled = url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new TypeError(`Missing path parameter "${name}" for ${url}`);
    return encodeURIComponent(String(value));
  });
  return filled.replace(/^\/+/, '');
}

/** Reads `url` (with `params` filled in) through the client's cache. */
export function cachedGet<T>(
  client: ContentClient,
  url: string,
  params: Readonly<Record<string, PathValue>> = {},
  query?: QueryParams,
): Promise<T> {
  return client.fetchResource<T>(apiPath(url, params), query);
}

/**
 * Invalidates every cache key starting with one of `prefixes` (duplicates and empty entries are
 * skipped) and resolves when the refetches of watched keys settled.
 */
export async function invalidateAll(
  client: ContentClient,
  prefixes: readonly (string | null | undefined | false)[],
): Promise<void> {
  const unique = [...new Set(prefixes.filter((p): p is string => typeof p === 'string' && p !== ''))];
  await Promise.all(unique.map((prefix) => client.cache.invalidate(prefix)));
}
