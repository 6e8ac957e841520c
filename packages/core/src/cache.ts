/**
 * The small resource cache shared by the site and the embeds: entries keyed by path and sorted
 * params, in-flight de-duplication (concurrent reads share one request), stale-while-revalidate
 * (subscribers keep the cached data while a refetch runs) and invalidation by key prefix after
 * mutations. Snapshots are frozen and keep their reference until the entry changes, which is what
 * React's `useSyncExternalStore` needs.
 * @module
 */
import { EventEmitter } from 'eventemitter3';
import type { QueryParams } from './transport.js';

/**
 * Identifies a cached resource: a serialized key string (see {@link resourceKey}) or the path and
 * params it is made from.
 */
export type ResourceKey = string | ResourceKeyParts;

/** The parts a {@link ResourceKey} is made from. */
export interface ResourceKeyParts {
  /** The API path, e.g. `api/v1/teams`. */
  readonly path: string;
  /** The query params (order does not matter). */
  readonly params?: QueryParams | undefined;
}

/** Where a resource is in its life. */
export type ResourceStatus = 'idle' | 'loading' | 'success' | 'error';

/** What a subscriber sees of one resource. */
export interface ResourceSnapshot<T = unknown> {
  /** 'idle' before any fetch, 'loading' during the first, then 'success' or 'error'. */
  readonly status: ResourceStatus;
  /** The latest data; kept through refetches and errors (stale-while-revalidate). */
  readonly data?: T | undefined;
  /** The error of the last failed fetch, cleared by the next success. */
  readonly error?: unknown;
  /** True while a request for this key is running (first load or background refetch). */
  readonly isFetching: boolean;
  /** When `data` arrived (ms since the epoch), 0 when there is none. */
  readonly updatedAt: number;
}

/** Loads the data of a key. */
export type Fetcher<T> = () => Promise<T>;

/** Options of one {@link ResourceCache.query}. */
export interface QueryOptions {
  /** Data younger than this (ms) is served without a refetch; default: the cache's `staleTime`. */
  staleTime?: number;
  /** Fetch even when fresh data exists (an in-flight request is still shared). */
  force?: boolean;
}

