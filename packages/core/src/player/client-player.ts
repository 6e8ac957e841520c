/**
 * The player wired to the client (spec 1 §4.1, §4.4): one engine per client over the page's audio
 * element, with the client's storage, transport and device hash, the session's saved server times,
 * listens refetched after a play that added a recent, the Media Session, and the server's current
 * episode restored (paused) after the first session read when the device has none. The site's
 * player bar and every play button share this one instance, so playback survives navigation.
 * @module
 */
import type { SportSpyderClient } from '../client.js';
import { mountPlayerAudio } from './html-audio-adapter.js';
import { PODCAST_LISTENS_PATH } from './listen-resources.js';
import type { MediaAdapter } from './media-adapter.js';
import { attachMediaSession, type MediaSessionLike } from './media-session.js';
import { createPlayer } from './player.js';
import type { Player, PlayerOptions } from './player-types.js';
import { restoreServerEpisode } from './restore-server-episode.js';

/** The client slice {@link clientPlayer} uses. */
export type PlayerClient = Pick<SportSpyderClient, 'api' | 'cache' | 'session' | 'storage' | 'deviceHash'> &
  Partial<Pick<SportSpyderClient, 'variant'>>;

/** Options of {@link clientPlayer} (used only when the client's player is created). */
export interface ClientPlayerOptions {
  /** The media adapter (default: the page's `<audio data-sportspyder-player>` element). */
  media?: MediaAdapter | undefined;
  /** The Media Session (default `navigator.mediaSession`; null disables it). */
  mediaSession?: MediaSessionLike | null | undefined;
  /** Extra engine options (timers, clock, platform, context...). */
  engine?: Partial<Omit<PlayerOptions, 'media' | 'storage' | 'transport' | 'hash'>> | undefined;
}

const players = new WeakMap<object, Player>();

/**
 * The client's one player, created on first use: later calls return the same instance, so a
 * remounted component never starts a second stream.
 *
 * @example
 * ```ts
 * const player = clientPlayer(client);
 * await player.play(episode, { context: { ctype: 'Team', cid: team.id } });
 * ```
 */
export function clientPlayer(client: PlayerClient, options: ClientPlayerOptions = {}): Player {
  const existing = players.get(client);
  if (existing) return existing;
  const player = createPlayer({
    ...options.engine,
    media: options.media ?? mountPlayerAudio().media,
    storage: client.storage,
    transport: client.api,
    hash: client.deviceHash,
    // The play events carry the page load's experiment variant (spec 1 §7 `v`).
    variant: options.engine?.variant ?? (() => client.variant?.() ?? null),
    serverTimes: () => client.session.getSnapshot().user?.podcastListens?.times,
    onListensChanged: () => {
      void client.cache.invalidate(PODCAST_LISTENS_PATH);
      options.engine?.onListensChanged?.();
    },
  });
  players.set(client, player);
  if (options.mediaSession !== null) attachMediaSession(player, options.mediaSession);
  // The first session read merges the server's listening data; its current episode is then loaded.
  void client.session
    .load()
    .then(() => restoreServerEpisode(player, client.storage, client.api))
    .catch(() => undefined);
  return player;
}

/** Forgets the client's player (tests and hot reload): stops its timers and listeners. */
export function releaseClientPlayer(client: PlayerClient): void {
  const player = players.get(client);
  if (!player) return;
  player.destroy();
  players.delete(client);
}
