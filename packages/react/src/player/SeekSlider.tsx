/**
 * The seek slider with the elapsed and total times. Dragging moves the thumb locally and seeks once
 * on release (one seek event, not one per pixel); keyboard and programmatic changes seek at once.
 * @module
 */
import { useRef, useState } from 'react';
import { formatClock, seekValueText } from './player-format.js';

/** Props of {@link SeekSlider}. */
export interface SeekSliderProps {
  /** The position in seconds. */
  time: number;
  /** The length in seconds, or null while unknown (the slider is disabled). */
  duration: number | null;
  /** Seeks to a position in seconds. */
  onSeek: (time: number) => void;
  /** Hides the time labels (compact forms). */
  hideTimes?: boolean | undefined;
  /** Accessible name (default "Seek"). */
  label?: string | undefined;
}

/**
 * A range input over 0..duration.
 *
 * @example
 * ```tsx
 * <SeekSlider time={snapshot.time} duration={snapshot.duration} onSeek={(t) => player.seek(t)} />
 * ```
 */
export function SeekSlider({ time, duration, onSeek, hideTimes = false, label = 'Seek' }: SeekSliderProps) {
  const [dragValue, setDragValue] = useState<number | null>(null);
  const pointerDown = useRef(false);
  const max = duration && duration > 0 ? duration : 0;
  const shown = Math.min(dragValue ?? time, max || Number.POSITIVE_INFINITY);
  const percent = max ? Math.min(100, (shown / max) * 100) : 0;
  function commit() {
    pointerDown.current = false;
    if (dragValue !== null) {
      onSeek(dragValue);
      setDragValue(null);
    }
  }
  return (
    <div className="ss-seek">
      {!hideTimes && (
        <span className="ss-seek__time" data-testid="player-elapsed">
          {formatClock(shown)}
        </span>
      )}
      <input
        className="ss-seek__range"
        type="range"
        min={0}
        max={max}
        step={1}
        value={max ? shown : 0}
        disabled={!max}
        aria-label={label}
        aria-valuetext={seekValueText(shown, duration)}
        style={{ '--ss-seek-percent': `${percent}%` } as Record<string, string>}
        onPointerDown={() => {
          pointerDown.current = true;
        }}
        onPointerUp={commit}
        onBlur={commit}
        onChange={(event) => {
          const value = Number(event.currentTarget.value);
          if (pointerDown.current) setDragValue(value);
          else onSeek(value);
        }}
      />
      {!hideTimes && <span className="ss-seek__time ss-seek__time--total">{formatClock(duration)}</span>}
    </div>
  );
}