/** Options of {@link createResourceCache}. */
export interface ResourceCacheOptions {
  /** Default freshness in ms (default 0: every query revalidates in the background). */
  staleTime?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** The resource cache. */
export interface ResourceCache {
  /**
   * Reads `key`: resolves with cached data when it is fresh, joins the running request when there
   * is one, else fetches. Stale data stays in the snapshot while the refetch runs.
   */
  query<T>(key: ResourceKey, fetcher: Fetcher<T>, options?: QueryOptions): Promise<T>;
  /** The snapshot of `key` (same reference until it changes). */
  getSnapshot<T>(key: ResourceKey): ResourceSnapshot<T>;
  /** Alias of {@link ResourceCache.getSnapshot}. */
  read<T>(key: ResourceKey): ResourceSnapshot<T>;
  /** Calls `listener` whenever the snapshot of `key` changes; returns the unsubscribe function. */
  subscribe(key: ResourceKey, listener: () => void): () => void;
  /**
   * Marks every key starting with `prefix` (a serialized key prefix such as `api/v1/teams`) stale:
   * keys with subscribers refetch (keeping their data meanwhile), the others are dropped.
   * Resolves when the refetches settled.
   */
  invalidate(prefix?: string): Promise<void>;
  /** Stores `data` for `key` as fresh (e.g. the answer of a mutation). */
  set<T>(key: ResourceKey, data: T): void;
  /** Drops every entry and notifies subscribers. */
  clear(): void;
}

/**
 * The canonical string of a key: the path without leading slashes, then `?` and the params sorted
 * by name (undefined and null left out), so `{a:1,b:2}` and `{b:2,a:1}` share an entry.
 *
 * @example
 * ```ts
 * resourceKey('api/v1/sports', { includes: 'teams' }); // 'api/v1/sports?includes=teams'
 * ```
 */
export function resourceKey(path: string, params?: QueryParams): string {
  const clean = path.replace(/^\/+/, '');
  const search = new URLSearchParams();
  for (const name of Object.keys(params ?? {}).sort()) {
    const value = params?.[name];
    if (value == null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const query = search.toString();
  return query ? `${clean}?${query}` : clean;
}

function keyString(key: ResourceKey): string {
  return typeof key === 'string' ? key.replace(/^\/+/, '') : resourceKey(key.path, key.params);
}

interface Entry {
  snapshot: ResourceSnapshot<unknown>;
  fetcher?: Fetcher<unknown>;
  promise?: Promise<unknown>;
  /** Bumped by every new request, so an older request's answer cannot overwrite a newer one. */
  generation: number;
}

const IDLE: ResourceSnapshot<never> = Object.freeze({ status: 'idle', isFetching: false, updatedAt: 0 });

/**
 * Creates an empty cache.
 *
 * @example
 * ```ts
 * const cache = createResourceCache();
 * const key = resourceKey('api/v1/teams');
 * const off = cache.subscribe(key, () => render(cache.getSnapshot(key)));
 * await cache.query(key, () => api.get('api/v1/teams'));
 * ```
 */
export function createResourceCache(options: ResourceCacheOptions = {}): ResourceCache {
  const emitter = new EventEmitter();
  const entries = new Map<string, Entry>();
  const now = options.now ?? (() => Date.now());
  const defaultStale = options.staleTime ?? 0;

  function update(key: string, entry: Entry, patch: Partial<ResourceSnapshot<unknown>>) {
    entry.snapshot = Object.freeze({ ...entry.snapshot, ...patch });
    emitter.emit(key);
  }

  function run(key: string, entry: Entry, fetcher: Fetcher<unknown>): Promise<unknown> {
    const generation = ++entry.generation;
    entry.fetcher = fetcher;
    const promise = Promise.resolve()
      .then(fetcher)
      .then(
        (data) => {
          if (entry.generation === generation && entries.get(key) === entry) {
            entry.promise = undefined;
            update(key, entry, {
              status: 'success',
              data,
              error: undefined,
              isFetching: false,
              updatedAt: now(),
            });
          }
          return data;
        },
        (error: unknown) => {
          if (entry.generation === generation && entries.get(key) === entry) {
            entry.promise = undefined;
            update(key, entry, { status: 'error', error, isFetching: false });
          }
          throw error;
        },
      );
    entry.promise = promise;
    const { status } = entry.snapshot;
    update(key, entry, { status: status === 'idle' ? 'loading' : status, isFetching: true });
    return promise;
  }

  function entryFor(key: string): Entry {
    let entry = entries.get(key);
    if (!entry) {
      entry = { snapshot: IDLE, generation: 0 };
      entries.set(key, entry);
    }
    return entry;
  }

  const cache: ResourceCache = {
    query<T>(rawKey: ResourceKey, fetcher: Fetcher<T>, queryOptions: QueryOptions = {}): Promise<T> {
      const key = keyString(rawKey);
      const entry = entryFor(key);
      entry.fetcher = fetcher as Fetcher<unknown>;
      if (entry.promise) return entry.promise as Promise<T>;
      const { snapshot } = entry;
      const staleTime = queryOptions.staleTime ?? defaultStale;
      const fresh = snapshot.status === 'success' && now() - snapshot.updatedAt < staleTime;
      if (fresh && !queryOptions.force) return Promise.resolve(snapshot.data as T);
      return run(key, entry, fetcher as Fetcher<unknown>) as Promise<T>;
    },
    getSnapshot<T>(rawKey: ResourceKey): ResourceSnapshot<T> {
      return (entries.get(keyString(rawKey))?.snapshot ?? IDLE) as ResourceSnapshot<T>;
    },
    read<T>(rawKey: ResourceKey): ResourceSnapshot<T> {
      return cache.getSnapshot<T>(rawKey);
    },
    subscribe(rawKey, listener) {
      const key = keyString(rawKey);
      emitter.on(key, listener);
      return () => {
        emitter.off(key, listener);
      };
    },
    async invalidate(prefix = '') {
      const clean = prefix.replace(/^\/+/, '');
      const refetches: Promise<unknown>[] = [];
      for (const [key, entry] of [...entries]) {
        if (!key.startsWith(clean)) continue;
        if (emitter.listenerCount(key) > 0 && entry.fetcher) {
          // A request already running may carry data from before the mutation: start a new one.
          refetches.push(run(key, entry, entry.fetcher).catch(() => undefined));
        } else {
          entries.delete(key);
        }
      }
      await Promise.all(refetches);
    },
    set(rawKey, data) {
      const key = keyString(rawKey);
      const entry = entryFor(key);
      entry.generation++;
      entry.promise = undefined;
      update(key, entry, { status: 'success', data, error: undefined, isFetching: false, updatedAt: now() });
    },
    clear() {
      const keys = [...entries.keys()];
      entries.clear();
      for (const key of keys) emitter.emit(key);
    },
  };
  return cache;
}
