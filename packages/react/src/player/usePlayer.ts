/**
 * Hooks over a core player: its snapshot, and the play-button state of one episode.
 * @module
 */
import { type PlayButtonState, type Player, type PlayerSnapshot, playButtonState } from '@sportspyder/core';
import { useStore } from '../hooks/useStore.js';

/**
 * The player's snapshot, re-rendering on every change.
 *
 * @example
 * ```tsx
 * const snapshot = usePlayerSnapshot(player);
 * ```
 */
export function usePlayerSnapshot(player: Player): PlayerSnapshot {
  return useStore(player);
}

/**
 * The play-button state of episode `episodeId`: Loading or Playing while it is the player's
 * episode and starting or playing, Completed once the device finished it, else Play.
 *
 * @example
 * ```tsx
 * const state = useEpisodePlayState(player, episode.id);
 * ```
 */
export function useEpisodePlayState(player: Player, episodeId: number): PlayButtonState {
  const snapshot = useStore(player);
  return playButtonState(episodeId, snapshot, player.getMemory());
}
