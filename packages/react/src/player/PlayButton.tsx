/**
 * The play button of an episode (spec 3 "play button states"): Play; Loading and Playing show
 * Pause (Loading with a spinner ring); Completed shows a check and plays the episode again.
 * @module
 */
import type { PlayButtonState } from '@sportspyder/core';
import { PlayerIcon } from './PlayerIcons.js';

/** Props of {@link PlayButton}. */
export interface PlayButtonProps {
  /** The button's state (`playButtonState()` of core). */
  state: PlayButtonState;
  /** Plays or pauses. */
  onClick: () => void;
  /** The episode title, for the accessible name ("Play {title}"). */
  title?: string | undefined;
  /** Shows the state as text beside the icon ("Play", "Pause", "Completed"). */
  showText?: boolean | undefined;
  /** Icon size in px (default 20). */
  size?: number | undefined;
  /** Extra class names. */
  className?: string | undefined;
}

const TEXT: Record<PlayButtonState, string> = {
  play: 'Play',
  loading: 'Pause',
  playing: 'Pause',
  completed: 'Completed',
};

/**
 * The accessible name of a play button in `state` for an episode titled `title`.
 *
 * @example
 * ```ts
 * playButtonLabel('playing', 'Week 1 recap'); // 'Pause Week 1 recap'
 * ```
 */
export function playButtonLabel(state: PlayButtonState, title?: string): string {
  const verb =
    state === 'loading' || state === 'playing' ? 'Pause' : state === 'completed' ? 'Play again' : 'Play';
  return title ? `${verb} ${title}` : verb;
}

/**
 * An episode's play / pause button.
 *
 * @example
 * ```tsx
 * <PlayButton state={playButtonState(episode.id, snapshot, memory)} title={episode.title} onClick={toggle} />
 * ```
 */
export function PlayButton({
  state,
  onClick,
  title,
  showText = false,
  size = 20,
  className,
}: PlayButtonProps) {
  const active = state === 'loading' || state === 'playing';
  return (
    <button
      type="button"
      className={`ss-play-button is-${state}${className ? ` ${className}` : ''}`}
      aria-label={playButtonLabel(state, title)}
      aria-pressed={active}
      aria-busy={state === 'loading' || undefined}
      data-state={state}
      onClick={onClick}
    >
      <span className="ss-play-button__icon">
        <PlayerIcon name={active ? 'pause' : state === 'completed' ? 'check' : 'play'} size={size} />
      </span>
      {showText && <span className="ss-play-button__text">{TEXT[state]}</span>}
    </button>
  );
}
