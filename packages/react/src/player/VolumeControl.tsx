/**
 * The volume control: a mute toggle (restoring the level it muted) and a 0..1 slider.
 * @module
 */
import { useRef } from 'react';
import { PlayerIcon } from './PlayerIcons.js';

/** Props of {@link VolumeControl}. */
export interface VolumeControlProps {
  /** The volume from 0 to 1. */
  volume: number;
  /** Sets the volume (the engine clamps and debounces the save). */
  onChange: (volume: number) => void;
  /** Hides the slider (the mute button alone). */
  hideSlider?: boolean | undefined;
}

/**
 * Mute button plus slider.
 *
 * @example
 * ```tsx
 * <VolumeControl volume={snapshot.volume} onChange={(v) => player.setVolume(v)} />
 * ```
 */
export function VolumeControl({ volume, onChange, hideSlider = false }: VolumeControlProps) {
  const lastAudible = useRef(volume > 0 ? volume : 0.5);
  if (volume > 0) lastAudible.current = volume;
  const muted = volume <= 0;
  return (
    <div className="ss-volume">
      <button
        type="button"
        className="ss-player-button"
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        onClick={() => onChange(muted ? lastAudible.current : 0)}
      >
        <PlayerIcon name={muted ? 'muted' : 'volume'} />
      </button>
      {!hideSlider && (
        <input
          className="ss-volume__range"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={volume}
          aria-label="Volume"
          aria-valuetext={`${Math.round(volume * 100)}%`}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
        />
      )}
    </div>
  );
}
