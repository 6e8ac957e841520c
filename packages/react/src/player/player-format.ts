/**
 * Time formatting of the player: a clock ("1:05", "1:02:03") for positions and durations, and the
 * slider's spoken value ("1:05 of 45:00").
 * @module
 */

/**
 * A position in seconds as "m:ss" or "h:mm:ss" ("0:00" for unknown values).
 *
 * @example
 * ```ts
 * formatClock(65); // '1:05'
 * formatClock(3723); // '1:02:03'
 * ```
 */
export function formatClock(seconds: number | null | undefined): string {
  const total = seconds != null && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The seek slider's spoken value: "1:05 of 45:00" (or just the position while the length is unknown). */
export function seekValueText(time: number, duration: number | null | undefined): string {
  return duration ? `${formatClock(time)} of ${formatClock(duration)}` : formatClock(time);
}
