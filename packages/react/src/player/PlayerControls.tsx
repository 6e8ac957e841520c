/**
 * The transport row of the player: previous, skip back 10 s, play/pause, skip forward 30 s and
 * next. Previous and next are disabled when there is no such episode (spec 1 §4.4).
 * @module
 */
import { SKIP_BACK_S, SKIP_FORWARD_S } from '@sportspyder/core';
import { PlayerIcon } from './PlayerIcons.js';

/** The player state the controls read (a `PlayerSnapshot` satisfies it). */
export interface PlayerControlsState {
  /** The engine status. */
  status: string;
  /** Whether a previous episode exists. */
  hasPrevious: boolean;
  /** Whether a next episode exists. */
  hasNext: boolean;
}

/** The player methods the controls call (a core `Player` satisfies it). */
export interface PlayerControlsActions {
  /** Plays or pauses. */
  toggle(): unknown;
  /** Plays the previous episode. */
  previous(): unknown;
  /** Plays the next episode. */
  next(): unknown;
  /** Rewinds 10 s. */
  skipBack(): void;
  /** Advances 30 s. */
  skipForward(): void;
}

/** Props of {@link PlayerControls}. */
export interface PlayerControlsProps {
  /** The player state. */
  state: PlayerControlsState;
  /** The player. */
  actions: PlayerControlsActions;
  /** Leaves out previous and next (compact forms). */
  hideTrackButtons?: boolean | undefined;
}

/** True while the player plays or is about to (the main button shows Pause). */
export function isPlayerActive(status: string): boolean {
  return status === 'playing' || status === 'loading' || status === 'buffering';
}

/**
 * The transport buttons.
 *
 * @example
 * ```tsx
 * <PlayerControls state={snapshot} actions={player} />
 * ```
 */
export function PlayerControls({ state, actions, hideTrackButtons = false }: PlayerControlsProps) {
  const active = isPlayerActive(state.status);
  return (
    <div className="ss-player-controls">
      {!hideTrackButtons && (
        <button
          type="button"
          className="ss-player-button"
          aria-label="Previous episode"
          disabled={!state.hasPrevious}
          onClick={() => void actions.previous()}
        >
          <PlayerIcon name="previous" />
        </button>
      )}
      <button
        type="button"
        className="ss-player-button ss-player-button--skip"
        aria-label={`Back ${SKIP_BACK_S} seconds`}
        onClick={() => actions.skipBack()}
      >
        <PlayerIcon name="back10" />
        <span className="ss-player-button__num" aria-hidden="true">
          {SKIP_BACK_S}
        </span>
      </button>
      <button
        type="button"
        className={`ss-player-button ss-player-button--main${state.status === 'loading' || state.status === 'buffering' ? ' is-loading' : ''}`}
        aria-label={active ? 'Pause' : 'Play'}
        onClick={() => void actions.toggle()}
      >
        <PlayerIcon name={active ? 'pause' : 'play'} size={26} />
      </button>
      <button
        type="button"
        className="ss-player-button ss-player-button--skip"
        aria-label={`Forward ${SKIP_FORWARD_S} seconds`}
        onClick={() => actions.skipForward()}
      >
        <PlayerIcon name="forward30" />
        <span className="ss-player-button__num" aria-hidden="true">
          {SKIP_FORWARD_S}
        </span>
      </button>
      {!hideTrackButtons && (
        <button
          type="button"
          className="ss-player-button"
          aria-label="Next episode"
          disabled={!state.hasNext}
          onClick={() => void actions.next()}
        >
          <PlayerIcon name="next" />
        </button>
      )}
    </div>
  );
}
