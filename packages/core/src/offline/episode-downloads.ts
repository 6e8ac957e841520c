/**
 * Podcast episodes downloaded for offline listening (issue 49): the audio goes into Cache Storage
 * ({@link EPISODE_CACHE}), where the site's service worker answers the player's requests for it, ranges
 * included, online or not; the list (the episodes themselves, so the list plays without the API) goes
 * into the storage adapter. Bounded by count and bytes ({@link EPISODE_DOWNLOADS_MAX},
 * {@link EPISODE_DOWNLOADS_MAX_BYTES}). The browser may evict the cache on its own: the list is checked
 * against the cache when it loads, and what is gone is dropped. Audio on the site's own origin (the demo
 * world's) is fetched and stored under its own URL; a podcast host's goes through the server's relay
 * ({@link episodeAudioRelayPath}, members only) and is stored, and played, under the relay's URL: the
 * page's CSP lets it reach only its origin, and hosts rarely send CORS headers.
 * @module
 */
import type { PodcastEpisode } from '@sportspyder/contract';
import { readJson, type StorageAdapter, writeJson } from '../storage.js';
import { createValueStore, type Observable } from '../store.js';
import {
  EPISODE_CACHE,
  EPISODE_DOWNLOADS_MAX,
  EPISODE_DOWNLOADS_MAX_BYTES,
  episodeAudioRelayPath,
} from './offline-rules.js';

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

/** What the downloads and the player need to know of an episode to find its audio. */
export type EpisodeAudio = Pick<PodcastEpisode, 'id' | 'enclosureUrl'>;

/** 'own': audio on the page's origin; 'relay': a podcast host's (http or https); null: neither. */
function audioPlace(enclosureUrl: string, pageUrl: string): 'own' | 'relay' | null {
  try {
    const url = new URL(enclosureUrl, pageUrl);
    if (url.origin === new URL(pageUrl).origin) return 'own';
    return url.protocol === 'https:' || url.protocol === 'http:' ? 'relay' : null;
  } catch {
    return null;
  }
}

/**
 * True when the page may offer to download the episode's audio: audio on the site's own origin (the
 * demo world's) to anyone, as before; a podcast host's to members, since it comes through the server's
 * relay, which answers members only.
 */
export function canDownloadEpisode(
  episode: Pick<PodcastEpisode, 'enclosureUrl'>,
  pageUrl: string,
  member = false,
): boolean {
  const place = audioPlace(episode.enclosureUrl, pageUrl);
  return place === 'own' || (place === 'relay' && member);
}

/**
 * The absolute URL the episode's audio is downloaded from and stored under: its own for audio on the
 * site's origin, the relay's ({@link episodeAudioRelayPath}) for a podcast host's.
 */
export function episodeAudioKey(episode: EpisodeAudio, pageUrl: string): string {
  return audioPlace(episode.enclosureUrl, pageUrl) === 'relay'
    ? audioKey(episodeAudioRelayPath(episode.id), pageUrl)
    : audioKey(episode.enclosureUrl, pageUrl);
}

/**
 * The URL the player loads for an episode: the relay's for a downloaded episode of a podcast host (the
 * service worker answers it from the stored copy, ranges included, online or not), else the enclosure.
 * The site gives it to the player engine (`PlayerOptions.audioUrl`), so the engine (and the player embed)
 * never loads the downloads module.
 *
 * @example
 * ```ts
 * createPlayer({ ...options, audioUrl: (episode) => playableAudioUrl(episode, downloads, location.href) });
 * ```
 */
export function playableAudioUrl(
  episode: EpisodeAudio,
  downloads: Pick<EpisodeDownloads, 'has'>,
  pageUrl: string,
): string {
  return downloads.has(episode.id) && audioPlace(episode.enclosureUrl, pageUrl) === 'relay'
    ? episodeAudioKey(episode, pageUrl)
    : episode.enclosureUrl;
}

/** What the control says when the relay or the host refused a download. */
async function refusalText(response: Response): Promise<string> {
  if (response.status === 401 || response.status === 403) return 'Sign in to download this episode.';
  if (response.status === 429) return 'You downloaded many episodes in the last hour. Try again later.';
  if (response.status === 422) {
    // The relay says why (the episode is over the size a download may take).
    const body = (await response.json().catch(() => null)) as { errors?: { title?: unknown }[] } | null;
    const title = body?.errors?.[0]?.title;
    if (typeof title === 'string') return title;
  }
  return 'The episode could not be downloaded. Try again later.';
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
      // Membership is the relay's to check (it answers 401, said as "Sign in" below).
      if (!canDownloadEpisode(episode, pageUrl(), true))
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
        const key = episodeAudioKey(episode, pageUrl());
        const relayed = audioPlace(episode.enclosureUrl, pageUrl()) === 'relay';
        let response: Response;
        try {
          // The relay is for members: it needs the session cookie; the site's own audio does not.
          response = await (options.fetch ?? globalThis.fetch)(key, {
            credentials: relayed ? 'same-origin' : 'omit',
          });
        } catch {
          throw new DownloadError('The episode could not be downloaded. Check the connection and try again.');
        }
        // A whole file only: a 206 would store a fragment as if it were the episode.
        if (response.status !== 200) throw new DownloadError(await refusalText(response));
        const announced = Number(response.headers.get('content-length'));
        if (used + (Number.isFinite(announced) ? announced : 0) > EPISODE_DOWNLOADS_MAX_BYTES) {
          void response.body?.cancel().catch(() => undefined);
          throw new DownloadError(limitText);
        }
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
        await cache.delete(episodeAudioKey(item.episode, pageUrl()));
      }
    },
    async verify() {
      if (!cacheStorage) return;
      const cache = await cacheStorage.open(EPISODE_CACHE);
      const present = new Set((await cache.keys()).map((request) => request.url));
      const { downloads } = store.getSnapshot();
      const kept = downloads.filter((item) => present.has(episodeAudioKey(item.episode, pageUrl())));
      if (kept.length !== downloads.length) save(kept);
    },
  };
}
