/**
 * The playback speed picker: a native select over the speeds the core allows (1.0 to 2.5), so
 * keyboards and screen readers get the platform's own list.
 * @module
 */
import { PLAYBACK_SPEEDS } from '@sportspyder/core';

/** Props of {@link SpeedSelect}. */
export interface SpeedSelectProps {
  /** The current speed. */
  speed: number;
  /** Sets a speed from the list. */
  onChange: (speed: number) => void;
}

/** A speed as shown in the list: "1x", "1.5x". */
export function speedOptionLabel(speed: number): string {
  return `${speed}x`;
}

/**
 * The speed select.
 *
 * @example
 * ```tsx
 * <SpeedSelect speed={snapshot.speed} onChange={(s) => player.setSpeed(s)} />
 * ```
 */
export function SpeedSelect({ speed, onChange }: SpeedSelectProps) {
  return (
    <label className="ss-speed">
      <span className="ss-visually-hidden">Playback speed</span>
      <select
        className="ss-speed__select"
        value={String(speed)}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {PLAYBACK_SPEEDS.map((value) => (
          <option key={value} value={String(value)}>
            {speedOptionLabel(value)}
          </option>
        ))}
      </select>
    </label>
  );
}
