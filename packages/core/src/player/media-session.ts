/**
 * Media Session API glue: shows the playing episode on the lock screen, the notification shade and
 * hardware keys (title, podcast, artwork) and routes their play, pause, seek, previous and next
 * actions to the player. A no-op where the browser lacks the API.
 * @module
 */
import { SKIP_BACK_S, SKIP_FORWARD_S } from '../constants.js';
import type { Player, PlayerSnapshot } from './player-types.js';

/** The media session actions the player handles. */
export type PlayerMediaAction =
  | 'play'
  | 'pause'
  | 'seekbackward'
  | 'seekforward'
  | 'seekto'
  | 'previoustrack'
  | 'nexttrack';

/** Details passed to an action handler (`seekOffset` and `seekTime` in seconds). */
export interface MediaActionDetails {
  /** Requested skip for seekbackward/seekforward. */
  seekOffset?: number | null;
  /** Target position for seekto. */
  seekTime?: number | null;
}

/** Metadata shown by the operating system. */
export interface MediaMetadataInit {
  /** Episode title. */
  title: string;
  /** The podcast title. */
  artist: string;
  /** The podcast name again (some platforms show album, not artist). */
  album: string;
  /** Artwork images. */
  artwork: { src: string }[];
}

/** The parts of `navigator.mediaSession` the player uses. */
export interface MediaSessionLike {
  /** The displayed metadata (a `MediaMetadata`), or null. */
  metadata: unknown;
  /** 'none', 'paused' or 'playing'. */
  playbackState?: string;
  /** Sets or clears (null) the handler of an action; throws for actions the browser lacks. */
  setActionHandler(action: PlayerMediaAction, handler: ((details: MediaActionDetails) => void) | null): void;
  /** Updates the position shown by the system (optional). */
  setPositionState?(state?: { duration: number; position: number; playbackRate: number }): void;
}

/** Options of {@link attachMediaSession}. */
export interface MediaSessionOptions {
  /** Builds the metadata object (default: `new MediaMetadata(init)` when defined, else the plain init). */
  createMetadata?: (init: MediaMetadataInit) => unknown;
}

function defaultSession(): MediaSessionLike | undefined {
  return (globalThis as { navigator?: { mediaSession?: MediaSessionLike } }).navigator?.mediaSession;
}

function defaultMetadata(init: MediaMetadataInit): unknown {
  const Ctor = (globalThis as { MediaMetadata?: new (init: MediaMetadataInit) => unknown }).MediaMetadata;
  return Ctor ? new Ctor(init) : init;
}

/**
 * Connects `player` to the Media Session (default `navigator.mediaSession`); returns the function
 * that disconnects it. Previous/next handlers are only set while such an episode exists.
 *
 * @example
 * ```ts
 * const detach = attachMediaSession(player);
 * // later
 * detach();
 * ```
 */
export function attachMediaSession(
  player: Player,
  session: MediaSessionLike | null | undefined = defaultSession(),
  options: MediaSessionOptions = {},
): () => void {
  if (!session || typeof session.setActionHandler !== 'function') return () => undefined;
  const createMetadata = options.createMetadata ?? defaultMetadata;

  function setHandler(action: PlayerMediaAction, handler: ((details: MediaActionDetails) => void) | null) {
    try {
      session?.setActionHandler(action, handler);
    } catch {
      // Browsers throw for actions they do not support; the others still work.
    }
  }

  setHandler('play', () => void player.play());
  setHandler('pause', () => player.pause());
  setHandler('seekbackward', (details) => {
    player.seek(player.getSnapshot().time - (details.seekOffset ?? SKIP_BACK_S));
  });
  setHandler('seekforward', (details) => {
    player.seek(player.getSnapshot().time + (details.seekOffset ?? SKIP_FORWARD_S));
  });
  setHandler('seekto', (details) => {
    if (typeof details.seekTime === 'number') player.seek(details.seekTime);
  });

  let shownEpisodeId: number | null | undefined;
  let hadPrevious: boolean | undefined;
  let hadNext: boolean | undefined;

  function sync(snapshot: PlayerSnapshot): void {
    if (!session) return;
    const id = snapshot.episode?.id ?? null;
    if (id !== shownEpisodeId) {
      shownEpisodeId = id;
      const episode = snapshot.episode;
      session.metadata = episode
        ? createMetadata({
            title: episode.title,
            artist: episode.podcastTitle,
            album: episode.podcastTitle,
            artwork: episode.imageUrl ? [{ src: episode.imageUrl }] : [],
          })
        : null;
    }
    const state = !snapshot.episode
      ? 'none'
      : snapshot.status === 'playing' || snapshot.status === 'buffering' || snapshot.status === 'loading'
        ? 'playing'
        : 'paused';
    if (session.playbackState !== state) session.playbackState = state;
    if (snapshot.duration && session.setPositionState) {
      try {
        session.setPositionState({
          duration: snapshot.duration,
          position: Math.min(snapshot.time, snapshot.duration),
          playbackRate: snapshot.speed,
        });
      } catch {
        // An inconsistent state (position past a changed duration) is skipped, not fatal.
      }
    }
    if (snapshot.hasPrevious !== hadPrevious) {
      hadPrevious = snapshot.hasPrevious;
      setHandler('previoustrack', snapshot.hasPrevious ? () => void player.previous() : null);
    }
    if (snapshot.hasNext !== hadNext) {
      hadNext = snapshot.hasNext;
      setHandler('nexttrack', snapshot.hasNext ? () => void player.next() : null);
    }
  }

  sync(player.getSnapshot());
  const unsubscribe = player.subscribe(() => sync(player.getSnapshot()));
  return () => {
    unsubscribe();
    for (const action of [
      'play',
      'pause',
      'seekbackward',
      'seekforward',
      'seekto',
      'previoustrack',
      'nexttrack',
    ] as const) {
      setHandler(action, null);
    }
    session.metadata = null;
  };
}
