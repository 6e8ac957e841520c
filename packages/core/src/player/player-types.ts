/**
 * The public types of the player engine: its states, snapshot, options and methods
 * ({@link createPlayer} builds one).
 * @module
 */
import type { EpisodeRef } from '@sportspyder/contract';
import type { PLAYBACK_SPEEDS, SKIP_BACK_S, SKIP_FORWARD_S, VOLUME_SAVE_DEBOUNCE_MS } from '../constants.js';
import type { Timers } from '../environment.js';
import type { LocalEpisode, PlayerMemory } from '../player-memory.js';
import type { StorageAdapter } from '../storage.js';
import type { Observable } from '../store.js';
import type { Transport } from '../transport.js';
import type { EpisodeContext } from './episode-events.js';
import type { htmlAudioAdapter, MediaAdapter } from './media-adapter.js';
import type { PlayableEpisode } from './memory-ops.js';
import type { createPlayer } from './player.js';

/**
 * Where the player stands: no episode ('idle'), starting ('loading'), 'playing', 'paused',
 * stalled while playing ('buffering') or unable to load the audio ('error').
 */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'buffering' | 'error';

/** The audio failure message (spec 1 §8). */
export interface PlayerError {
  /** "Sorry, we couldn't play this podcast". */
  text: string;
  /** "It may have been removed by the publisher". */
  hint: string;
}

/** Everything a player UI shows; a new frozen object after every change. */
export interface PlayerSnapshot {
  /** The state machine's state. */
  status: PlayerStatus;
  /** The loaded episode, or null when idle. */
  episode: LocalEpisode | null;
  /** Position in seconds (one decimal). */
  time: number;
  /** Length in seconds, or null while unknown. */
  duration: number | null;
  /** Playback speed, one of {@link PLAYBACK_SPEEDS}. */
  speed: number;
  /** Volume from 0 to 1. */
  volume: number;
  /** Whether the mobile player is expanded. */
  expanded: boolean;
  /** "Buffering..." while buffering, else null. */
  label: string | null;
  /** The audio failure message while in 'error', else null. */
  error: PlayerError | null;
  /** The episode before this one (from the last event answer), or null. */
  previous: EpisodeRef | null;
  /** The episode after this one (from the last event answer), or null. */
  next: EpisodeRef | null;
  /** False disables the previous button. */
  hasPrevious: boolean;
  /** False disables the next button. */
  hasNext: boolean;
  /** True once the loaded episode counts as completed on this device. */
  completed: boolean;
  /** Listened share in whole percent, capped at 100. */
  progressPercent: number;
  /** Time left at the current speed, e.g. '12m left'; '' when unknown. */
  remainingLabel: string;
  /** Speed badge: '' at 1x, e.g. '1.5x'. */
  speedLabel: string;
}

/** Options of one {@link Player.play} call. */
export interface PlayOptions {
  /** Start at this position (a deep link's `?t=`); wins over local and server times. */
  time?: number | undefined;
  /** The page context of this play (sent as ctype/cid); default: the player's `context` option. */
  context?: EpisodeContext | null | undefined;
  /** True when continuing automatically (sent as `auto`). */
  auto?: boolean | undefined;
}

/** What {@link createPlayer} needs; browser facilities are injected. */
export interface PlayerOptions {
  /** The audio element adapter ({@link htmlAudioAdapter} in browsers, `createFakeMedia()` in tests). */
  media: MediaAdapter;
  /** Where the local player memory lives (spec 1 §3). */
  storage: StorageAdapter;
  /** The API transport (`client.api`). */
  transport: Transport;
  /** The device hash (`client.deviceHash`). */
  hash: string;
  /** Timers (default: the global ones; vitest fake timers apply). */
  timers?: Timers | undefined;
  /** The clock in ms (default `Date.now`); drives the pause-reload and auto-continue windows. */
  now?: (() => number) | undefined;
  /** 1 on mobile, 0 on desktop (default: from `innerWidth`). */
  platform?: (() => 0 | 1) | undefined;
  /** The experiment variant of the page load (default null). */
  variant?: (() => number | null) | undefined;
  /** Subscribes to the browser's `online` event (default: `window`'s); returns the unsubscribe. */
  online?: ((listener: () => void) => () => void) | undefined;
  /** Subscribes to the page being left (default: `window`'s `pagehide`); returns the unsubscribe. */
  pageHide?: ((listener: () => void) => () => void) | undefined;
  /** The page context sent with play events (a team or sport page), or a function returning it. */
  context?: EpisodeContext | null | (() => EpisodeContext | null) | undefined;
  /** The server's saved times by episode id (the session's `podcastListens.times`). */
  serverTimes?: (() => Readonly<Record<string, number>> | null | undefined) | undefined;
  /** Called after a play that added the episode to the recents was recorded (refetch listens). */
  onListensChanged?: (() => void) | undefined;
  /**
   * The URL the media element loads for an episode (default: its enclosure). The site passes core
   * `playableAudioUrl`, so an episode downloaded through the server's relay plays from its stored copy.
   */
  audioUrl?: ((episode: LocalEpisode) => string) | undefined;
}

/** The player engine. */
export interface Player extends Observable<PlayerSnapshot> {
  /**
   * Plays `episode` (switching to it when another is loaded), or resumes the loaded episode when
   * called without one. Resolves once the media accepted or refused to play.
   */
  play(episode?: PlayableEpisode, options?: PlayOptions): Promise<void>;
  /** Loads `episode` without playing it (paused at its saved time, or `time`). */
  load(episode: PlayableEpisode, time?: number): void;
  /** Pauses and sends a pause event. */
  pause(): void;
  /** Pauses when playing or starting, plays otherwise. */
  toggle(): Promise<void>;
  /** Moves to `time` clamped to 0..duration and sends a seek event. */
  seek(time: number): void;
  /** Rewinds {@link SKIP_BACK_S} seconds. */
  skipBack(): void;
  /** Advances {@link SKIP_FORWARD_S} seconds. */
  skipForward(): void;
  /** Sets the speed; false (and nothing changes) unless it is one of {@link PLAYBACK_SPEEDS}. */
  setSpeed(speed: number): boolean;
  /** Moves to the next speed of {@link PLAYBACK_SPEEDS} (wrapping) and returns it. */
  cycleSpeed(): number;
  /** Sets the volume clamped to 0..1; saved after {@link VOLUME_SAVE_DEBOUNCE_MS}. */
  setVolume(volume: number): void;
  /** Plays the previous episode, when there is one. */
  previous(): Promise<void>;
  /** Plays the next episode, when there is one. */
  next(): Promise<void>;
  /** Stops, clears the episode, remembers its id as closed and sends a pause event. */
  close(): void;
  /** Expands the mobile player. */
  expand(): void;
  /** Collapses the mobile player (the site calls this on navigation). */
  collapse(): void;
  /** The local player memory as stored now. */
  getMemory(): PlayerMemory;
  /** Stops timers and listeners (the media element is left as is). */
  destroy(): void;
}
