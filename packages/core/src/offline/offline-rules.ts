/**
 * The rules of offline reading and downloads (issue 49), shared by the page (core) and the site's
 * service worker, which imports them from here: the header that marks a copy served from the worker's
 * cache, the caches' names and their bounds, and the message that lets a waiting worker take over.
 * Why each bound is what it is: docs/decisions/offline-and-alerts.md "Installable and offline".
 * @module
 */

/**
 * Set by the service worker on an API answer it served from its cache instead of the network: the time
 * (ms since the epoch) the copy was stored. Its absence means the answer came from the network.
 */
export const OFFLINE_COPY_HEADER = 'x-sportspyder-cached-at';

/**
 * Set by the service worker beside {@link OFFLINE_COPY_HEADER}: why it answered from its copy,
 * `network-error` when the network failed (the page is offline, whatever `navigator.onLine` says) or
 * `timeout` when the network was slower than {@link API_NETWORK_TIMEOUT_SECONDS}.
 */
export const OFFLINE_COPY_REASON_HEADER = 'x-sportspyder-copy-reason';

/** The values of {@link OFFLINE_COPY_REASON_HEADER}. */
export type OfflineCopyReason = 'network-error' | 'timeout';

/** The service worker's cache of API reads (team news lists with their cards, the session, the reference). */
export const API_CACHE = 'sportspyder-api';
/** At most this many API answers are kept (about 30 team pages with their side reads). */
export const API_CACHE_MAX_ENTRIES = 150;
/** At most this many bytes of API answers are kept (a team news page answers about 30 to 60 KB). */
export const API_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** API copies older than this are dropped (a week-old news list is no longer news). */
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** How long the worker waits for the network before it answers an API read from its copy. */
export const API_NETWORK_TIMEOUT_SECONDS = 4;

/** The service worker's cache of team logos. */
export const LOGO_CACHE = 'sportspyder-logos';
/** At most this many logos are kept (a few leagues' worth). */
export const LOGO_CACHE_MAX_ENTRIES = 300;
/** Logos older than this are fetched again. */
export const LOGO_CACHE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The cache holding the audio of episodes downloaded for offline listening (written by the page). */
export const EPISODE_CACHE = 'sportspyder-episodes';
/** At most this many episodes are downloaded at once. */
export const EPISODE_DOWNLOADS_MAX = 10;
/** At most this many bytes of episode audio are downloaded at once (about ten hour-long episodes). */
export const EPISODE_DOWNLOADS_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * The server's relay of an episode's audio (contract `getPodcastEpisodeAudio`, members only): the page
 * downloads a podcast host's enclosure through it, stores it under this same-origin path, and the player
 * plays the downloaded episode from there (the worker answers it from {@link EPISODE_CACHE}).
 */
export function episodeAudioRelayPath(episodeId: number): string {
  return `/api/v1/podcast_episodes/${episodeId}/audio`;
}
/** The paths of {@link episodeAudioRelayPath}, for the service worker's audio route. */
export const EPISODE_AUDIO_RELAY_PATH = /^\/api\/v1\/podcast_episodes\/\d+\/audio$/;

/** The message a page posts to a waiting service worker when the version reload rule reloads it. */
export const SKIP_WAITING_MESSAGE = 'sportspyder:skip-waiting';
