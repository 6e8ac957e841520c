/**
 * Podcast episodes downloaded for offline listening (issue 49): the audio goes into Cache Storage
 * ({@link EPISODE_CACHE}), where the site's service worker answers the player's requests for it, ranges
 * included, online or not; the list (the episodes themselves, so the list plays without the API) goes
 * into the storage adapter. Bounded by count and bytes ({@link EPISODE_DOWNLOADS_MAX},
 * {@link EPISODE_DOWNLOADS_MAX_BYTES}). The browser may evict the cache on its own: the list is checked
 * against the cache when it loads, and what is gone is dropped.
 * @module
 */
import type { PodcastEpisode } from '@sportspyder/contract';
import { readJson, type StorageAdapter, writeJson } from '../storage.js';
import { createValueStore, type Observable } from '../store.js';
import { EPISODE_CACHE, EPISODE_DOWNLOADS_MAX, EPISODE_DOWNLOADS_MAX_BYTES } from './offline-rules.js';

/** The storage key of the list of downloads. */
export const DOWNLOADS_STORAGE_KEY = 'sportspyder.downloads';

/** One downloaded episode. */
export interface EpisodeDownload {
  /** The episode as the API gave it when it was downloaded. */
  episode: PodcastEpisode;
  /** Size of the stored audio in bytes. */
  bytes: number;
  /** When it was downloaded (ms since the epoch). */
  savedAt: number;
}

/** What {@link EpisodeDownloads} holds. */
export interface EpisodeDownloadsSnapshot {
  /** Downloaded episodes, newest first. */
  downloads: readonly EpisodeDownload[];
  /** Ids of the episodes being downloaded now. */
  pending: readonly number[];
  /** False where the browser has no Cache Storage (downloads cannot work). */
  supported: boolean;
}

/** Why a download was refused or failed; `message` is what the control shows. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** The shape of Cache Storage the downloads use (`globalThis.caches` satisfies it). */
export interface CacheStorageLike {
  open(name: string): Promise<{
    put(request: string, response: Response): Promise<void>;
    delete(request: string): Promise<boolean>;
    keys(): Promise<readonly { url: string }[]>;
  }>;
}

