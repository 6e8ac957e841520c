/**
 * Pure display and value rules of the player (spec 1 §5, §9): time to one decimal, clamping,
 * listen progress capped at 100 %, remaining time divided by the speed, the speed badge and the
 * state of an episode's play button.
 * @module
 */
import { LISTEN_PROGRESS_CAP_PERCENT, PLAYBACK_TIME_DECIMALS } from '../constants.js';

const TIME_FACTOR = 10 ** PLAYBACK_TIME_DECIMALS;

/** Rounds a playback time to one decimal (spec 1 §5); non-finite values become 0. */
export function roundTime(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.round(seconds * TIME_FACTOR) / TIME_FACTOR;
}

/** Clamps `value` to `min..max`; NaN becomes `min`. */
export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(Math.max(value, min), max);
}

/**
 * The listened share of an episode in whole percent, capped at 100; 0 when the duration is unknown.
 *
 * @example
 * ```ts
 * listenProgressPercent(30, 120); // 25
 * listenProgressPercent(130, 120); // 100
 * ```
 */
export function listenProgressPercent(time: number, duration: number | null | undefined): number {
  if (!duration || !Number.isFinite(duration) || duration <= 0 || !Number.isFinite(time)) return 0;
  return clamp(Math.round((time / duration) * 100), 0, LISTEN_PROGRESS_CAP_PERCENT);
}

/**
 * The time left at the current speed, in the largest unit that applies: '1h 5m left', '12m left',
 * '45s left'; '' when the duration is unknown.
 *
 * @example
 * ```ts
 * remainingLabel(0, 3900, 1); // '1h 5m left'
 * remainingLabel(0, 1440, 2); // '12m left'
 * ```
 */
export function remainingLabel(time: number, duration: number | null | undefined, speed = 1): string {
  if (!duration || !Number.isFinite(duration) || duration <= 0) return '';
  const rate = speed > 0 && Number.isFinite(speed) ? speed : 1;
  const left = Math.max(0, duration - (Number.isFinite(time) ? time : 0)) / rate;
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (hours > 0) return `${hours}h ${minutes}m left`;
  if (minutes > 0) return `${minutes}m left`;
  return `${Math.floor(left)}s left`;
}

/**
 * The speed badge: '' at normal speed (or below), e.g. '1.5x' above it.
 *
 * @example
 * ```ts
 * speedLabel(1); // ''
 * speedLabel(2); // '2x'
 * ```
 */
export function speedLabel(speed: number): string {
  return speed > 1 ? `${speed}x` : '';
}

/** What an episode's play button shows. */
export type PlayButtonState = 'play' | 'loading' | 'playing' | 'completed';

/** The part of a player snapshot {@link playButtonState} reads. */
export interface PlayButtonPlayerState {
  /** The player status. */
  status: string;
  /** The loaded episode, if any. */
  episode: { id: number } | null;
}

/**
 * The state of the play button of episode `episodeId` (spec 3 "play button states"): 'loading'
 * or 'playing' when it is the player's episode and starting or playing, 'completed' when the
 * device finished it, otherwise 'play'.
 *
 * @example
 * ```ts
 * playButtonState(episode.id, player.getSnapshot(), player.getMemory()); // 'play'
 * ```
 */
export function playButtonState(
  episodeId: number,
  snapshot: PlayButtonPlayerState,
  memory: { readonly completed: readonly number[] },
): PlayButtonState {
  if (snapshot.episode?.id === episodeId) {
    if (snapshot.status === 'loading' || snapshot.status === 'buffering') return 'loading';
    if (snapshot.status === 'playing') return 'playing';
  }
  return memory.completed.includes(episodeId) ? 'completed' : 'play';
}