/** Options of {@link createEpisodeDownloads}. */
export interface EpisodeDownloadsOptions {
  /** Where the list is kept. */
  storage: StorageAdapter;
  /** Cache Storage (default: `globalThis.caches`; absent outside secure browser contexts). */
  caches?: CacheStorageLike | undefined;
  /** The `fetch` that downloads the audio (default: the global one). */
  fetch?: typeof fetch | undefined;
  /** The page URL, to resolve site-relative audio URLs (default: `location.href`). */
  location?: () => string;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** Downloads of episodes for offline listening. */
export interface EpisodeDownloads extends Observable<EpisodeDownloadsSnapshot> {
  /** Downloads the episode's audio; rejects with a {@link DownloadError} saying why when it cannot. */
  download(episode: PodcastEpisode): Promise<void>;
  /** Removes a download (the list and the stored audio). */
  remove(episodeId: number): Promise<void>;
  /** True when the episode is downloaded. */
  has(episodeId: number): boolean;
  /** Drops the listed downloads whose audio the browser evicted. */
  verify(): Promise<void>;
}

/** The absolute URL the audio is stored and requested under. */
export function audioKey(url: string, pageUrl: string): string {
  return new URL(url, pageUrl).href;
}

/**
 * True when the page may download the episode's audio: audio on the site's own origin (the demo
 * world's, or audio the server serves). The CSP's connect-src is 'self' for the page and its service
 * worker, and other hosts rarely allow CORS, so their enclosures stream only.
 */
export function canDownloadEpisode(episode: Pick<PodcastEpisode, 'enclosureUrl'>, pageUrl: string): boolean {
  try {
    return new URL(episode.enclosureUrl, pageUrl).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/** "12.3 MB": a download's size for the list. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Creates the downloads store.
 *
 * @example
 * ```ts
 * const downloads = createEpisodeDownloads({ storage: browserStorage() });
 * await downloads.download(episode); // the player now plays it from the cache, offline too
 * ```
 */
export function createEpisodeDownloads(options: EpisodeDownloadsOptions): EpisodeDownloads {
  const cacheStorage =
    options.caches ?? (globalThis as unknown as { caches?: CacheStorageLike }).caches ?? undefined;
  const now = options.now ?? (() => Date.now());
  const pageUrl = options.location ?? (() => globalThis.location?.href ?? 'http://localhost/');
  const stored = readJson<EpisodeDownload[]>(options.storage, DOWNLOADS_STORAGE_KEY);
  const store = createValueStore<EpisodeDownloadsSnapshot>({
    downloads: Array.isArray(stored) ? stored : [],
    pending: [],
    supported: cacheStorage !== undefined,
  });

  const save = (downloads: readonly EpisodeDownload[]) => {
    store.update({ downloads });
    writeJson(options.storage, DOWNLOADS_STORAGE_KEY, downloads);
  };
  const setPending = (id: number, on: boolean) => {
    const rest = store.getSnapshot().pending.filter((pendingId) => pendingId !== id);
    store.update({ pending: on ? [...rest, id] : rest });
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    has: (episodeId) => store.getSnapshot().downloads.some((item) => item.episode.id === episodeId),
    async download(episode) {
      if (!cacheStorage) throw new DownloadError('This browser cannot keep episodes for offline listening.');
      if (!canDownloadEpisode(episode, pageUrl()))
        throw new DownloadError('This episode cannot be downloaded.');
      const { downloads, pending } = store.getSnapshot();
      if (pending.includes(episode.id) || downloads.some((item) => item.episode.id === episode.id)) return;
      if (downloads.length >= EPISODE_DOWNLOADS_MAX) {
        throw new DownloadError(
          `At most ${EPISODE_DOWNLOADS_MAX} episodes can be downloaded. Remove one first.`,
        );
      }
      const used = downloads.reduce((sum, item) => sum + item.bytes, 0);
      const limitText = `Downloads are limited to ${formatBytes(EPISODE_DOWNLOADS_MAX_BYTES)}. Remove one first.`;
      if (used + (episode.enclosureLength ?? 0) > EPISODE_DOWNLOADS_MAX_BYTES)
        throw new DownloadError(limitText);
      setPending(episode.id, true);
      try {
        const key = audioKey(episode.enclosureUrl, pageUrl());
        let response: Response;
        try {
          response = await (options.fetch ?? globalThis.fetch)(key, { credentials: 'omit' });
        } catch {
          throw new DownloadError('The episode could not be downloaded. Check the connection and try again.');
        }
        // A whole file only: a 206 would store a fragment as if it were the episode.
        if (response.status !== 200)
          throw new DownloadError('The episode could not be downloaded. Try again later.');
        const body = await response.blob();
        if (used + body.size > EPISODE_DOWNLOADS_MAX_BYTES) throw new DownloadError(limitText);
        const headers = new Headers(response.headers);
        headers.set('content-length', String(body.size));
        const cache = await cacheStorage.open(EPISODE_CACHE);
        await cache.put(key, new Response(body, { status: 200, headers }));
        save([{ episode, bytes: body.size, savedAt: now() }, ...store.getSnapshot().downloads]);
      } finally {
        setPending(episode.id, false);
      }
    },
    async remove(episodeId) {
      const item = store.getSnapshot().downloads.find((download) => download.episode.id === episodeId);
      if (!item) return;
      save(store.getSnapshot().downloads.filter((download) => download !== item));
      if (cacheStorage) {
        const cache = await cacheStorage.open(EPISODE_CACHE);
        await cache.delete(audioKey(item.episode.enclosureUrl, pageUrl()));
      }
    },
    async verify() {
      if (!cacheStorage) return;
      const cache = await cacheStorage.open(EPISODE_CACHE);
      const present = new Set((await cache.keys()).map((request) => request.url));
      const { downloads } = store.getSnapshot();
      const kept = downloads.filter((item) => present.has(audioKey(item.episode.enclosureUrl, pageUrl())));
      if (kept.length !== downloads.length) save(kept);
    },
  };
}
